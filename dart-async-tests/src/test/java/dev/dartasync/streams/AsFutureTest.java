package dev.dartasync.streams;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** StreamSubscription.asFuture (§6.1). */
class AsFutureTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("asFuture completes with the value synchronously inside the done delivery")
  void completesOnDone() {
    // stream_impl.dart asFuture: _onDone = () { result._complete(resultValue); }.
    Dart.run(
        () -> {
          DStream.fromIterable(List.of(1, 2))
              .listen(v -> ex.expect(v == 1 ? 1 : 2))
              .asFuture("end")
              .thenAccept(
                  v -> {
                    ex.checkEquals("end", v, "value");
                    ex.expect(3);
                  });
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("asFuture: an error cancels the subscription (onCancel first) and fails the future")
  void errorCancelsThenFails() {
    // stream_impl.dart asFuture: _onError cancels, then completes the result with the error.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> c =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(1));
          c.stream()
              .listen(v -> ex.expectUnreached())
              .asFuture()
              .catchErrorAccept(
                  e -> {
                    ex.checkSame(x, e, "error");
                    ex.expect(2);
                  });
          c.addError(x);
          ex.check(!c.hasListener(), "cancelled");
          ex.expect(3);
        });
    ex.finish(4);
  }
}
