package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.CarrierKind;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.internal.Testing;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What only the flag-free carrier does (the build's second run of the suite, in a JVM with no
 * flag): the isolate's thread is a virtual thread, each body an ordinary virtual thread of its
 * own, and an await that cannot unmount (inside a class initializer) still resumes, since it holds
 * a thread of the JDK's scheduler rather than the isolate's only thread.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FlagFreeCarrierTest {

  @BeforeEach
  void onlyUnderTheFlagFreeCarrier() {
    CarrierAssumptions.assumeCarrier(CarrierKind.FLAG_FREE, "runs bodies as ordinary threads");
  }

  /** Made by the test, on its isolate, before the initializer below is first read. */
  static volatile Completer<String> initGate;

  /** Reading V runs the initializer, which awaits: a pinned await (a native frame below it). */
  static final class AwaitsInInitializer {
    static final String V = "init " + await(initGate.future());
  }

  /**
   * The isolate's thread is virtual even when Dart.run is called on a platform thread, and each
   * body runs on a virtual thread of its own, apart from it.
   */
  @Test
  void theIsolatesThreadAndEachBodyAreVirtualThreads() {
    assertFalse(Thread.currentThread().isVirtual(), "JUnit calls tests on a platform thread");
    Thread[] seen =
        Dart.run(
            () -> {
              Thread loop = Testing.loopThread();
              Thread main = Thread.currentThread();
              Thread other = await(async(Thread::currentThread));
              return new Thread[] {loop, main, other};
            });
    assertTrue(seen[0].isVirtual(), "the isolate's thread: " + seen[0]);
    assertTrue(seen[1].isVirtual() && seen[2].isVirtual(), "the bodies' threads");
    assertNotSame(seen[0], seen[1]);
    assertNotSame(seen[1], seen[2]);
  }

  /**
   * An await inside a class initializer cannot unmount its virtual thread (the initializer is a
   * native frame), so it parks the JDK's carrier thread under it; the baton goes on all the same
   * and the isolate completes the future, so the initializer finishes. (Under the virtual-thread
   * carrier such an await would park the isolate's only thread, and its watchdog fails it.)
   */
  @Test
  void anAwaitInsideAClassInitializerResumes() {
    String v =
        Dart.run(
            () -> {
              initGate = new Completer<>();
              DFuture<String> reader = async(() -> AwaitsInInitializer.V);
              await(DFuture.delayed(Duration.ofMillis(20)));
              initGate.complete("done");
              return await(reader);
            });
    assertEquals("init done", v);
  }

  /**
   * An interrupt of the isolate's thread that arrives while a body holds the baton stops the
   * isolate before the next body runs, also when the baton would pass body to body: here body A
   * interrupts the isolate's thread, waits until it has seen the interrupt, and resumes B through
   * a sync completer. Before the fix the direct pass asked the thread's flag, which the waiting
   * loop had already cleared (it keeps the interrupt for its next look), and B ran.
   */
  @Test
  void anInterruptOfTheIsolatesThreadStopsItBeforeADirectPass() {
    java.util.List<String> log = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    Throwable thrown =
        org.junit.jupiter.api.Assertions.assertThrows(
            Throwable.class,
            () ->
                Dart.run(
                    () -> {
                      Thread loop = Testing.loopThread();
                      Completer<String> gate = Completer.sync();
                      DFuture<Void> b =
                          async(
                              () -> {
                                await(gate.future());
                                log.add("B ran");
                              });
                      loop.interrupt();
                      long until = System.nanoTime() + 50_000_000L; // Let the loop see it.
                      while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                      }
                      gate.complete("go"); // Resumes B: a hand-over, body to body.
                      log.add("A after complete");
                      await(b);
                      return null;
                    }));
    assertTrue(thrown instanceof InterruptedException, String.valueOf(thrown));
    assertEquals(java.util.List.of(), log);
  }
}
