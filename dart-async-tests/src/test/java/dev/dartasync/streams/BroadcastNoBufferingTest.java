package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Broadcast controllers buffer nothing for absent listeners (dart-semantics §6.3, §9.9). */
class BroadcastNoBufferingTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("an event added with no listener is dropped; the listener gets only later events")
  void eventWithoutListenerIsDropped() {
    // _AsyncBroadcastStreamController._sendData loops over no subscriptions: nothing is kept.
    Dart.run(
        () -> {
          StreamController<String> b = StreamController.broadcast();
          b.add("login");
          b.stream().listen(e -> ex.checkEquals("purchase", e, "event") /* only one */);
          b.add("purchase");
          ex.expect(1);
          scheduleMicrotask(() -> ex.expect(2));
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("an error added with no listener is dropped, not reported as uncaught")
  void errorWithoutListenerIsDropped() {
    // co19 LibTest/async/StreamController/StreamController.broadcast_A03_t02: no listeners ->
    // addError is not an uncaught error. An uncaught error in the root zone would stop the isolate
    // from a priority microtask, and the microtask below would never run.
    Dart.run(
        () -> {
          StreamController<Integer> async = StreamController.broadcast();
          StreamController<Integer> sync = StreamController.broadcast(true);
          async.addError(new DartException("nobody listens"));
          sync.addError(new DartException("nobody listens"));
          scheduleMicrotask(() -> ex.expect(2));
          ex.expect(1);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("async: a listener added after add() but before delivery does not get that event")
  void lateListenerMissesQueuedEvent() {
    // co19 StreamController.broadcast_A06_t03: the event is queued per existing subscription at
    // add() time. A's queue holds 1 and 2, B's only 2: A1 B2 A2.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 4)); // A
          b.add(1);
          b.stream().listen(v -> ex.expect(v == 2 ? 3 : -1)); // B
          b.add(2);
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("sync: events before listen are gone, later ones arrive inside add()")
  void syncLateListener() {
    // _SyncBroadcastStreamController._sendData: `if (_isEmpty) return;`.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.add(1);
          b.add(2);
          b.stream().listen(v -> ex.checkEquals(3, v, "event"));
          ex.expect(1);
          b.add(3);
          ex.expect(2);
        });
    ex.finish(3);
  }
}
