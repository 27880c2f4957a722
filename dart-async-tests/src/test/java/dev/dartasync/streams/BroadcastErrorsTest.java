package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Error events on broadcast streams, with and without handlers (dart-semantics §6.1, §6.3). */
class BroadcastErrorsTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("an error reaches each listener: the handler, or the listener zone's uncaught handling")
  void errorPerListener() {
    // _AsyncBroadcastStreamController._sendError: a _DelayedError per subscription; a listener
    // without onError uses _nullErrorHandler -> its zone's handleUncaughtError.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream()
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e) -> {
                    ex.checkSame(x, e, "A's error");
                    ex.expect(2);
                  });
          runZonedGuarded(
              () -> {
                b.stream().listen(v -> ex.expectUnreached());
              },
              (e, st) -> {
                ex.checkSame(x, e, "B's uncaught error");
                ex.expect(3);
              });
          b.addError(x);
          ex.expect(1);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("sync: cancelOnError removes only that listener; the others keep getting events")
  void cancelOnErrorRemovesOneListener() {
    // _BufferingStreamSubscription._sendError with cancelOnError: _cancel() -> _recordCancel; the
    // subscription is firing, so it is unlinked after the delivery (REMOVE_AFTER_FIRING).
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(null, () -> ex.expectUnreached(), true);
          b.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expect(1), null, true);
          b.stream()
              .listen(v -> ex.expect(4), (Throwable e) -> ex.expect(2), () -> ex.expectUnreached());
          b.addError(new DartException("x"));
          ex.expect(3);
          b.add(1);
          ex.check(b.hasListener(), "B still listens");
          ex.expect(5);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("addError(null): Invalid argument(s) (error): Must not be null")
  void nullError() {
    // _BroadcastStreamController.addError: checkNotNullable(error, "error").
    StreamController<Integer> b = StreamController.broadcast();
    ex.checkEquals(
        "Invalid argument(s) (error): Must not be null",
        org.junit.jupiter.api.Assertions.assertThrows(
                dev.dartasync.ArgumentError.class, () -> b.addError(null))
            .toString(),
        "text");
  }
}
