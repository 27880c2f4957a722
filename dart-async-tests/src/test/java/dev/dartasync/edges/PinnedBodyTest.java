package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
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
}
