package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.UnsupportedError;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** onListen / onCancel of broadcast controllers; no pause hooks (dart-semantics §6.3). */
class BroadcastHooksTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("onListen on the first listen, onCancel on the last cancel, and again")
  void firstListenLastCancel() {
    // _BroadcastStreamController._subscribe: onListen when the new subscription is the only one;
    // _recordCancel: _callOnCancel when the list becomes empty.
    Dart.run(
        () -> {
          int[] hooks = new int[2];
          StreamController<Integer> b =
              StreamController.broadcast(() -> hooks[0]++, () -> hooks[1]++);
          StreamSubscription<Integer> a = b.stream().listen(v -> {});
          ex.checkEquals(1, hooks[0], "onListen inside the first listen");
          StreamSubscription<Integer> c = b.stream().listen(v -> {});
          ex.checkEquals(1, hooks[0], "not for the second listener");
          a.cancel();
          ex.checkEquals(0, hooks[1], "one listener left");
          c.cancel();
          ex.checkEquals(1, hooks[1], "onCancel inside the last cancel");
          b.stream().listen(v -> {});
          ex.checkEquals(2, hooks[0], "onListen again for a new first listener");
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("sync: onCancel of a listener cancelled during a delivery waits for the loop's end")
  void onCancelAfterFiringLoop() {
    // _recordCancel while the subscription is firing: _setRemoveAfterFiring; _forEachListener
    // calls _callOnCancel after the loop once the list is empty.
    Dart.run(
        () -> {
          StreamSubscription<?>[] subs = new StreamSubscription<?>[2];
          StreamController<Integer> b =
              StreamController.broadcast(null, () -> ex.expect(3), true);
          subs[0] =
              b.stream()
                  .listen(
                      v -> {
                        ex.expect(1);
                        subs[0].cancel();
                      });
          subs[1] =
              b.stream()
                  .listen(
                      v -> {
                        ex.expect(2);
                        subs[1].cancel();
                      });
          b.add(1);
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("cancel() returns a completed future even if onCancel returns one that never completes")
  void cancelFutureIgnoresOnCancelResult() {
    // _BroadcastStreamController._recordCancel returns null (_runGuarded(onCancel) drops the
    // result), so cancel() returns Future._nullFuture.
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.<Integer>broadcast()
                  .onCancel(
                      () -> {
                        ex.expect(1);
                        return new dev.dartasync.Completer<Void>().future(); // never completes
                      });
          b.stream().listen(v -> {}).cancel().thenAccept(v -> ex.expect(3));
          ex.expect(2);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("onPause/onResume: Unsupported operation: Broadcast stream controllers do not ...")
  void noPauseHooks() {
    // _BroadcastStreamController.onPause/onResume setters throw UnsupportedError.
    String text =
        "Unsupported operation: Broadcast stream controllers do not support pause callbacks";
    StreamController<Integer> b = StreamController.broadcast();
    assertEquals(text, assertThrows(UnsupportedError.class, () -> b.onPause(() -> {})).toString());
    assertEquals(text, assertThrows(UnsupportedError.class, () -> b.onResume(null)).toString());
  }

  @Test
  @DisplayName("a throwing onListen goes to the zone's uncaught handling; listen still returns")
  void throwingOnListenIsGuarded() {
    // _runGuarded(onListen): Zone.current.handleUncaughtError(e, s).
    dev.dartasync.DartException boom = new dev.dartasync.DartException("boom");
    Dart.run(
        () ->
            Dart.runZonedGuarded(
                () -> {
                  StreamController<Integer> b =
                      StreamController.broadcast(
                          () -> {
                            throw boom;
                          },
                          null);
                  ex.check(b.stream().listen(v -> {}) != null, "subscription returned");
                  ex.expect(2);
                },
                (e, st) -> {
                  ex.checkSame(boom, e, "uncaught");
                  ex.expect(1);
                }));
    ex.finish(3);
  }
}
