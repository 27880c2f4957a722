package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 3: a virtual thread started inside an async body inherits the body's scheduler (the
 * JDK's rule), which was the isolate's loop, so "offloaded" work ran on the isolate's thread and a
 * thread parked when the isolate ended never finished. Only the isolate's own bodies may run on its
 * loop; every other virtual thread goes to the JDK's default scheduler.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OffloadedThreadsTest {

  /** 300 ms of CPU offloaded to a child virtual thread must not delay a 10 ms timer past 200 ms. */
  @Test
  void cpuWorkOnAChildVirtualThreadDoesNotDelayTheIsolatesTimers() {
    // Flag-free, the child and the isolate share the JDK's scheduler: it holds with 2 threads.
    org.junit.jupiter.api.Assumptions.assumeTrue(
        dev.dartasync.testing.CarrierAssumptions.isVirtualThreadCarrier()
            || Runtime.getRuntime().availableProcessors() >= 2,
        "under the flag-free carrier a CPU-bound child holds up a 1-core scheduler");
    long timerMillis =
        Dart.run(
            () -> {
              CompletableFuture<Long> offloaded = new CompletableFuture<>();
              Thread.ofVirtual().start(() -> offloaded.complete(spin(300)));
              long start = System.nanoTime();
              await(DFuture.delayed(Duration.ofMillis(10)));
              long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
              await(DFuture.fromCompletionStage(offloaded));
              return waited;
            });
    assertTrue(timerMillis < 200, "the 10 ms timer fired after " + timerMillis + " ms");
  }

  /** The same through a virtual-thread-per-task executor created inside a body. */
  @Test
  void anExecutorCreatedInsideABodyRunsElsewhere() {
    assumeVirtualThreadCarrier("gives a body's children its scheduler, to send elsewhere");
    Thread[] seen =
        Dart.run(
            () -> {
              Thread body = Thread.currentThread();
              try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                CompletableFuture<Thread> carrier = new CompletableFuture<>();
                pool.submit(() -> carrier.complete(currentCarrier()));
                Thread childCarrier = await(DFuture.fromCompletionStage(carrier));
                return new Thread[] {body, childCarrier, currentCarrier()};
              }
            });
    assertNotSame(seen[2], seen[1], "the child ran on the isolate's carrier");
  }

  /** A child parked when the isolate ends still finishes: its resumption is not lost. */
  @Test
  void aChildParkedWhenTheIsolateEndsStillFinishes() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(1);
    Dart.run(
        () -> {
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      release.await();
                      Thread.sleep(10);
                    } catch (InterruptedException e) {
                      return;
                    }
                    finished.countDown();
                  });
        });
    release.countDown();
    assertTrue(finished.await(10, TimeUnit.SECONDS), "the child never finished");
  }

  /** A body still sees itself as the isolate; a child thread belongs to no isolate. */
  @Test
  void aChildThreadBelongsToNoIsolate() {
    String outcome =
        Dart.run(
            () -> {
              CompletableFuture<String> inChild = new CompletableFuture<>();
              Thread.ofVirtual()
                  .start(
                      () -> {
                        try {
                          Dart.scheduleMicrotask(() -> {});
                          inChild.complete("scheduled");
                        } catch (IllegalStateException e) {
                          inChild.complete("no isolate");
                        }
                      });
              return await(DFuture.fromCompletionStage(inChild));
            });
    assertEquals("no isolate", outcome);
  }

  private static long spin(long millis) {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    long n = 0;
    while (System.nanoTime() < end) {
      n++;
    }
    return n;
  }

  private static Thread currentCarrier() {
    return dev.dartasync.internal.Testing.carrierThread();
  }
}
