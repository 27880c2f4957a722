package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectOutcome;
import static dev.dartasync.streams.StreamFutureSupport.microtaskStep;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.DartException;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.VirtualTime;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream.periodic (semantics §6.5; stream.dart Stream.periodic: a sync controller, a Timer.periodic
 * started in onListen, a stopwatch for pause/resume, onCancel returning Future._nullFuture), on
 * the virtual clock. Marker timers made at time 0 order the events against known instants.
 */
class StreamPeriodicTest {

  @RegisterExtension final Expect ex = new Expect();

  private final VirtualTime time = new VirtualTime();

  /** A timer made now that runs {@code action} after {@code millis}. */
  private static void at(long millis, Runnable action) {
    new Timer(Duration.ofMillis(millis), action);
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  @Test
  @DisplayName("computation(0), (1), ... every period, inside the timer; cancel stops the timer")
  void ticksUntilCancelled() {
    time.run(
        () -> {
          StreamSubscription<Integer> s =
              DStream.periodic(ms(10), i -> i * 2).listen(v -> ex.expect(v / 2 + 1));
          at(35, () -> {
            ex.expect(4);
            s.cancel();
          });
        });
    ex.finish(5); // The isolate ended: no timer was left running.
  }

  @Test
  @DisplayName("a throwing computation becomes an error event; the count still advances")
  void computationThrows() {
    DartException boom = new DartException("boom");
    time.run(
        () -> {
          StreamSubscription<Integer> s =
              DStream.periodic(
                      ms(10),
                      i -> {
                        if (i == 1) {
                          throw boom;
                        }
                        return i;
                      })
                  .listen(
                      v -> ex.expect(v == 0 ? 1 : 3),
                      (Consumer<Throwable>)
                          e -> {
                            ex.checkSame(boom, e, "error");
                            ex.expect(2);
                          });
          at(35, s::cancel);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("pause stops the timer; resume waits the rest of the period, measured as Dart's stopwatch does")
  void pauseResumeRemainingTime() {
    // Dart's stopwatch is started only by onResume and reset by each event: the first
    // pause/resume waits a whole period (event at 50 + 100); a pause 30 ms after an event waits
    // the remaining 70 ms after the resume (event at 400 + 70).
    time.run(
        () -> {
          StreamSubscription<Integer> s =
              DStream.periodic(ms(100), i -> i).listen(v -> ex.expect(v == 0 ? 4 : 9));
          at(30, () -> {
            ex.expect(1);
            s.pause();
          });
          at(50, () -> {
            ex.expect(2);
            s.resume();
          });
          at(140, () -> ex.expect(3));
          at(160, () -> ex.expect(5));
          at(180, () -> {
            ex.expect(6);
            s.pause();
          });
          at(400, () -> {
            ex.expect(7);
            s.resume();
          });
          at(460, () -> ex.expect(8));
          at(480, () -> {
            ex.expect(10);
            s.cancel();
          });
        });
    ex.finish(11);
  }

  @Test
  @DisplayName("first completes one microtask after the event: onCancel returns the null future, which the controller waits for")
  void firstWaitsForCancelFuture() {
    // stream.dart: onCancel returns Future._nullFuture; _recordCancel returns
    // _nullFuture.whenComplete(...), not identical to _nullFuture, so _cancelAndValue waits.
    time.run(
        () ->
            expectOutcome(
                ex,
                DStream.periodic(
                        ms(10),
                        i -> {
                          microtaskStep(ex, 1);
                          return i;
                        })
                    .first(),
                0,
                2));
    ex.finish(3);
  }

  @Test
  @DisplayName("without a computation every event is null")
  void nullEvents() {
    time.run(() -> expectOutcome(ex, DStream.<String>periodic(ms(5)).first(), null, 1));
    ex.finish(2);
  }

  @Test
  @DisplayName("a null period: 'Invalid argument(s) (period): Must not be null'")
  void nullPeriod() {
    time.run(
        () -> {
          expectThrows(
              ex,
              ArgumentError.class,
              "Invalid argument(s) (period): Must not be null",
              () -> DStream.periodic(null, i -> i));
          ex.expect(1);
        });
    ex.finish(2);
  }
}
