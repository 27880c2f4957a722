package dev.dartasync.fakeasync;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.TimeoutException;
import dev.dartasync.Timer;
import dev.dartasync.junit.DartTest;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * FakeAsync's flushTimers, pendingTimers, the counts and elapseBlocking; timeout, Stream.periodic
 * and stream timeout on the fake clock; where timer order differs from fake_async's, and why.
 */
@Timeout(60)
class FakeAsyncTimersTest {

  @RegisterExtension final Expect ex = new Expect();

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  private static Duration s(long seconds) {
    return Duration.ofSeconds(seconds);
  }

  // ---- flushTimers ---------------------------------------------------------------------------

  @Test
  @DisplayName("flushTimers runs every timer in order; time stops at the last one, not at the timeout")
  void flushTimersRunsAll() {
    FakeAsync.run(
        fake -> {
          new Timer(s(5), () -> ex.expect(3));
          new Timer(s(1), () -> {
            ex.expect(1);
            new Timer(s(1), () -> ex.expect(2));
          });
          fake.flushTimers();
          ex.expect(4);
          ex.checkEquals(s(5), fake.elapsed(), "elapsed");
          ex.checkEquals(0, fake.pendingTimers().size(), "pending");
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("flushTimers runs a periodic timer until it is cancelled")
  void flushTimersPeriodicCancelled() {
    FakeAsync.run(
        fake -> {
          int[] ticks = new int[1];
          Timer.periodic(s(1), t -> {
            if (++ticks[0] == 3) {
              t.cancel();
            }
          });
          fake.flushTimers();
          ex.checkEquals(3, ticks[0], "ticks");
          ex.checkEquals(s(3), fake.elapsed(), "elapsed");
        });
  }

  @Test
  @DisplayName("flushTimers with a periodic timer never cancelled: fake_async's StateError after the timeout")
  void flushTimersTimeout() {
    FakeAsync.run(
        fake -> {
          int[] ticks = new int[1];
          Timer.periodic(s(1), t -> ticks[0]++);
          StateError e = assertThrows(StateError.class, fake::flushTimers);
          ex.checkEquals(
              "Bad state: Exceeded timeout 1:00:00.000000 while flushing timers",
              e.toString(),
              "text");
          ex.checkEquals(3600, ticks[0], "ticks (the one due at the timeout runs)");
          ex.checkEquals(Duration.ofHours(1), fake.elapsed(), "elapsed");
          StateError ten =
              assertThrows(StateError.class, () -> fake.flushTimers(s(10), true));
          ex.checkEquals(
              "Bad state: Exceeded timeout 0:00:10.000000 while flushing timers",
              ten.toString(),
              "text with timeout 10 s");
        });
  }

  @Test
  @DisplayName(
      "flushTimers(flushPeriodicTimers: false) stops once only periodic timers are left and none is"
          + " due; a periodic timer keeps its creation order at a tie, as in fake_async")
  void flushTimersWithoutPeriodic() {
    FakeAsync.run(
        fake -> {
          List<String> log = new ArrayList<>();
          Timer.periodic(s(1), t -> log.add("tick " + fake.elapsed().toSeconds()));
          new Timer(s(3), () -> log.add("once"));
          fake.flushTimers(Duration.ofHours(1), false);
          ex.checkEquals(List.of("tick 1", "tick 2", "tick 3", "once"), log, "log");
          ex.checkEquals(s(3), fake.elapsed(), "elapsed");
          ex.checkEquals(1, fake.periodicTimerCount(), "periodic left");
        });
  }

  // ---- pendingTimers and the counts ------------------------------------------------------------

  private static Timer makeTwoSecondTimer() {
    return new Timer(s(2), () -> {});
  }

  @Test
  @DisplayName("pendingTimers: duration, periodicity, creation stack trace; the counts follow cancels and fires")
  void pendingTimersListed() {
    FakeAsync.run(
        fake -> {
          Timer two = makeTwoSecondTimer();
          Timer periodic = Timer.periodic(ms(500), t -> {});
          Timer.run(() -> {});
          scheduleMicrotask(() -> {});
          scheduleMicrotask(() -> {});
          ex.checkEquals(2, fake.microtaskCount(), "microtasks");
          List<FakeAsync.PendingTimer> pending = fake.pendingTimers();
          ex.checkEquals(3, pending.size(), "pending");
          ex.checkEquals(Duration.ZERO, pending.get(0).duration(), "zero timer first");
          ex.checkEquals(2, fake.nonPeriodicTimerCount(), "non-periodic");
          ex.checkEquals(1, fake.periodicTimerCount(), "periodic");
          FakeAsync.PendingTimer twoSeconds =
              pending.stream().filter(t -> t.duration().equals(s(2))).findFirst().orElseThrow();
          ex.check(!twoSeconds.isPeriodic(), "2 s timer not periodic");
          ex.check(
              twoSeconds.creationStackTrace().toString().contains("makeTwoSecondTimer"),
              "created in makeTwoSecondTimer: " + twoSeconds.creationStackTrace());
          ex.check(
              twoSeconds.debugString().startsWith(
                  "Timer (duration: 0:00:02.000000, periodic: false), created:\n"),
              "debugString: " + twoSeconds.debugString());
          FakeAsync.PendingTimer half =
              pending.stream().filter(FakeAsync.PendingTimer::isPeriodic).findFirst().orElseThrow();
          ex.checkEquals(ms(500), half.duration(), "periodic duration");
          fake.flushMicrotasks();
          ex.checkEquals(0, fake.microtaskCount(), "microtasks after flush");
          fake.elapse(Duration.ZERO);
          ex.checkEquals(1, fake.nonPeriodicTimerCount(), "after the zero timer fired");
          two.cancel();
          periodic.cancel();
          ex.checkEquals(0, fake.nonPeriodicTimerCount(), "after cancel");
          ex.checkEquals(0, fake.periodicTimerCount(), "periodic after cancel");
          ex.checkEquals(List.of(), fake.pendingTimersDebugString(), "nothing pending");
        });
  }

  // ---- elapseBlocking ----------------------------------------------------------------------

  @Test
  @DisplayName("elapseBlocking moves time and runs nothing; the overdue timer runs at the next elapse")
  void elapseBlockingRunsNothing() {
    FakeAsync.run(
        fake -> {
          new Timer(s(1), () -> ex.expect(3));
          scheduleMicrotask(() -> ex.expect(2));
          fake.elapseBlocking(s(2));
          ex.expect(1);
          ex.checkEquals(s(2), fake.elapsed(), "elapsed");
          ex.checkEquals(1, fake.microtaskCount(), "microtask still queued");
          fake.elapse(Duration.ZERO); // the microtask first, then the overdue timer
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("elapseBlocking in a timer of an elapse lengthens that elapse: timers within the new end fire in it")
  void elapseBlockingInsideElapse() {
    FakeAsync.run(
        fake -> {
          new Timer(s(1), () -> {
            ex.expect(1);
            fake.elapseBlocking(s(5));
          });
          new Timer(s(4), () -> ex.expect(2));
          new Timer(s(7), () -> ex.expectUnreached());
          fake.elapse(s(2));
          ex.expect(3);
          ex.checkEquals(s(6), fake.elapsed(), "elapsed");
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("a periodic timer makes up every period an elapseBlocking skipped, as fake_async's does")
  void periodicCatchesUp() {
    FakeAsync.run(
        fake -> {
          List<Long> at = new ArrayList<>();
          Timer.periodic(s(1), t -> {
            at.add(fake.elapsed().toSeconds());
            if (at.size() == 1) {
              fake.elapseBlocking(s(3));
            }
          });
          fake.elapse(s(1));
          // Fired at 1 s; then the periods due at 2, 3 and 4 s all fire at 4 s.
          ex.checkEquals(List.of(1L, 4L, 4L, 4L), at, "fire times");
        });
  }

  // ---- what follows the fake clock -----------------------------------------------------------

  @DartTest
  @DisplayName("Future.timeout follows the fake clock")
  void futureTimeout(FakeAsync fake) {
    DFuture<Void> never = new Completer<Void>().future();
    // Awaited before the elapse: an error nobody listens to would be uncaught (as in Dart).
    DFuture<String> outcome =
        async(
            () -> {
              try {
                await(never.timeout(s(30)));
                return "completed";
              } catch (TimeoutException e) {
                return e.toString();
              }
            });
    fake.elapse(ms(29_999));
    ex.check(!fake.pendingTimers().isEmpty(), "not timed out yet");
    fake.elapse(ms(1));
    ex.checkEquals(
        "TimeoutException after 0:00:30.000000: Future not completed",
        await(outcome),
        "text");
  }

  @DartTest
  @DisplayName("Stream.periodic follows the fake clock")
  void streamPeriodic(FakeAsync fake) {
    DFuture<List<Integer>> three = DStream.periodic(s(1), i -> i * 10).take(3).toList();
    fake.elapse(s(3));
    ex.checkEquals(List.of(0, 10, 20), await(three), "events");
  }

  @DartTest
  @DisplayName("a stream timeout follows the fake clock and fires (fake_async#65 hangs)")
  void streamTimeout(FakeAsync fake) {
    StreamController<Integer> controller = new StreamController<>();
    List<String> log = new ArrayList<>();
    controller
        .stream()
        .timeout(ms(500))
        .listen(v -> log.add("data " + v), (Throwable e) -> log.add(e.toString()));
    fake.elapse(ms(499));
    controller.add(1);
    fake.elapse(ms(499));
    ex.checkEquals(List.of("data 1"), log, "before the limit");
    fake.elapse(ms(1));
    ex.checkEquals(
        List.of("data 1", "TimeoutException after 0:00:00.500000: No stream event"),
        log,
        "after it");
    controller.close();
  }

  // ---- order -------------------------------------------------------------------------------

  @Test
  @DisplayName("zero timers run in creation order, after the timers already due at the same time")
  void zeroTimersOrder() {
    FakeAsync.run(
        fake -> {
          new Timer(s(1), () -> {
            ex.expect(1);
            Timer.run(() -> ex.expect(3));
          });
          new Timer(s(1), () -> ex.expect(2));
          fake.elapse(s(1));
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName(
      "differs from fake_async: a sub-millisecond duration is truncated (the VM's timers count whole ms)")
  void subMillisecondTruncated() {
    // fake_async keeps microseconds: b (1 ms) would fire before a (1.5 ms). Here both are 1 ms
    // timers, as on the VM, and fire by creation order.
    FakeAsync.run(
        fake -> {
          new Timer(Duration.ofNanos(1_500_000), () -> ex.expect(1));
          new Timer(ms(1), () -> ex.expect(2));
          fake.elapse(ms(1));
          ex.expect(3);
        });
    ex.finish(4);
  }
}
