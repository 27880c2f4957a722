package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DStream;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.testing.Log;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared helpers of the stream operator tests: a listener that logs every event, and controllers
 * whose hooks log, so a test can compare the whole order of events and hooks with Dart's.
 */
final class OperatorTesting {
  private OperatorTesting() {}

  /** The error the operator callbacks below throw: {@code Exception: boom}. */
  static final DartException BOOM = new DartException("boom");

  /** {@code f}, except that it throws {@link #BOOM} for {@code bad}. */
  static <R> Function<Integer, R> failingAt(int bad, Function<Integer, R> f) {
    return v -> {
      if (v == bad) {
        throw BOOM;
      }
      return f.apply(v);
    };
  }

  /** {@code test}, except that it throws {@link #BOOM} for {@code bad}. */
  static Predicate<Integer> testFailingAt(int bad, Predicate<Integer> test) {
    return failingAt(bad, test::test)::apply;
  }

  /**
   * Listens to {@code stream}, logging each data event as its value, each error as {@code error
   * <e>} and done as {@code done}.
   */
  static <T> StreamSubscription<T> record(DStream<T> stream, Log log) {
    return record(stream, log, "", false);
  }

  /** As {@link #record(DStream, Log)}, each line prefixed (to tell listeners apart). */
  static <T> StreamSubscription<T> record(
      DStream<T> stream, Log log, String prefix, boolean cancelOnError) {
    return stream.listen(
        value -> log.add(prefix + value),
        (Throwable error) -> log.add(prefix + "error " + error),
        () -> log.add(prefix + "done"),
        cancelOnError);
  }

  /** A sync controller whose hooks log {@code listen}, {@code pause}, {@code resume}, {@code cancel}. */
  static <T> StreamController<T> syncSource(Log log) {
    return hooked(StreamController.sync(), log);
  }

  /** An async controller whose hooks log as {@link #syncSource}'s. */
  static <T> StreamController<T> asyncSource(Log log) {
    return hooked(new StreamController<>(), log);
  }

  private static <T> StreamController<T> hooked(StreamController<T> controller, Log log) {
    return controller
        .onListen(() -> log.add("listen"))
        .onPause(() -> log.add("pause"))
        .onResume(() -> log.add("resume"))
        .onCancel(() -> log.add("cancel"));
  }

  /** Adds the values and closes: with an async controller, one event per microtask after. */
  @SafeVarargs
  static <T> void addAll(StreamController<T> controller, T... values) {
    for (T value : values) {
      controller.add(value);
    }
    controller.close();
  }

  /** Asserts that {@code call} throws a {@code type} whose {@code toString()} is {@code text}. */
  static void assertThrowsText(Class<? extends Throwable> type, String text, Executable call) {
    assertEquals(text, assertThrows(type, call).toString());
  }
}
