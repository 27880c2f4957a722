package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.internal.Testing;
import dev.dartasync.isolate.Isolate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bodies suspend by yielding their virtual thread (architecture §4): the edges of that protocol.
 * Awaits inside {@code synchronized} (JDK 24+ unmounts there), foreign interrupts of a suspended
 * body, pooled isolates whose carrier thread changes between turns, and the park a body falls back
 * to when its yield cannot unmount.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class YieldSuspensionTest {

  private static final Object LOCK = new Object();

  /**
   * JDK 24+: an await inside synchronized unmounts. Were it pinned, the watchdog would fail the
   * await with its IllegalStateException and Dart.run would throw it.
   */
  @Test
  void awaitInsideSynchronizedIsNotPinned() {
    String v =
        Dart.run(
            () -> {
              synchronized (LOCK) {
                return await(DFuture.delayed(Duration.ofMillis(5), () -> "v"));
              }
            });
    assertEquals("v", v);
  }

  /**
   * A body that suspended by a park (the fallback of a yield that could not unmount, here taken
   * on purpose) is resumed with an unpark: a park that did unmount leaves a PARKED thread that the
   * carrier's queue alone cannot run. Without the unpark the isolate ran dry with the body lost.
   */
  @Test
  void aBodySuspendedByTheParkFallbackIsResumed() {
    assumeVirtualThreadCarrier("falls back to a park when a yield cannot unmount");
    String v =
        Dart.run(
            () -> {
              Completer<String> c = new Completer<>();
              DFuture<String> waiter = async(() -> Testing.awaitByPark(c.future()));
              await(DFuture.delayed(Duration.ofMillis(20)));
              c.complete("resumed");
              return await(waiter);
            });
    assertEquals("resumed", v);
  }

  /** Two bodies contend for one monitor; one awaits while holding it. */
  @Test
  void monitorContentionAcrossAnAwait() {
    // Under the flag-free carrier a blocked body holds its isolate, so b would never get the
    // monitor a holds across its await: Java's deadlock (semantics §12.16), not testable without
    // leaking a thread; CarrierEdgesTest.aBlockingCallInABody pins the order there.
    assumeVirtualThreadCarrier("lets the isolate run on while a body blocks on a monitor");
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Completer<String> c = new Completer<>();
          DFuture<Void> a =
              async(
                  () -> {
                    synchronized (LOCK) {
                      log.add("a in");
                      log.add("a got " + await(c.future()));
                    }
                  });
          DFuture<Void> b =
              async(
                  () -> {
                    synchronized (LOCK) { // blocks in the JDK: a holds it
                      log.add("b in");
                    }
                  });
          await(DFuture.delayed(Duration.ofMillis(10)));
          c.complete("x");
          await(a);
          await(b);
          return null;
        });
    assertEquals(List.of("a in", "a got x", "b in"), log);
  }

  /** A foreign interrupt of an awaiting body, then a real park in the body after resume. */
  @Test
  void foreignInterruptWhileAwaitingThenRealParkAndAwaitAgain() {
    AtomicReference<Thread> bodyThread = new AtomicReference<>();
    String out =
        Dart.run(
            () -> {
              Completer<String> c = new Completer<>();
              DFuture<String> waiter =
                  async(
                      () -> {
                        bodyThread.set(Thread.currentThread());
                        String v = await(c.future());
                        boolean flag = Thread.interrupted();
                        // A real park: the permit the interrupt left makes it return at once.
                        LockSupport.parkNanos(1_000_000);
                        String w = await(DFuture.delayed(Duration.ofMillis(5), () -> "w"));
                        return v + flag + w;
                      });
              Thread t = new Thread(() -> bodyThread.get().interrupt());
              t.start();
              t.join();
              await(DFuture.delayed(Duration.ofMillis(20)));
              c.complete("v");
              return await(waiter);
            });
    assertEquals("vtruew", out);
  }

  /** A pooled isolate: awaits across turns (timers), hand-overs and interrupts. */
  @Test
  void pooledIsolateAcrossTurns() {
    int n =
        Dart.<Integer>run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          int total = 0;
                          for (int i = 0; i < 30; i++) {
                            Completer<Integer> c = Completer.sync();
                            int k = i;
                            DFuture<Integer> other =
                                async(
                                    () -> {
                                      int x = await(c.future());
                                      await(DFuture.delayed(Duration.ofMillis(1)));
                                      return x + 1;
                                    });
                            await(DFuture.delayed(Duration.ofMillis(1)));
                            if (k % 5 == 0) {
                              Thread.currentThread().interrupt();
                            }
                            c.complete(k);
                            total += await(other);
                            Thread.interrupted();
                          }
                          return total;
                        })));
    assertEquals(30 * 29 / 2 + 30, n);
  }
}
