package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dartasync.CarrierKind;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.internal.Testing;
import dev.dartasync.testing.CarrierAssumptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The flag-free carrier's baton never loses a wake-up. A holder hands the baton on with a store
 * and an unpark; the JDK's unpark does nothing when the thread's park permit is set already (an
 * earlier unpark that came while the thread still ran), so with a release store the waiter could
 * use that old permit up, read the baton before the store reached it, and park for good. Bodies
 * that spin a little before they park make such early unparks common: with the release store this
 * test hung within about a million hand-offs (two bodies parked, the isolate's thread waiting for
 * them); with the volatile store it passes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BatonHandOffTest {

  @BeforeEach
  void onlyUnderTheFlagFreeCarrier() {
    CarrierAssumptions.assumeCarrier(CarrierKind.FLAG_FREE, "the baton is the flag-free carrier's");
  }

  @AfterEach
  void parkAtOnceAgain() {
    Testing.setBatonSpins(0);
  }

  /** Two inboxes: each side renews its own before it answers the other. */
  static final class Inboxes {
    Completer<Integer> a;
    Completer<Integer> b;
  }

  /** {@code rounds} round trips between two bodies; returns the sum main received. */
  static long pingPong(int rounds) {
    return Dart.run(
        () -> {
          Inboxes box = new Inboxes();
          box.b = new Completer<>();
          DFuture<Void> b =
              async(
                  () -> {
                    for (int i = 0; i < rounds; i++) {
                      int v = await(box.b.future());
                      box.b = new Completer<>();
                      box.a.complete(v + 1);
                    }
                  });
          long sum = 0;
          for (int i = 0; i < rounds; i++) {
            Completer<Integer> mine = new Completer<>();
            box.a = mine;
            box.b.complete(i);
            sum += await(mine.future());
          }
          await(b);
          return sum;
        });
  }

  @Test
  void fourMillionHandOffsWithEarlyUnparksAllArrive() throws Exception {
    Testing.setBatonSpins(200); // About 4 us of looking before each park.
    int rounds = 100_000;
    long expected = (long) rounds * (rounds + 1) / 2; // Sum of i + 1 for i below rounds.
    for (int run = 0; run < 20; run++) { // 20 runs of 200,000 hand-offs.
      CompletableFuture<Long> sum = CompletableFuture.supplyAsync(() -> pingPong(rounds));
      try {
        assertEquals(expected, sum.get(20, TimeUnit.SECONDS), "run " + run);
      } catch (TimeoutException e) {
        fail(
            "run "
                + run
                + " of 200,000 hand-offs did not end in 20 s: a body waits for a baton it was"
                + " handed (a lost wake-up)");
      } catch (ExecutionException e) {
        throw new AssertionError("run " + run, e.getCause());
      }
    }
  }
}
