package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** close(), done and listen after close on broadcast controllers (dart-semantics §6.3, §9.9). */
class BroadcastCloseTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("listen after close: no error, onDone in a microtask (close's future comes first)")
  void listenAfterCloseGetsDone() {
    // _BroadcastStreamController._subscribe: `if (isClosed) return _DoneStreamSubscription(onDone)`,
    // whose constructor schedules the done microtask. close() with no listener already queued
    // _doneFuture._asyncComplete(null) (_sendDone), so that microtask runs first.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.close().thenAccept(v -> ex.expect(2));
          StreamSubscription<Integer> s =
              b.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> {}, () -> ex.expect(3));
          ex.check(!b.hasListener(), "a done-only subscription is not a listener");
          ex.check(!s.isPaused(), "not paused");
          ex.expect(1);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("add/addError after close: Bad state: Cannot add new events after calling close")
  void addAfterClose() {
    // _BroadcastStreamController._addEventError: StateError("Cannot add new events after calling
    // close") (the single-subscription text "Cannot add event after closing" is not used here).
    Dart.run(
        () -> {
          for (boolean sync : new boolean[] {false, true}) {
            StreamController<Integer> b = StreamController.broadcast(sync);
            DFuture<Void> closed = b.close();
            StateError add = assertThrows(StateError.class, () -> b.add(1));
            assertEquals("Bad state: Cannot add new events after calling close", add.toString());
            StateError addError =
                assertThrows(StateError.class, () -> b.addError(new DartException("x")));
            assertEquals(
                "Bad state: Cannot add new events after calling close", addError.toString());
            assertSame(closed, b.close(), "close() again returns the done future");
            assertSame(closed, b.done(), "done is close()'s future");
            ex.check(b.isClosed(), "isClosed");
          }
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("async close with a listener: onCancel, onDone, then the close future")
  void asyncCloseOrder() {
    // The listener's _DelayedDone: _cancel() -> _recordCancel -> last listener gone ->
    // _callOnCancel: _doneFuture._asyncComplete(null) is queued, onCancel runs; then onDone.
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(null, () -> ex.expect(3), false);
          b.stream().listen(v -> ex.expect(2), (Throwable e) -> {}, () -> ex.expect(4));
          b.add(1);
          b.close().thenAccept(v -> ex.expect(5));
          ex.expect(1);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("sync close with two listeners: both onDone inside close(), then onCancel, then done")
  void syncCloseOrder() {
    // _SyncBroadcastStreamController._sendDone -> _forEachListener(_close): each listener cancels
    // while firing (REMOVE_AFTER_FIRING) and gets onDone; onCancel waits for the end of the loop.
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(null, () -> ex.expect(3), true);
          b.stream().listen(v -> {}, (Throwable e) -> {}, () -> ex.expect(1));
          b.stream().listen(v -> {}, (Throwable e) -> {}, () -> ex.expect(2));
          b.close().thenAccept(v -> ex.expect(6));
          ex.expect(4);
          ex.check(!b.hasListener(), "no listener after done");
          scheduleMicrotask(() -> ex.expect(7)); // the done future's microtask was queued first
          ex.expect(5);
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("done waits for a paused listener to get its done event")
  void doneWaitsForEveryListener() {
    // _doneFuture completes in _callOnCancel, i.e. once the last listener present at close left.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          StreamSubscription<Integer> s =
              b.stream().listen(v -> {}, (Throwable e) -> {}, () -> ex.expect(3));
          s.pause();
          b.close().thenAccept(v -> ex.expect(4));
          scheduleMicrotask(
              () -> {
                ex.expect(2); // paused: nothing delivered, done not complete
                s.resume();
              });
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("isBroadcast, hasListener; stream() objects are equal")
  void stateGetters() {
    // _BroadcastStream.isBroadcast => true; hasListener => !_isEmpty; _ControllerStream ==.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          ex.check(b.stream().isBroadcast(), "isBroadcast");
          ex.check(b.stream().equals(b.stream()), "equal streams");
          ex.check(!new StreamController<Integer>().stream().isBroadcast(), "single not broadcast");
          ex.check(!b.hasListener(), "no listener yet");
          StreamSubscription<Integer> s1 = b.stream().listen(v -> {});
          StreamSubscription<Integer> s2 = b.stream().listen(v -> {});
          ex.check(b.hasListener(), "listeners");
          s1.cancel();
          ex.check(b.hasListener(), "one left");
          s2.cancel();
          ex.check(!b.hasListener(), "none left");
          ex.check(!b.isPaused(), "never paused");
          ex.expect(1);
        });
    ex.finish(2);
  }
}
