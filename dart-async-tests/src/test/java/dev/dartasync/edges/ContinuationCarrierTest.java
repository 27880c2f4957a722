package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.CarrierKind;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.internal.Testing;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What only the continuation carrier does (run the suite with {@code
 * -Ddartasync.jvmArgs="--add-exports java.base/jdk.internal.vm=ALL-UNNAMED
 * -Ddartasync.carrier=continuation" -Ddartasync.carrierUnderTest=continuation}): a body has no
 * thread of its own, so it runs on the isolate's thread and shares its ThreadLocals and interrupt
 * flag, a blocking call blocks the isolate, and an await or hand-over that cannot suspend (inside a
 * class initializer) fails at once in the body, and the isolate goes on.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ContinuationCarrierTest {

  @BeforeEach
  void onlyUnderTheContinuationCarrier() {
    CarrierAssumptions.assumeCarrier(CarrierKind.CONTINUATION, "runs bodies as continuations");
  }

  static final String PINNED_AWAIT =
      "An await (or an async* yield) inside a class initializer (a static field or static "
          + "block) or under a native frame cannot suspend on the continuation carrier: the async "
          + "body cannot leave the isolate's thread there. Await outside these, e.g. compute the "
          + "value before the class is first used.";

  static final String PINNED_HAND_OVER =
      "Starting or resuming an async body inside a class initializer (a static field or static "
          + "block) or under a native frame cannot suspend the running body on the continuation "
          + "carrier: it cannot leave the isolate's thread there, so the other body did not run "
          + "yet (it runs when this one suspends or ends). Start it outside these, e.g. before the "
          + "class is first used.";

  /** Made by each test before the initializer that reads it runs. */
  static volatile Completer<String> gate;

  static final List<String> log = new ArrayList<>();

  /** Reading V runs the initializer, which awaits a pending future. */
  static final class AwaitsPendingInInitializer {
    static final String V = "init " + await(gate.future());
  }

  /** Reading V runs the initializer, which awaits a value (resumed by a microtask). */
  static final class AwaitsValueInInitializer {
    static final String V = "init " + await("value");
  }

  /** Reading F runs the initializer, which starts a body: a hand-over. */
  static final class StartsABodyInInitializer {
    static final DFuture<String> F = Starter.start();
  }

  /** The started body's code lives here, so that running it later does not need the failed class. */
  static final class Starter {
    static DFuture<String> start() {
      return async(
          () -> {
            log.add("started body runs");
            return "started";
          });
    }
  }

  /** Reading R runs the initializer, which resumes a body awaiting the gate: a hand-over. */
  static final class ResumesABodyInInitializer {
    static final String R = Resumer.resume();
  }

  static final class Resumer {
    static String resume() {
      gate.complete("from init"); // A sync completer: resumes its awaiting body right here.
      return "r";
    }
  }

  /**
   * The await fails before what it awaits could complete (the gate is completed only afterwards),
   * with the carrier's text; the body runs on, and the late completion of the gate resumes
   * nothing: the body's next await gets its own value.
   */
  @Test
  void anAwaitInsideAClassInitializerFailsAtOnce() {
    Object[] seen =
        Dart.run(
            () -> {
              gate = new Completer<>();
              Throwable failure;
              try {
                failure = new AssertionError("read " + AwaitsPendingInInitializer.V);
              } catch (ExceptionInInitializerError e) {
                failure = e.getCause();
              }
              boolean gateCompleted = gate.isCompleted();
              Completer<String> next = new Completer<>();
              Timer.run(
                  () -> {
                    gate.complete("late"); // The abandoned await's listener: no taker.
                    next.complete("next");
                  });
              return new Object[] {failure, gateCompleted, await(next.future())};
            });
    assertInstanceOf(IllegalStateException.class, seen[0]);
    assertEquals(PINNED_AWAIT, ((Throwable) seen[0]).getMessage());
    assertEquals(false, seen[1], "failed at once, before the gate completed");
    assertEquals("next", seen[2]);
  }

  /**
   * An await of a value schedules the microtask that resumes it before the body suspends; when the
   * suspension fails, that microtask must resume nothing (before the fix it resumed the body's
   * next await with the failed await's value).
   */
  @Test
  void anAwaitOfAValueInsideAClassInitializerFailsAndItsMicrotaskResumesNothing() {
    Object[] seen =
        Dart.run(
            () -> {
              Dart.scheduleMicrotask(() -> {}); // Queued first: the await cannot take a fast path.
              Throwable failure;
              try {
                failure = new AssertionError("read " + AwaitsValueInInitializer.V);
              } catch (ExceptionInInitializerError e) {
                failure = e.getCause();
              }
              return new Object[] {failure, await(DFuture.delayed(Duration.ZERO, () -> "next"))};
            });
    assertEquals(PINNED_AWAIT, ((Throwable) seen[0]).getMessage());
    assertEquals("next", seen[1]);
  }

  /**
   * Starting a body inside a class initializer: the start fails at once in the starting body with
   * the hand-over text, and the started body is not lost: it runs when the starter suspends.
   */
  @Test
  void startingABodyInsideAClassInitializerFailsAtOnceAndTheBodyRunsLater() {
    log.clear();
    Dart.run(
        () -> {
          try {
            log.add("read " + StartsABodyInInitializer.F);
          } catch (ExceptionInInitializerError e) {
            log.add(e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage());
          }
          await(DFuture.delayed(Duration.ZERO));
          log.add("starter resumed");
        });
    assertEquals(
        List.of(
            "IllegalStateException: " + PINNED_HAND_OVER, "started body runs", "starter resumed"),
        log);
  }

  /**
   * Resuming a body inside a class initializer (a sync completer's completion): the hand-over
   * fails inside the completion, where it is the await listener's error, reported as uncaught in
   * the awaiting body's zone (as under the virtual-thread carrier); the initializer finishes, and
   * the resumed body runs when the resumer suspends, with its value.
   */
  @Test
  void resumingABodyInsideAClassInitializerIsAnUncaughtErrorAndTheBodyStillRuns() {
    log.clear();
    Dart.run(
        () -> {
          gate = Completer.sync();
          DFuture<String> waiter =
              Dart.runZonedGuarded(
                  () ->
                      async(
                          () -> {
                            String v = await(gate.future());
                            log.add("waiter got " + v);
                            return v;
                          }),
                  (error, stack) -> log.add("uncaught: " + error.getMessage()));
          log.add("read " + ResumesABodyInInitializer.R);
          await(DFuture.delayed(Duration.ZERO));
          log.add("resumer resumed, waiter: " + await(waiter));
        });
    assertEquals(
        List.of(
            "uncaught: " + PINNED_HAND_OVER, // Reported inside the completion, at once.
            "read r",
            "waiter got from init",
            "resumer resumed, waiter: from init"),
        log);
  }

  /** Where the generator below hands its sink to the initializer that yields. */
  static volatile AsyncStarSink<Integer> sinkForInitializer;

  /** Reading V runs the initializer, which yields from an async* body: a suspension too. */
  static final class YieldsInInitializer {
    static final String V = Yielder.yieldOne();
  }

  static final class Yielder {
    static String yieldOne() {
      sinkForInitializer.yield(1);
      return "yielded";
    }
  }

  /**
   * An async* body's yield inside a class initializer: the element is delivered, the suspension
   * fails at once in the body, and the yield's scheduled resumption resumes nothing (before the
   * fix it resumed the body's next await with the yield's value, and that await's own
   * completion then found it resumed twice).
   */
  @Test
  void aYieldInsideAClassInitializerFailsAndItsResumptionResumesNothing() {
    log.clear();
    Dart.run(
        () -> {
          DFuture<Void> done =
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        sinkForInitializer = sink;
                        try {
                          log.add("read " + YieldsInInitializer.V);
                        } catch (ExceptionInInitializerError e) {
                          log.add("yield failed: " + e.getCause().getMessage());
                        }
                        log.add("awaited " + await(DFuture.delayed(Duration.ZERO, () -> "next")));
                        sink.yield(2);
                      })
                  .forEach(v -> log.add("got " + v));
          await(done);
          log.add("done");
        });
    assertEquals(
        List.of("got 1", "yield failed: " + PINNED_AWAIT, "awaited next", "got 2", "done"), log);
  }

  /** The same on an isolate of Isolate.run, whose thread is a pool's. */
  @Test
  void aPinnedAwaitOnAPooledIsolateFailsAtOnce() {
    String out =
        Dart.<String>run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          try {
                            return "read " + PooledAwaitsInInitializer.V;
                          } catch (ExceptionInInitializerError e) {
                            String after =
                                await(DFuture.delayed(Duration.ofMillis(5), () -> "after"));
                            return e.getCause().getMessage() + " " + after;
                          }
                        })));
    assertEquals(PINNED_AWAIT + " after", out);
  }

  static final class PooledAwaitsInInitializer {
    static final String V = await(DFuture.delayed(Duration.ofMillis(200), () -> "v"));
  }

  /**
   * A blocking JDK call in a body blocks the whole isolate, as a synchronous call does in Dart: a
   * 10 ms timer due during a 50 ms sleep fires after the sleep ends.
   */
  @Test
  void aBlockingCallBlocksTheIsolate() {
    log.clear();
    Dart.run(
        () -> {
          Timer timer = new Timer(Duration.ofMillis(10), () -> log.add("timer"));
          await(
              async(
                  () -> {
                    Thread.sleep(50);
                    log.add("slept");
                  }));
          await(DFuture.delayed(Duration.ofMillis(20)));
          log.add("timer active: " + timer.isActive());
        });
    assertEquals(List.of("slept", "timer", "timer active: false"), log);
  }

  private static final ThreadLocal<String> LOCAL = new ThreadLocal<>();

  /**
   * A body runs on the isolate's own thread (here the caller's: Dart.run runs the loop on a
   * platform caller), so it sees that thread's ThreadLocals, and one body's set is another's get.
   */
  @Test
  void bodiesRunOnTheIsolatesThreadAndShareItsThreadLocals() {
    Thread caller = Thread.currentThread();
    LOCAL.set("set by the caller");
    try {
      Object[] seen =
          Dart.run(
              () -> {
                await(DFuture.delayed(Duration.ZERO));
                String before = LOCAL.get();
                Thread body = Thread.currentThread();
                Thread loop = Testing.loopThread();
                await(async(() -> LOCAL.set("set by another body")));
                await(DFuture.delayed(Duration.ZERO));
                return new Object[] {before, body, loop, LOCAL.get()};
              });
      assertEquals("set by the caller", seen[0]);
      assertSame(caller, seen[1]);
      assertSame(caller, seen[2]);
      assertEquals("set by another body", seen[3]);
      assertFalse(caller.isVirtual());
    } finally {
      LOCAL.remove();
    }
  }

  /** Interrupting "a body" interrupts the isolate's thread, which stops the isolate. */
  @Test
  void aBodysInterruptStopsTheIsolate() {
    InterruptedException stopped =
        assertThrows(
            InterruptedException.class,
            () ->
                Dart.run(
                    () -> {
                      Thread.currentThread().interrupt();
                      await(DFuture.delayed(Duration.ofMillis(10)));
                      return "not reached";
                    }));
    assertTrue(Thread.interrupted(), "Dart.run keeps the interrupt for its caller");
    assertTrue(stopped.getMessage().startsWith("The isolate's thread was interrupted"), stopped::getMessage);
  }

  /**
   * An await inside synchronized suspends (the monitor stays with the suspended body), and the
   * body exits the monitor when it resumes.
   */
  @Test
  void anAwaitInsideSynchronizedSuspends() {
    Object lock = new Object();
    String v =
        Dart.run(
            () -> {
              DFuture<String> inside =
                  async(
                      () -> {
                        synchronized (lock) {
                          return await(DFuture.delayed(Duration.ofMillis(5), () -> "v"));
                        }
                      });
              boolean heldWhileSuspended = Thread.holdsLock(lock);
              String r = await(inside);
              return r + " " + heldWhileSuspended + " " + Thread.holdsLock(lock);
            });
    assertEquals("v false false", v);
  }
}
