package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Buffered events: one per microtask, rescheduled at the end of the microtask queue (§6.1, §9.5). */
class BufferedDeliveryTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("async controller: each buffered event costs its own microtask (1 m 2)")
  void oneMicrotaskPerEvent() {
    // stream_impl.dart _PendingEvents.schedule queues one microtask that runs handleNext (one
    // event); _BufferingStreamSubscription._checkState reschedules after it, at the queue's end.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream().listen(v -> ex.expect(v == 1 ? 2 : 4));
          c.add(1);
          c.add(2);
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("events added before the first listener are buffered and scheduled by listen")
  void bufferedBeforeListen() {
    // stream_controller.dart _StreamController._add/_closeUnchecked buffer in _PendingEvents while
    // in the initial state; _subscribe hands them over (_setPendingEvents schedules the first).
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.add(1);
          c.add(2);
          c.close().thenAccept(v -> ex.expect(7));
          scheduleMicrotask(() -> ex.expect(2)); // Queued before listen: nothing was scheduled yet.
          c.stream()
              .listen(v -> ex.expect(v == 1 ? 3 : 5), (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(6));
          scheduleMicrotask(() -> ex.expect(4));
          ex.expect(1);
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("pause and resume in the same tick reuse the queued microtask's slot")
  void pauseResumeReusesTheSlot() {
    // stream_impl.dart _PendingEvents: cancelSchedule only marks the queued microtask cancelled;
    // schedule() while it is still queued flips it back (no new microtask), so 1 comes before m.
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(4));
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expect(3));
          c.add(1);
          scheduleMicrotask(() -> ex.expect(5));
          s.pause();
          s.resume(); // Buffer not empty: input stays paused, no onResume yet.
          ex.expect(2);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("done is a buffered event of its own: one more microtask after the last data")
  void doneCostsAMicrotask() {
    // stream_impl.dart _DelayedDone is performed by handleNext like data.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream().listen(v -> ex.expect(2), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(4));
          c.add(1);
          c.close();
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(5);
  }
}
