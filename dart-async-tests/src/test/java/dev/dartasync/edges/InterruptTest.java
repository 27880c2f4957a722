package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 2: interrupts. A parked virtual thread's park returns at once while its interrupt
 * flag is set, so before the fix a body that awaited with the flag set, or a loop whose thread was
 * interrupted, spun at 100% CPU. Now: an interrupt of a body is kept (the flag is set again after
 * the await resumes) and never spins; interrupting the loop thread stops the isolate with a clear
 * error thrown by {@code Dart.run}. The CPU time of the isolate's thread is the witness.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InterruptTest {

  private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

  /** Step by step: 1 the body interrupts itself and awaits 300 ms; 2 it resumes, flag still set. */
  @Test
  void aBodyThatAwaitsWithItsInterruptFlagSetDoesNotSpinAndKeepsTheFlag() {
    long[] cpu = new long[2];
    boolean flagAfter =
        Dart.run(
            () -> {
              long loopThreadId = loopThreadId();
              cpu[0] = MX.getThreadCpuTime(loopThreadId);
              Thread.currentThread().interrupt();
              await(DFuture.delayed(Duration.ofMillis(300)));
              cpu[1] = MX.getThreadCpuTime(loopThreadId);
              return Thread.interrupted();
            });
    assertTrue(flagAfter, "the interrupt is kept across the await");
    long burnt = TimeUnit.NANOSECONDS.toMillis(cpu[1] - cpu[0]);
    assertTrue(burnt < 150, "the isolate's thread burnt " + burnt + " ms of CPU in a 300 ms await");
  }

  /** Another thread interrupts a parked body: it stays parked, and the flag is set after resume. */
  @Test
  void aForeignInterruptOfAParkedBodyIsKeptAndDoesNotWakeIt() {
    String outcome =
        Dart.run(
            () -> {
              Thread body = Thread.currentThread();
              Thread interrupter = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                  body.interrupt();
                  try {
                    Thread.sleep(2);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              });
              DFuture<String> later = DFuture.delayed(Duration.ofMillis(200), () -> "resumed");
              interrupter.start();
              String v = await(later);
              interrupter.join(5_000);
              return v + " interrupted=" + Thread.interrupted();
            });
    assertEquals("resumed interrupted=true", outcome);
  }

  /**
   * Interrupting the loop's own thread (as ExecutorService.shutdownNow does) stops the isolate:
   * Dart.run throws a clear error at once instead of spinning, and the caller's flag is set.
   */
  @Test
  void interruptingTheLoopThreadStopsTheIsolateWithAClearError() throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    AtomicLong loopThread = new AtomicLong();
    Future<Object> run =
        pool.submit(
            () -> {
              try {
                Dart.run(
                    () -> {
                      loopThread.set(loopThreadId());
                      new Timer(Duration.ofSeconds(20), () -> {});
                    });
                return "returned";
              } catch (Throwable e) {
                return new Object[] {e, Thread.currentThread().isInterrupted()};
              }
            });
    while (loopThread.get() == 0) {
      Thread.sleep(5);
    }
    Thread.sleep(50);
    long before = MX.getThreadCpuTime(loopThread.get());
    pool.shutdownNow(); // Interrupts the loop thread.
    Object outcome = run.get(10, TimeUnit.SECONDS);
    pool.awaitTermination(5, TimeUnit.SECONDS);
    Object[] failure = assertInstanceOf(Object[].class, outcome, String.valueOf(outcome));
    Throwable error = (Throwable) failure[0];
    assertInstanceOf(InterruptedException.class, error);
    assertTrue(error.getMessage().contains("interrupted"), error.getMessage());
    assertEquals(true, failure[1], "the interrupt flag is set again for the caller");
    long after = MX.getThreadCpuTime(loopThread.get());
    assertTrue(after < 0 || TimeUnit.NANOSECONDS.toMillis(after - before) < 500);
  }

  /**
   * An interrupt of the loop thread from a callback on the loop (no body mounted) stops it at the
   * next mount or event. (One that arrives while a body is mounted is cleared by the JDK when the
   * body unmounts: the carrier's flag is not the body's.)
   */
  @Test
  void theLoopStopsWhenInterruptedFromACallback() {
    Throwable error =
        assertThrows(
            Throwable.class,
            () ->
                Dart.run(
                    () -> {
                      Thread loop = loopThread();
                      Dart.scheduleMicrotask(loop::interrupt);
                      async(() -> await(null));
                      new Timer(Duration.ofSeconds(20), () -> {});
                    }));
    assertInstanceOf(InterruptedException.class, error);
    assertTrue(Thread.interrupted(), "the flag is restored on the caller");
  }

  /**
   * A virtual thread that called Dart.run (the isolate runs on a platform thread of its own) and
   * is interrupted: the interrupt is passed on, the isolate stops, and the caller gets the error
   * with its flag set.
   */
  @Test
  void interruptingAVirtualCallerStopsItsIsolate() throws Exception {
    AtomicLong started = new AtomicLong();
    Object[] outcome = new Object[2];
    Thread caller =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    Dart.run(
                        () -> {
                          started.set(1);
                          new Timer(Duration.ofSeconds(20), () -> {});
                        });
                    outcome[0] = "returned";
                  } catch (Throwable e) {
                    outcome[0] = e;
                  }
                  outcome[1] = Thread.currentThread().isInterrupted();
                });
    while (started.get() == 0) {
      Thread.sleep(5);
    }
    caller.interrupt();
    caller.join(10_000);
    assertInstanceOf(InterruptedException.class, outcome[0], String.valueOf(outcome[0]));
    assertEquals(true, outcome[1]);
  }

  /** The id of the isolate's platform thread (the carrier of the calling body). */
  static long loopThreadId() {
    return loopThread().threadId();
  }

  static Thread loopThread() {
    return dev.dartasync.internal.Testing.loopThread();
  }
}
