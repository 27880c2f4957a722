package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.assertThrowsText;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.RangeError;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamTransformer;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The operators check their arguments at the call, with Dart's texts: {@code
 * ArgumentError.notNull(name)} for a missing callback, {@code RangeError.checkNotNegative(count,
 * "count")} in {@code _SkipStream}.
 */
class OperatorArgumentsTest {

  private static void assertNotNull(String name, Executable call) {
    assertThrowsText(
        ArgumentError.class, "Invalid argument(s) (" + name + "): Must not be null", call);
  }

  @Test
  @DisplayName("null callbacks: Invalid argument(s) (<name>): Must not be null")
  void nullArguments() {
    Dart.run(
        () -> {
          DStream<Integer> s = DStream.empty();
          assertNotNull("convert", () -> s.map(null));
          assertNotNull("test", () -> s.where(null));
          assertNotNull("convert", () -> s.expand(null));
          assertNotNull("onError", () -> s.handleError((BiConsumer<Throwable, StackTrace>) null));
          assertNotNull("onError", () -> s.handleError((Consumer<Throwable>) null));
          assertNotNull("test", () -> s.takeWhile(null));
          assertNotNull("test", () -> s.skipWhile(null));
          assertNotNull("type", () -> s.cast(null));
          assertNotNull("convert", () -> s.asyncMap(null));
          assertNotNull("convert", () -> s.asyncExpand(null));
          assertNotNull("timeLimit", () -> s.timeout(null));
          assertNotNull("streamTransformer", () -> s.transform(null));
          assertNotNull(
              "bind",
              () -> StreamTransformer.fromBind((Function<DStream<Integer>, DStream<Integer>>) null));
        });
  }

  @Test
  @DisplayName("skip(-1): RangeError (count): Invalid value: Not greater than or equal to 0: -1")
  void skipNegative() {
    Dart.run(
        () ->
            assertThrowsText(
                RangeError.class,
                "RangeError (count): Invalid value: Not greater than or equal to 0: -1",
                () -> DStream.empty().skip(-1)));
  }
}
