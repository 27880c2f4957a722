package dev.dartasync.semantics;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.busyWait;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** docs/semantics.md §9, the checklist of easy-to-get-wrong rules: items 1-4, 10, 11, 13, 14. */
class ChecklistTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  // ---- item 1 --------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 1: propagation is synchronous and depth-first (a a2 b), no microtask for a chain")
  void item1DepthFirstAndSynchronous() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          DFuture<Integer> chain = c.future();
          for (int i = 1; i <= 5; i++) {
            int n = i;
            chain = chain.then(v -> {
              log.add("chain" + n);
              return v;
            });
          }
          c.future().thenAccept(v -> log.add("a")).thenAccept(v -> log.add("a2"));
          c.future().thenAccept(v -> log.add("b"));
          scheduleMicrotask(() -> log.add("m"));
          c.complete(1); // everything above runs inside this call
          log.add("after complete");
        });
    log.assertOutput("chain1 chain2 chain3 chain4 chain5 a a2 b after complete m");
  }

  @Test
  @DisplayName("§9 item 1: only late listeners and Completer().complete cost a microtask")
  void item1OnlyLateListenersAndAsyncCompleteCostAMicrotask() {
    Dart.run(
        () -> {
          Completer<Integer> async = new Completer<>();
          async.future().thenAccept(v -> log.add("async completer")).thenAccept(v -> log.add("its child"));
          DFuture<Integer> done = DFuture.sync(() -> 1);
          scheduleMicrotask(() -> log.add("m1"));
          async.complete(1); // one microtask
          done.thenAccept(v -> log.add("late listener")); // one microtask
          scheduleMicrotask(() -> log.add("m2"));
        });
    log.assertOutput("m1 async completer its child late listener m2");
  }

  // ---- item 2 --------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 2: Future.value(x) is not complete when returned; Future.sync(() => x) is")
  void item2ValueVsSync() {
    Dart.run(
        () -> {
          DFuture<Integer> value = DFuture.value(1);
          DFuture<Integer> sync = DFuture.sync(() -> 2);
          assertFalse(value.isDone(), "Future.value completes via a microtask queued at construction");
          assertTrue(sync.isDone(), "Future.sync of a value is already complete");
          scheduleMicrotask(() -> log.add("m"));
          value.thenAccept(v -> log.add("value"));
          sync.thenAccept(v -> log.add("sync"));
        });
    // value's completion microtask was queued before m; sync's late-listener microtask after m.
    log.assertOutput("value m sync");
  }

  // ---- item 3 --------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 3: async functions complete synchronously on return")
  void item3ReturnCompletesSynchronously() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          DFuture<Integer> f =
              async(
                  () -> {
                    int v = await(c.future());
                    return v * 2;
                  });
          f.thenAccept(v -> log.add("f " + v));
          log.add("before");
          c.complete(21); // the body resumes, returns, and f's listener runs, all in here
          log.add("after");
          assertTrue(f.isDone());
        });
    log.assertOutput("before f 42 after");
  }

  @Test
  @DisplayName("§9 item 3: await on an incomplete future resumes synchronously at its completion")
  void item3AwaitIncompleteResumesSynchronously() {
    Dart.run(
        () -> {
          Completer<Integer> c = new Completer<>();
          async(
              () -> {
                await(c.future());
                log.add("resumed");
              });
          scheduleMicrotask(() -> log.add("m1"));
          c.complete(1); // completion microtask queued after m1; the body resumes inside it
          scheduleMicrotask(() -> log.add("m2"));
        });
    log.assertOutput("m1 resumed m2");
  }

  @Test
  @DisplayName("§9 item 3: await on anything already available costs exactly one microtask")
  void item3AwaitAvailableCostsExactlyOneMicrotask() {
    for (Object awaited : new Object[] {null, 5, "completed future"}) {
      log.clear();
      Dart.run(
          () -> {
            DFuture<Integer> done = DFuture.sync(() -> 1);
            async(
                () -> {
                  // m1 is queued before the await; m1 queues m2 after the resumption.
                  scheduleMicrotask(
                      () -> {
                        log.add("m1");
                        scheduleMicrotask(() -> log.add("m2"));
                      });
                  if ("completed future".equals(awaited)) {
                    await(done);
                  } else {
                    await(awaited);
                  }
                  log.add("resumed");
                });
          });
      log.assertOutput("m1 resumed m2"); // 0 hops: resumed m1 m2; 2 hops: m1 m2 resumed
    }
  }

  // ---- item 4 --------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 4: throw before the first await completes the future in a microtask; after, synchronously")
  void item4ThrowBeforeAndAfterAwait() {
    DartException early = new DartException("early");
    DartException late = new DartException("late");
    Dart.run(
        () -> {
          DFuture<Integer> f1 =
              async(
                  () -> {
                    throw early;
                  });
          assertFalse(f1.isDone());
          f1.catchError(e -> {
            assertSame(early, e);
            log.add("early caught");
            return 0;
          });
          Completer<Integer> c = Completer.sync();
          DFuture<Integer> f2 =
              async(
                  () -> {
                    await(c.future());
                    throw late;
                  });
          f2.catchError(e -> {
            assertSame(late, e);
            log.add("late caught");
            return 0;
          });
          log.add("main");
          scheduleMicrotask(
              () -> {
                log.add("m");
                c.complete(1);
                log.add("after complete");
              });
        });
    log.assertOutput("main early caught m late caught after complete");
  }

  // ---- item 10 -------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 10: zero timers are individual messages, FIFO with other posted events")
  void item10ZeroTimersAreMessagesFifoWithPostedEvents() {
    AtomicBoolean posted = new AtomicBoolean();
    Dart.run(
        () -> {
          Completer<Integer> c = new Completer<>();
          c.future().thenAccept(v -> log.add("foreign event"));
          Timer.run(() -> log.add("timer a"));
          // A completion from another thread is posted as an event at the time of the call.
          Thread.ofPlatform()
                  .start(
                      () -> {
                        c.complete(1);
                        posted.set(true);
                      });
          while (!posted.get()) {
            Thread.onSpinWait(); // spin, not park: the isolate must not run anything meanwhile
          }
          Timer.run(() -> log.add("timer b"));
          Timer.run(() -> log.add("timer c")); // the completion's microtask runs before this
        });
    log.assertOutput("timer a foreign event timer b timer c");
  }

  @Test
  @DisplayName("§9 item 10: <1ms is zero, equal deadlines FIFO, a microtask drain after each timer callback")
  void item10TimerRules() {
    Dart.run(
        () -> {
          new Timer(Duration.ofNanos(500_000), () -> log.add("0.5ms"));
          Timer.run(
              () -> {
                log.add("zero");
                scheduleMicrotask(() -> log.add("after zero"));
              });
          new Timer(Duration.ofMillis(2), () -> log.add("2ms-a"));
          new Timer(
              Duration.ofMillis(2),
              () -> {
                log.add("2ms-b");
                scheduleMicrotask(() -> log.add("after 2ms-b"));
              });
          new Timer(Duration.ofMillis(2), () -> log.add("2ms-c"));
          busyWait(15); // all 2 ms timers due: one batch
        });
    // The zero timers' events were queued first; the heap timers (equal durations, FIFO) run in
    // one later batch, each followed by a microtask drain.
    log.assertOutput("0.5ms zero after zero 2ms-a 2ms-b after 2ms-b 2ms-c");
  }

  // ---- item 11 -------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 11: root-zone uncaught errors come from a priority microtask: nothing else queued runs")
  void item11PriorityMicrotask() {
    StateError boom = new StateError("boom");
    Throwable thrown =
        uncaught(
            () -> {
              scheduleMicrotask(() -> log.add("a"));
              DFuture.error(boom);
              scheduleMicrotask(() -> log.add("b"));
              Timer.run(() -> log.add("timer"));
            });
    assertSame(boom, thrown);
    log.assertOutput("a");
  }

  /** The §5.1 example as a program, for {@link #item11StderrAndExitCode()}. */
  public static final class UncaughtProgram {
    public static void main(String[] args) {
      Dart.runMain(
          () -> {
            scheduleMicrotask(() -> print("a"));
            DFuture.error(new StateError("boom"));
            scheduleMicrotask(() -> print("b"));
          });
    }
  }

  @Test
  @DisplayName("§9 item 11 / §5.1: Dart.runMain prints 'Unhandled exception:' + the error to stderr, exit code 255")
  void item11StderrAndExitCode() throws Exception {
    ChildProcess.Result result = ChildJvm.main(UncaughtProgram.class).run();
    String stderr = result.stderr();
    assertEquals(255, result.exitCode(), result::describe);
    assertEquals("a", result.stdout().strip(), "stdout ('b' must never print)");
    List<String> lines = stderr.lines().toList();
    assertTrue(lines.size() >= 2, "stderr:\n" + stderr);
    assertEquals("Unhandled exception:", lines.get(0));
    assertEquals("Bad state: boom", lines.get(1));
  }

  // ---- item 13 -------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 13: Future.wait reports the first error by time; .wait's default error is by position")
  void item13TimeVsPosition() {
    StateError byPosition = new StateError("position 0, second in time");
    StateError byTime = new StateError("position 1, first in time");
    Dart.run(
        () -> {
          Completer<Integer> a1 = Completer.sync();
          Completer<Integer> b1 = Completer.sync();
          Completer<Integer> a2 = Completer.sync();
          Completer<Integer> b2 = Completer.sync();
          DFuture<List<Integer>> futureWait = DFuture.wait(List.of(a1.future(), b1.future()));
          DFuture<?> recordWait = DFuture.wait(a2.future(), b2.future());
          Timer.run(
              () -> {
                b1.completeError(byTime);
                b2.completeError(byTime);
                a1.completeError(byPosition);
                a2.completeError(byPosition);
              });
          assertSame(byTime, assertThrows(StateError.class, () -> await(futureWait)));
          ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(recordWait));
          assertSame(byPosition, e.defaultError().error());
          assertEquals(
              "ParallelWaitError(2 errors): Bad state: position 0, second in time", e.toString());
        });
  }

  // ---- item 14 -------------------------------------------------------------------------------

  @Test
  @DisplayName("§9 item 14: Future.doWhile / forEach start synchronously")
  void item14StartSynchronously() {
    Dart.run(
        () -> {
          int[] n = {0};
          DFuture.doWhile(
              () -> {
                log.add("doWhile " + n[0]);
                return ++n[0] < 2;
              });
          DFuture.forEach(
              List.of("x", "y"),
              v -> {
                log.add("forEach " + v);
                return DFuture.value(); // a future result: the next element waits for it
              });
          log.add("after calls");
        });
    log.assertOutput("doWhile 0 doWhile 1 forEach x after calls forEach y");
  }
}
