package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** pause buffers, resume delivers the buffer and only then resumes the input (§6.1, §9.7). */
class PauseResumeTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("pause buffers; resume delivers one per microtask; onResume after the buffer drains")
  void resumeDeliversThenOnResume() {
    // stream_impl.dart resume(): with events pending the input stays paused and delivery is
    // scheduled; _checkState clears inputPaused and calls _onResume once the buffer is empty.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(9));
          sub.set(c.stream().listen(v -> ex.expect(v == 1 ? 6 : 8)));
          sub.get().pause(); // onPause runs inside pause().
          c.add(1);
          c.add(2);
          ex.expect(2);
          scheduleMicrotask(
              () -> {
                ex.expect(3);
                sub.get().resume();
                ex.check(!sub.get().isPaused(), "subscription no longer paused");
                ex.check(c.isPaused(), "controller input still paused while the buffer drains");
                ex.expect(4);
                scheduleMicrotask(() -> ex.expect(7));
              });
          scheduleMicrotask(() -> ex.expect(5)); // Nothing is delivered while paused.
        });
    ex.finish(10);
  }

  @Test
  @DisplayName("pause-resume-during-event (async): the source sees onPause but never onResume")
  void pauseResumeDuringEventAsync() {
    // SDK tests/lib/async/stream_state_test.dart "pause-resume-during-event": for a non-broadcast
    // async controller, expectPause() and then cancel and done; no resume (done is still buffered).
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(3))
                  .onResume(ex::expectUnreached)
                  .onCancel(() -> ex.expect(4));
          sub.set(
              c.stream()
                  .listen(
                      v -> {
                        ex.expect(2);
                        sub.get().pause(); // Inside a callback: onPause is reported after it.
                        sub.get().resume();
                      },
                      (Throwable e) -> ex.expectUnreached(),
                      () -> ex.expect(5)));
          c.add(42);
          c.close();
          ex.expect(1);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("pause-resume-during-event (sync): neither onPause nor onResume")
  void pauseResumeDuringEventSync() {
    // stream_state_test.dart: the sync variant expects no pause; nothing is buffered at resume.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          StreamController<Integer> c =
              StreamController.<Integer>sync()
                  .onPause(ex::expectUnreached)
                  .onResume(ex::expectUnreached)
                  .onCancel(() -> ex.expect(3));
          sub.set(
              c.stream()
                  .listen(
                      v -> {
                        ex.expect(1);
                        sub.get().pause();
                        sub.get().resume();
                      },
                      (Throwable e) -> ex.expectUnreached(),
                      () -> ex.expect(4)));
          c.add(42);
          ex.expect(2);
          c.close();
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("pause(resumeSignal) resumes when the signal completes")
  void resumeSignal() {
    // stream_impl.dart pause(): resumeSignal?.whenComplete(resume). The microtask queued by add is
    // cancelled by the pause (it runs and does nothing); the resume schedules a fresh one.
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(5));
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expect(4));
          c.add(1);
          s.pause(DFuture.value());
          ex.check(s.isPaused(), "paused until the signal");
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(2);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("nested pauses: delivery waits for as many resumes; onPause/onResume once each")
  void pauseCount() {
    // stream_impl.dart: the pause count lives in the state's upper bits; onPause only when the
    // input was not paused, onResume only when the count reaches 0 and the buffer is empty.
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(4));
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expectUnreached());
          s.pause();
          s.pause();
          s.resume();
          ex.check(s.isPaused(), "still paused once");
          ex.expect(2);
          scheduleMicrotask(
              () -> {
                ex.expect(3);
                s.resume();
                ex.check(!s.isPaused(), "resumed");
              });
        });
    ex.finish(5);
  }
}
