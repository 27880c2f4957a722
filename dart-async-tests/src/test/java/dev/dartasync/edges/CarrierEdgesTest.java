package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.testing.CarrierAssumptions;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The edges every carrier must get right, run under each (the build runs the suite once per
 * carrier): a million suspended bodies, an out-of-memory error in a body, a blocking call, child
 * threads and a second isolate. Where a carrier differs by design (a blocking call), the test
 * says what each one does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CarrierEdgesTest {

  @RegisterExtension final Expect ex = new Expect();

  /**
   * A million bodies suspended at once on one pending future, then resumed by its completion in
   * the order they awaited (Dart runs a future's listeners in registration order).
   */
  @Test
  void aMillionSuspendedBodiesAllResumeInOrder() {
    int n = 1_000_000;
    long[] result =
        Dart.run(
            () -> {
              Completer<Integer> gate = new Completer<>();
              int[] resumed = {0};
              long[] orderSum = {0};
              List<DFuture<Void>> all = new ArrayList<>(n);
              for (int i = 0; i < n; i++) {
                int index = i;
                all.add(
                    async(
                        () -> {
                          int v = await(gate.future());
                          // Weighted by position: only the registration order gives this sum.
                          orderSum[0] += (long) resumed[0]++ * index + v;
                        }));
              }
              gate.complete(1);
              await(DFuture.wait(all));
              return new long[] {resumed[0], orderSum[0]};
            });
    assertEquals(n, result[0]);
    long expected = 0;
    for (long i = 0; i < n; i++) {
      expected += i * i + 1;
    }
    assertEquals(expected, result[1], "bodies resumed out of their await order");
  }

  /**
   * An OutOfMemoryError thrown in a body after an await is the body's error like any other: here
   * uncaught, it stops the isolate and Dart.run throws it; the next isolate runs normally.
   */
  @Test
  void anOutOfMemoryErrorInABodyStopsItsIsolateAndTheNextOneRuns() {
    Throwable thrown =
        assertThrows(
            Throwable.class,
            () ->
                Dart.run(
                    () -> {
                      await(DFuture.delayed(Duration.ofMillis(1)));
                      long[] huge = new long[Integer.MAX_VALUE - 2]; // over the VM's array limit
                      return huge.length;
                    }));
    assertInstanceOf(OutOfMemoryError.class, thrown);
    assertEquals(
        "after", Dart.run(() -> await(DFuture.delayed(Duration.ofMillis(1), () -> "after"))));
  }

  /**
   * A blocking JDK call inside a body: under the virtual-thread carrier it parks only that body,
   * and a due timer runs meanwhile (an implicit await); under the flag-free carrier it holds the
   * isolate, as a synchronous call does in Dart, and the timer runs after it.
   */
  @Test
  void aBlockingCallInABody() {
    Dart.run(
        () -> {
          ex.expect(1);
          Timer.run(() -> ex.expect(CarrierAssumptions.isVirtualThreadCarrier() ? 3 : 4));
          DFuture<Void> sleeper =
              async(
                  () -> {
                    await(null); // Let the timer become due first: it is queued before us.
                    ex.expect(2);
                    Thread.sleep(100);
                    ex.expect(CarrierAssumptions.isVirtualThreadCarrier() ? 4 : 3);
                  });
          await(sleeper);
          await(DFuture.delayed(Duration.ofMillis(1)));
          ex.finish(5);
        });
  }

  /**
   * A thread a body starts is an ordinary thread of no isolate: its result comes back through a
   * completion stage, and the body resumes on its isolate.
   */
  @Test
  void aChildThreadsResultComesBackToTheIsolate() {
    String v =
        Dart.run(
            () -> {
              CompletableFuture<String> child = new CompletableFuture<>();
              Thread.ofVirtual().start(() -> child.complete("child"));
              Object isolate = Isolate.current().controlPort();
              String got = await(DFuture.fromCompletionStage(child));
              boolean home = Isolate.current().controlPort().equals(isolate);
              return got + (home ? " back on its isolate" : " elsewhere");
            });
    assertEquals("child back on its isolate", v);
  }

  /** Two isolates hand a value back and forth through ports, each carried by its own thread. */
  @Test
  void aSecondIsolateAnswersThroughPorts() {
    int v =
        Dart.run(
            () -> {
              int total = 0;
              for (int i = 1; i <= 3; i++) {
                int k = i;
                total += await(Isolate.run(() -> k * 10));
              }
              return total;
            });
    assertEquals(60, v);
  }
}
