package dev.dartasync.edges;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 9: a body whose virtual thread cannot unmount (pinned: {@code await} inside a class
 * initializer, inside {@code synchronized} on JDK 21-23, under a native frame, or a yield that
 * failed for lack of memory) parks its carrier, which is the whole isolate. Before the fix that was
 * a silent 0%-CPU deadlock. Now the await fails within a bound with an error that names the cause,
 * and the isolate goes on.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PinnedBodyTest {

  /** Reading this class's constant runs its initializer, which awaits: a pinned park. */
  static final class AwaitsInInitializer {
    static final String V = await(DFuture.delayed(Duration.ofMillis(20), () -> "v"));
  }

  /** Starting a body inside a class initializer hands the carrier over: pinned as well. */
  static final class StartsABodyInInitializer {
    static final DFuture<String> F = Starter.start();
  }

  /** The started body's code lives here, so that running it later does not need the failed class. */
  static final class Starter {
    static DFuture<String> start() {
      return Dart.async(() -> "started");
    }
  }

  @Test
  void startingABodyInsideAClassInitializerFailsInsteadOfHanging() {
    assumeVirtualThreadCarrier(CarrierAssumptions.PINNED_WATCHDOG);
    String outcome =
        Dart.run(
            () -> {
              String seen;
              try {
                seen = "read " + StartsABodyInInitializer.F;
              } catch (ExceptionInInitializerError e) {
                seen = e.getCause().getMessage();
              }
              await(DFuture.delayed(Duration.ofMillis(10)));
              return seen;
            });
    assertTrue(outcome.contains("could not unmount"), outcome);
  }

  @Test
  void anAwaitInsideAClassInitializerFailsInsteadOfHanging() {
    assumeVirtualThreadCarrier(CarrierAssumptions.PINNED_WATCHDOG);
    String[] afterwards = new String[1];
    Throwable failure =
        Dart.run(
            () -> {
              Throwable seen;
              try {
                String v = AwaitsInInitializer.V;
                seen = new AssertionError("read " + v);
              } catch (ExceptionInInitializerError e) {
                seen = e.getCause();
              }
              // The isolate goes on: the timer the failed await waited for fires into nothing.
              afterwards[0] = await(DFuture.delayed(Duration.ofMillis(50), () -> "still running"));
              return seen;
            });
    assertInstanceOf(IllegalStateException.class, failure);
    String message = failure.getMessage();
    assertTrue(message.contains("could not unmount"), message);
    assertTrue(message.contains("class initializer"), message);
    assertEquals("still running", afterwards[0]);
  }

  /** Where the generator below hands its sink to the initializer that yields. */
  static volatile AsyncStarSink<Integer> sinkForInitializer;

  /** Reading V runs the initializer, which yields from an async* body: a pinned suspension. */
  static final class YieldsInInitializer {
    static final String V = Yielder.yieldOne();
  }

  /** The yield's code lives here, so that running it does not need the failed class. */
  static final class Yielder {
    static String yieldOne() {
      sinkForInitializer.yield(1);
      return "yielded";
    }
  }

  /**
   * An async* body's yield inside a class initializer: the watchdog fails the pinned suspension,
   * and the yield's scheduled resumption then resumes nothing. Before the fix it resumed the
   * body's next await with the yield's value (the await returned false, and its own completion
   * found the body resumed twice).
   */
  @Test
  void aPinnedYieldThatTheWatchdogFailedResumesNothingLater() {
    assumeVirtualThreadCarrier(CarrierAssumptions.PINNED_WATCHDOG);
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    Dart.run(
        () -> {
          DFuture<Void> done =
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        sinkForInitializer = sink;
                        try {
                          log.add("read " + YieldsInInitializer.V);
                        } catch (ExceptionInInitializerError e) {
                          log.add("yield failed: " + e.getCause().getClass().getSimpleName());
                        }
                        log.add("awaited " + await(DFuture.delayed(Duration.ZERO, () -> "next")));
                        sink.yield(2);
                      })
                  .forEach(v -> log.add("got " + v));
          await(done);
          log.add("done");
        });
    assertEquals(
        List.of(
            "got 1", "yield failed: IllegalStateException", "awaited next", "got 2", "done"),
        log);
  }
}
