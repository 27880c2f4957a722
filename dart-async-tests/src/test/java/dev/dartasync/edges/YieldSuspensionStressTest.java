package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hand-overs, fast-path resumptions, sync and async completers, a body's own Thread.yield() and
 * foreign interrupts, mixed, on the main isolate and on 8 pooled isolates at once; and the pinned
 * watchdog on a pooled isolate.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class YieldSuspensionStressTest {

  static final class AwaitsInInit {
    static final String V = await(DFuture.delayed(Duration.ofMillis(5), () -> "v"));
  }

  static long work(ConcurrentLinkedQueue<Thread> bodies) {
    int n = 40;
    List<Completer<Integer>> cs = new ArrayList<>();
    List<DFuture<Integer>> fs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Completer<Integer> c = (i % 2 == 0) ? Completer.sync() : new Completer<>();
      cs.add(c);
    }
    for (int i = 0; i < n; i++) {
      int k = i;
      fs.add(
          async(
              () -> {
                bodies.add(Thread.currentThread());
                int sum = 0;
                for (int r = 0; r < 50; r++) {
                  if ((r + k) % 7 == 0) {
                    Thread.yield();
                  }
                  if ((r + k) % 11 == 0) {
                    await(DFuture.delayed(Duration.ZERO));
                  }
                  sum += await(DFuture.value(r));
                }
                int v = await(cs.get(k).future());
                Thread.interrupted();
                return sum + v;
              }));
    }
    for (int i = 0; i < n; i++) {
      await(DFuture.delayed(Duration.ofMillis(ThreadLocalRandom.current().nextInt(2))));
      cs.get(i).complete(i);
    }
    long total = 0;
    for (DFuture<Integer> f : fs) {
      total += await(f);
    }
    return total;
  }

  static long expected() {
    int n = 40;
    long t = 0;
    for (int i = 0; i < n; i++) {
      t += 50 * 49 / 2 + i;
    }
    return t;
  }

  private static Thread interrupter(ConcurrentLinkedQueue<Thread> bodies, AtomicBoolean stop) {
    Thread t =
        new Thread(
            () -> {
              while (!stop.get()) {
                for (Thread b : bodies) {
                  if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    b.interrupt();
                  }
                }
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
              }
            });
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Test
  void mainIsolateMixed() {
    for (int rep = 0; rep < 5; rep++) {
      ConcurrentLinkedQueue<Thread> bodies = new ConcurrentLinkedQueue<>();
      AtomicBoolean stop = new AtomicBoolean();
      interrupter(bodies, stop);
      try {
        assertEquals(expected(), (long) Dart.<Long>run(() -> work(bodies)));
      } finally {
        stop.set(true);
      }
    }
  }

  @Test
  void pooledIsolatesMixed() {
    ConcurrentLinkedQueue<Thread> bodies = new ConcurrentLinkedQueue<>();
    AtomicBoolean stop = new AtomicBoolean();
    interrupter(bodies, stop);
    try {
      long total =
          Dart.<Long>run(
              () -> {
                List<DFuture<Long>> runs = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                  runs.add(Isolate.run(() -> work(bodies)));
                }
                long t = 0;
                for (DFuture<Long> r : runs) {
                  t += await(r);
                }
                return t;
              });
      assertEquals(8 * expected(), total);
    } finally {
      stop.set(true);
    }
  }

  /** The watchdog on a pooled isolate: a pinned await fails instead of hanging. */
  @Test
  void pinnedAwaitOnAPooledIsolateFails() {
    assumeVirtualThreadCarrier(CarrierAssumptions.PINNED_WATCHDOG);
    String out =
        Dart.<String>run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          try {
                            return "read " + AwaitsInInit.V;
                          } catch (ExceptionInInitializerError e) {
                            String m = e.getCause().getMessage();
                            String after =
                                await(DFuture.delayed(Duration.ofMillis(5), () -> "after"));
                            return (m.contains("could not unmount") ? "pinned" : m) + " " + after;
                          }
                        })));
    assertEquals("pinned after", out);
  }
}
