package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Delivery order of broadcast controllers, async and sync (dart-semantics §6.3, §6.8, §9.9). */
class BroadcastDeliveryOrderTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("async broadcast, two listeners: A1 B1 A2 B2, other microtasks interleave")
  void asyncInterleavesPerListener() {
    // broadcast_stream_controller.dart _AsyncBroadcastStreamController._sendData: each listener
    // gets its own _DelayedData (_addPending), delivered one per microtask (§6.8 worked example).
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 5)); // A
          b.stream().listen(v -> ex.expect(v == 1 ? 3 : 6)); // B
          b.add(1);
          b.add(2);
          scheduleMicrotask(() -> ex.expect(4)); // queued after A1 and B1, before A2 and B2
          ex.expect(1);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("sync broadcast delivers to every listener inside add(), in subscription order")
  void syncDeliversInsideAdd() {
    // _SyncBroadcastStreamController._sendData -> _forEachListener: subscription._add(data).
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream().listen(v -> ex.expect(v == 1 ? 1 : 4)); // A
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 5)); // B
          b.add(1);
          ex.expect(3);
          b.add(2);
          ex.expect(6);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("a paused listener buffers its own events; the others are not held up")
  void pausedListenerBuffersAlone() {
    // _BroadcastSubscription is a _BufferingStreamSubscription: paused -> _addPending; the
    // controller itself is never paused (isPaused => false).
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          AtomicReference<StreamSubscription<Integer>> a = new AtomicReference<>();
          a.set(b.stream().listen(v -> ex.expect(5)));
          b.stream().listen(v -> ex.expect(1));
          a.get().pause();
          b.add(1); // B at once, A buffers
          ex.check(!b.isPaused(), "a broadcast controller is never paused");
          ex.expect(2);
          a.get().resume(); // A's buffered event comes in a microtask
          scheduleMicrotask(() -> ex.expect(6));
          ex.expect(3);
          ex.check(!a.get().isPaused(), "resumed");
          ex.expect(4);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("sync broadcast: a listener added during a delivery skips that event, gets the next")
  void listenerAddedWhileFiringSkipsTheEvent() {
    // _BroadcastStreamController._forEachListener flips the controller's event id before the loop;
    // _addListener gives a new listener the controller's (next) id, so _expectsEvent(id) is false.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream()
              .listen(
                  v -> {
                    if (v == 1) {
                      ex.expect(1); // A1
                      b.stream().listen(w -> ex.expect(6)); // C: only event 2
                    } else {
                      ex.expect(4); // A2
                    }
                  });
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 5)); // B
          b.add(1);
          ex.expect(3);
          b.add(2);
          ex.expect(7);
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("sync broadcast: a listener cancelled by an earlier one in the same delivery misses it")
  void cancelledDuringDeliveryMissesTheEvent() {
    // _recordCancel while not firing that subscription: _removeListener at once; the loop's
    // `next` was read after the earlier listener's delivery, so B is no longer reached.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          AtomicReference<StreamSubscription<Integer>> bSub = new AtomicReference<>();
          b.stream()
              .listen(
                  v -> {
                    ex.expect(1);
                    bSub.get().cancel();
                  });
          bSub.set(b.stream().listen(v -> ex.expectUnreached()));
          b.add(1);
          ex.expect(2);
        });
    ex.finish(3);
  }
}
