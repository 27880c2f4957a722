package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Adding to a sync broadcast controller while it fires an event (dart-semantics §6.3). */
class BroadcastReentrantTest {

  private static final String FIRING =
      "Bad state: Cannot fire new event. Controller is already firing an event";

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("re-entrant add/addError/close with one listener throw the firing StateError")
  void oneListener() {
    // co19 StreamController.broadcast_A02_t01; _SyncBroadcastStreamController: _mayAddEvent is
    // false while _isFiring (also on the one-listener path, which sets _STATE_FIRING), and
    // _addEventError returns StateError("Cannot fire new event. Controller is already firing an
    // event").
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream()
              .listen(
                  v -> {
                    if (v == 3) {
                      ex.expect(3);
                      return;
                    }
                    ex.expect(1);
                    assertEquals(FIRING, assertThrows(StateError.class, () -> b.add(2)).toString());
                    assertEquals(
                        FIRING,
                        assertThrows(StateError.class, () -> b.addError(new DartException("e")))
                            .toString());
                    assertEquals(FIRING, assertThrows(StateError.class, b::close).toString());
                    ex.expect(2);
                  });
          b.add(1);
          ex.check(!b.isClosed(), "the failed close() did not close");
          b.add(3); // not firing any more: delivered at once
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("re-entrant add with two listeners throws; the event reaches both listeners once")
  void twoListeners() {
    // _BroadcastStreamController._forEachListener: `if (_isFiring) throw StateError(...)`.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream()
              .listen(
                  v -> {
                    ex.expect(1);
                    assertEquals(FIRING, assertThrows(StateError.class, () -> b.add(2)).toString());
                  });
          b.stream().listen(v -> ex.expect(2));
          b.add(1);
          ex.expect(3);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("async broadcast: add from inside a delivery is fine, delivered in a later microtask")
  void asyncReentrantAddIsQueued() {
    // _AsyncBroadcastStreamController never fires synchronously, so there is no firing state.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream()
              .listen(
                  v -> {
                    if (v == 1) {
                      ex.expect(2);
                      b.add(2);
                      // Queued before 2's delivery: the subscription schedules it after this
                      // callback returns (_checkState), as for any buffered event.
                      scheduleMicrotask(() -> ex.expect(3));
                    } else {
                      ex.expect(4);
                    }
                  });
          b.add(1);
          ex.expect(1);
        });
    ex.finish(5);
  }
}
