package dev.dartasync.fakeasync;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** FakeAsync.run, elapse, flushMicrotasks, elapsed and now, and the loud failures. */
@Timeout(60)
class FakeAsyncTest {

  @RegisterExtension final Expect ex = new Expect();

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  @Test
  @DisplayName("await works in the body: a delayed future elapsed to completes, and its value comes back")
  void awaitInBody() {
    String value =
        FakeAsync.run(
            fake -> {
              ex.expect(1);
              DFuture<String> later = DFuture.delayed(Duration.ofHours(5), () -> "done");
              fake.elapse(Duration.ofHours(5));
              ex.expect(2);
              String v = await(later);
              ex.expect(3);
              ex.checkEquals(Duration.ofHours(5), fake.elapsed(), "elapsed");
              return v;
            });
    ex.expect(4);
    assertEquals("done", value);
    ex.finish(5);
  }

  @Test
  @DisplayName("await of a future a microtask completes needs no elapse")
  void awaitMicrotaskFuture() {
    FakeAsync.run(
        fake -> {
          ex.expect(1);
          int v = await(async(() -> 7));
          ex.checkEquals(7, v, "value");
          ex.checkEquals(Duration.ZERO, fake.elapsed(), "elapsed");
          ex.expect(2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("elapse fires timers due within it by deadline, then creation order, microtasks before and after each")
  void elapseOrder() {
    FakeAsync.run(
        fake -> {
          new Timer(ms(300), () -> ex.expect(6));
          new Timer(ms(200), () -> {
            ex.expect(3);
            scheduleMicrotask(() -> ex.expect(4));
          });
          new Timer(ms(200), () -> ex.expect(5));
          new Timer(ms(301), () -> ex.expectUnreached());
          scheduleMicrotask(() -> ex.expect(2));
          ex.expect(1);
          fake.elapse(ms(300));
          ex.expect(7);
          ex.checkEquals(ms(300), fake.elapsed(), "elapsed");
          ex.checkEquals(1, fake.nonPeriodicTimerCount(), "timers left");
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("flushMicrotasks in a body a timer resumed returns before the next timer of the batch")
  void flushMicrotasksInsideATimerBatch() {
    FakeAsync.run(
        fake -> {
          DFuture<Void> body =
              async(
                  () -> {
                    await(DFuture.delayed(ms(1_000)));
                    ex.expect(2);
                    scheduleMicrotask(() -> ex.expect(3));
                    fake.flushMicrotasks(); // fake_async: runs m on the spot, before t2.
                    ex.expect(4);
                  });
          new Timer(ms(1_000), () -> ex.expect(5)); // Due with the delay, made after it.
          ex.expect(1);
          fake.elapse(ms(2_000));
          await(body);
          ex.expect(6);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("a timer is due exactly its duration later: Timer(1 s) fires at elapse(1 s), not before")
  void exactDeadline() {
    FakeAsync.run(
        fake -> {
          new Timer(ms(1000), () -> ex.expect(2));
          fake.elapse(ms(999));
          ex.expect(1);
          fake.elapse(ms(1));
          ex.expect(3);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("timers made by timers within the elapse fire in it too; later ones wait")
  void timersMadeByTimers() {
    FakeAsync.run(
        fake -> {
          new Timer(ms(100), () -> {
            ex.expect(1);
            new Timer(ms(100), () -> ex.expect(2));
            new Timer(ms(101), () -> ex.expect(4));
          });
          fake.elapse(ms(200));
          ex.expect(3);
          fake.elapse(ms(1));
          ex.expect(5);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("a body still suspended when nothing can resume it fails the run, never passes")
  void stillSuspendedFailsLoudly() {
    StateError e =
        assertThrows(
            StateError.class,
            () ->
                FakeAsync.run(
                    fake -> {
                      ex.expect(1);
                      fake.elapse(ms(250));
                      await(DFuture.delayed(Duration.ofSeconds(1)));
                      ex.expectUnreached();
                    }));
    assertEquals(
        "Bad state: FakeAsync.run: the body is still suspended and nothing can resume it: it"
            + " awaits a future that no microtask, event or due timer completes (fake time stood"
            + " at 0:00:00.250000; timers are due only when the body calls elapse or flushTimers)."
            + " Elapse the fake time before awaiting what a timer completes.",
        e.toString());
    ex.finish(2);
  }

  @Test
  @DisplayName("a body awaiting a future nothing completes fails the run too")
  void neverCompletedFuture() {
    assertThrows(
        StateError.class,
        () -> FakeAsync.run(fake -> {
          await(new Completer<Void>().future());
        }));
  }

  @Test
  @DisplayName("the body's exception is thrown by run, the original object")
  void bodyErrorThrown() {
    IllegalArgumentException thrown = new IllegalArgumentException("boom");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> FakeAsync.run((FakeAsync.VoidBody) fake -> {
              fake.elapse(ms(1));
              throw thrown; // A block that only throws fits both overloads: the cast picks one.
            }));
    assertTrue(e == thrown);
  }

  @Test
  @DisplayName("timers left when the body ends are dropped: run returns its value")
  void pendingTimersDropped() {
    int v =
        FakeAsync.run(
            fake -> {
              Timer.periodic(ms(10), t -> ex.expect(1));
              new Timer(Duration.ofDays(1), () -> ex.expectUnreached());
              fake.elapse(ms(10));
              return 5;
            });
    assertEquals(5, v);
    ex.finish(2);
  }

  @Test
  @DisplayName("negative elapse and elapseBlocking: ArgumentErrors with fake_async's texts (Error.safeToString shows no Duration)")
  void negativeElapse() {
    FakeAsync.run(
        fake -> {
          ArgumentError e = assertThrows(ArgumentError.class, () -> fake.elapse(ms(-1000)));
          ex.checkEquals(
              "Invalid argument (duration): may not be negative: Instance of 'Duration'",
              e.toString(),
              "text");
          ArgumentError b = assertThrows(ArgumentError.class, () -> fake.elapseBlocking(ms(-1)));
          ex.checkEquals(
              "Invalid argument(s): Cannot call elapse with negative duration",
              b.toString(),
              "elapseBlocking text");
        });
  }

  @Test
  @DisplayName("elapse while another elapse runs: Dart's StateError text")
  void nestedElapse() {
    FakeAsync.run(
        fake -> {
          DFuture<Void> other =
              async(
                  () -> {
                    await(DFuture.delayed(ms(100)));
                    ex.expect(1);
                    StateError e = assertThrows(StateError.class, () -> fake.elapse(ms(1)));
                    ex.checkEquals(
                        "Bad state: Cannot elapse until previous elapse is complete.",
                        e.toString(),
                        "text");
                    ex.expect(2);
                  });
          fake.elapse(ms(200));
          ex.expect(3);
          await(other);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("elapse from inside one of its own timers: a clear StateError (fake_async#88), the timer fires once")
  void elapseInTimer() {
    FakeAsync.run(
        fake -> {
          new Timer(
              ms(100),
              () -> {
                ex.expect(1);
                StateError e = assertThrows(StateError.class, () -> fake.elapse(ms(100)));
                ex.checkEquals(
                    "Bad state: FakeAsync.elapse was called from a callback (a timer, a microtask"
                        + " or a listener), not from an async body: it cannot run timers from"
                        + " inside one of them. Call it in the body of FakeAsync.run or of an"
                        + " async(...) it started.",
                    e.toString(),
                    "text");
              });
          fake.elapse(ms(500));
          ex.expect(2);
          ex.checkEquals(ms(500), fake.elapsed(), "elapsed");
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("another async body may elapse when no elapse runs")
  void elapseFromOtherBody() {
    FakeAsync.run(
        fake -> {
          new Timer(ms(50), () -> ex.expect(2));
          DFuture<Void> other = async(() -> {
            ex.expect(1);
            fake.elapse(ms(50));
            ex.expect(3);
          });
          await(other);
          ex.checkEquals(ms(50), fake.elapsed(), "elapsed");
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("flushMicrotasks runs microtasks (and theirs), but no zero timer")
  void flushMicrotasks() {
    FakeAsync.run(
        fake -> {
          Timer.run(() -> ex.expect(5));
          scheduleMicrotask(() -> {
            ex.expect(1);
            scheduleMicrotask(() -> ex.expect(2));
          });
          ex.checkEquals(1, fake.microtaskCount(), "microtasks queued");
          fake.flushMicrotasks();
          ex.expect(3);
          ex.checkEquals(0, fake.microtaskCount(), "microtasks left");
          ex.checkEquals(1, fake.nonPeriodicTimerCount(), "the zero timer");
          ex.expect(4);
          fake.elapse(Duration.ZERO);
          ex.expect(6);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("flushMicrotasks in a timer callback runs them on the spot")
  void flushMicrotasksInCallback() {
    FakeAsync.run(
        fake -> {
          new Timer(ms(1), () -> {
            scheduleMicrotask(() -> ex.expect(1));
            fake.flushMicrotasks();
            ex.expect(2);
          });
          fake.elapse(ms(1));
          ex.expect(3);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("now() and clock() read the initial time plus the fake time; a stopwatch measures fake time")
  void clockAndStopwatch() {
    Instant start = Instant.parse("2024-01-01T00:00:00Z");
    FakeAsync.run(
        start,
        fake -> {
          FakeAsync.Stopwatch sw = fake.stopwatch();
          ex.checkEquals(start, fake.now(), "now at start");
          fake.elapse(ms(1500));
          ex.checkEquals(Instant.parse("2024-01-01T00:00:01.500Z"), fake.now(), "now");
          ex.checkEquals(fake.now(), fake.clock().instant(), "clock");
          ex.checkEquals(1500L, sw.elapsedMilliseconds(), "stopwatch");
          sw.reset();
          fake.elapseBlocking(ms(20));
          ex.checkEquals(20L, sw.elapsedMilliseconds(), "after reset");
        });
  }

  @Test
  @DisplayName("a FakeAsync used outside its run: StateError")
  void outsideRun() {
    FakeAsync[] kept = new FakeAsync[1];
    FakeAsync.run(fake -> {
      kept[0] = fake;
    });
    StateError e = assertThrows(StateError.class, () -> kept[0].elapseBlocking(ms(1)));
    assertEquals(
        "Bad state: FakeAsync.elapseBlocking was called outside its FakeAsync.run: call it in the"
            + " run's body or in code that body runs on its isolate.",
        e.toString());
  }

  @Test
  @DisplayName("FakeAsync.run on an isolate: StateError (it starts an isolate of its own)")
  void runOnIsolate() {
    StateError e =
        assertThrows(
            StateError.class,
            () -> dev.dartasync.Dart.run(() -> FakeAsync.run(fake -> {})));
    assertEquals(
        "Bad state: FakeAsync.run was called on an isolate (in Dart.run, an async body or a"
            + " callback): it starts an isolate of its own and waits for it, so call it from the"
            + " test's own thread, outside Dart.run.",
        e.toString());
  }

  @Test
  @DisplayName("an hour of timers takes well under a second of real time")
  void fast() {
    long before = System.nanoTime();
    int[] ticks = new int[1];
    FakeAsync.run(
        fake -> {
          Timer.periodic(Duration.ofSeconds(1), t -> ticks[0]++);
          fake.elapse(Duration.ofHours(1));
        });
    assertEquals(3600, ticks[0]);
    long tookMs = (System.nanoTime() - before) / 1_000_000;
    assertTrue(tookMs < 20_000, "took " + tookMs + " ms");
  }
}
