package dev.dartasync.semantics;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** docs/semantics.md §1.1, §1.2, §1.4: the event loop, the microtask queue, the worked example. */
class EventLoopOrderTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  @Test
  @DisplayName("§1.4 worked example: 1 2 m1 m2 v s e1 e2 e3")
  void workedExampleQueues() {
    Dart.run(
        () -> {
          log.add("1");
          scheduleMicrotask(() -> log.add("m1"));
          DFuture.run(() -> log.add("e1")); // zero timer T1
          DFuture.microtask(() -> log.add("m2")); // microtask
          DFuture.value(0).thenAccept(v -> log.add("v")); // completion microtask queued now
          DFuture.sync(() -> 0).thenAccept(v -> log.add("s")); // complete: microtask at then()
          Timer.run(() -> log.add("e2")); // T2
          DFuture.delayed(Duration.ZERO, () -> log.add("e3")); // T3
          log.add("2");
        });
    log.assertOutput("1 2 m1 m2 v s e1 e2 e3");
  }

  @Test
  @DisplayName("§1.1 main runs as the first event; its microtasks run after it returns, before any timer")
  void mainIsTheFirstEventAndItsMicrotasksPrecedeTimers() {
    Dart.run(
        () -> {
          ex.expect(1);
          Timer.run(() -> ex.finish(4)); // created first, still runs last
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(2);
        });
  }

  @Test
  @DisplayName("§1.1 after every event the whole microtask queue drains before the next event")
  void microtasksDrainBetweenEvents() {
    Dart.run(
        () -> {
          Timer.run(
              () -> {
                log.add("t1");
                scheduleMicrotask(
                    () -> {
                      log.add("m1");
                      scheduleMicrotask(() -> log.add("m1b")); // queued by a microtask: same drain
                    });
              });
          Timer.run(() -> log.add("t2"));
        });
    log.assertOutput("t1 m1 m1b t2");
  }

  @Test
  @DisplayName("§1.2 microtask queue is FIFO; one scheduled during the loop is appended and runs in the same drain")
  void microtaskQueueIsFifoAndAppends() {
    Dart.run(
        () -> {
          Timer.run(() -> ex.finish(6));
          scheduleMicrotask(
              () -> {
                ex.expect(2);
                scheduleMicrotask(() -> ex.expect(5)); // appended after m2, m3
              });
          scheduleMicrotask(() -> ex.expect(3));
          scheduleMicrotask(() -> ex.expect(4));
          ex.expect(1);
        });
  }

  @Test
  @DisplayName("§1.1 starvation (co19 Timer_A02_t02): 10 self-rescheduling microtasks finish before a zero timer")
  void microtaskChainStarvesZeroTimer() {
    int[] count = {0};
    Dart.run(
        () -> {
          Timer.run(
              () -> {
                assertEquals(10, count[0], "the zero timer ran before the microtask chain ended");
                ex.finish(11);
              });
          Runnable[] self = new Runnable[1];
          self[0] =
              () -> {
                count[0]++;
                ex.expect(count[0]);
                if (count[0] < 10) {
                  scheduleMicrotask(self[0]);
                }
              };
          scheduleMicrotask(self[0]);
        });
  }

  @Test
  @DisplayName("§1.1 starvation also holds for a negative-duration timer (treated as zero)")
  void microtaskChainStarvesNegativeTimer() {
    int[] count = {0};
    Dart.run(
        () -> {
          new Timer(Duration.ofMillis(-10), () -> ex.finish(11));
          Runnable[] self = new Runnable[1];
          self[0] =
              () -> {
                ex.expect(++count[0]);
                if (count[0] < 10) {
                  scheduleMicrotask(self[0]);
                }
              };
          scheduleMicrotask(self[0]);
        });
  }

  @Test
  @DisplayName("§1.1 an event queued while microtasks run waits for the whole drain, even a long one")
  void longMicrotaskChainStillBeforeTimer() {
    int[] count = {0};
    Dart.run(
        () -> {
          Timer.run(() -> assertEquals(10_000, count[0]));
          Runnable[] self = new Runnable[1];
          self[0] =
              () -> {
                if (++count[0] < 10_000) {
                  scheduleMicrotask(self[0]);
                }
              };
          scheduleMicrotask(self[0]);
        });
    assertEquals(10_000, count[0]);
  }

  @Test
  @DisplayName("§1.1 Dart.run returns main's value once the isolate ran dry (timers queued by main run first)")
  void runReturnsAfterPendingTimers() {
    int value =
        Dart.run(
            () -> {
              DFuture.delayed(Duration.ofMillis(20), () -> log.add("late timer"));
              log.add("main");
              return 42;
            });
    assertEquals(42, value);
    log.assertOutput("main late timer");
  }

  @Test
  @DisplayName("§1.1 main may await: Dart.run returns the value main's future completes with")
  void runReturnsValueOfAwaitingMain() {
    int value =
        Dart.run(
            () -> {
              int a = await(DFuture.delayed(Duration.ofMillis(5), () -> 20));
              int b = await(DFuture.value(22));
              return a + b;
            });
    assertEquals(42, value);
  }

  @Test
  @DisplayName("§7.4 a pending timer keeps the isolate alive, a pending future does not (Dart.run reports it)")
  void pendingFutureDoesNotKeepIsolateAlive() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Dart.run(() -> await(new Completer<Integer>().future())));
    assertTrue(e.getMessage().contains("ran dry"), e.getMessage());
  }

  @Test
  @DisplayName("§3.1/§5.1 main is an async body: a throw before its first await completes main's future a microtask later, then stops the isolate")
  void mainThrowingBeforeFirstAwait() {
    DartException boom = new DartException("boom");
    Throwable thrown =
        uncaught(
            () -> {
              scheduleMicrotask(() -> log.add("queued before the throw"));
              Timer.run(() -> log.add("timer"));
              if (log.lines().isEmpty()) {
                throw boom;
              }
            });
    assertSame(boom, thrown, "Dart.run throws the original error object");
    log.assertOutput("queued before the throw");
  }

  @Test
  @DisplayName("§5.1 main throwing after an await: Dart.run throws the original error object")
  void mainThrowingAfterAwait() {
    DartException boom = new DartException("boom");
    Throwable thrown =
        uncaught(
            () -> {
              await(DFuture.delayed(Duration.ofMillis(1)));
              throw boom;
            });
    assertSame(boom, thrown);
  }

  @Test
  @DisplayName("Dart.run inside an isolate is refused with IllegalStateException (one isolate per thread)")
  void nestedRunIsRefused() {
    Dart.run(
        () -> {
          IllegalStateException e =
              assertThrows(IllegalStateException.class, () -> Dart.run(() -> 1));
          assertTrue(e.getMessage().contains("already runs an event loop"), e.getMessage());
        });
  }

  @Test
  @DisplayName("§1.1 async bodies and callbacks never run concurrently: one isolate, one thread of Dart code")
  void onlyOneThingRunsAtATime() {
    int[] running = {0};
    int[] maxRunning = {0};
    Runnable enter =
        () -> {
          running[0]++;
          maxRunning[0] = Math.max(maxRunning[0], running[0]);
        };
    Runnable leave = () -> running[0]--;
    Dart.run(
        () -> {
          for (int i = 0; i < 50; i++) {
            async(
                () -> {
                  enter.run();
                  leave.run();
                  await(null);
                  enter.run();
                  leave.run();
                  await(DFuture.delayed(Duration.ofMillis(1)));
                  enter.run();
                  leave.run();
                });
            Timer.run(
                () -> {
                  enter.run();
                  leave.run();
                });
          }
        });
    assertEquals(1, maxRunning[0]);
  }
}
