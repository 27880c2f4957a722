package dev.dartasync.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that carry spawned isolates (platform threads; virtual ones under the flag-free
 * carrier), and the one thread that wakes idle isolates for
 * their timers.
 *
 * <p>An isolate holds a pool thread only while it has something to run (a turn); an idle isolate
 * holds none, so 1,000 isolates waiting on their ports cost 1,000 loops, not 1,000 threads. The pool
 * grows with the number of isolates running at the same moment (a busy isolate never waits for
 * another: CPU work in one isolate never delays another's timers) and keeps an idle thread for
 * {@value #KEEP_ALIVE_SECONDS} s, so that isolates started one after another reuse a warm thread
 * (a platform thread start and join costs about 210 us here; a reused one a few microseconds).
 * Threads are daemons: the main isolate decides when the program ends.
 */
final class IsolatePool {
  private IsolatePool() {}

  static final int KEEP_ALIVE_SECONDS = 2;

  private static final AtomicInteger THREADS = new AtomicInteger();

  static final ExecutorService TURNS = createTurns();

  /**
   * Platform threads for the virtual-thread carrier; a virtual thread per turn for the flag-free
   * carrier, whose hand-offs must not pass through a platform thread (they would cost 6.7 to 58 us
   * each instead of about 1 us).
   */
  private static ExecutorService createTurns() {
    if (Carriers.loopThreadIsVirtual()) {
      return java.util.concurrent.Executors.newThreadPerTaskExecutor(
          Thread.ofVirtual().name("dart-async isolate carrier ", 1).factory());
    }
    return new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          KEEP_ALIVE_SECONDS,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          r -> {
            Thread t = new Thread(r, "dart-async isolate carrier " + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
  }

  /** Where turns go: {@link #TURNS}, or a test's executor ({@code Testing.setIsolatePool}). */
  static volatile java.util.concurrent.Executor turns = TURNS;

  private static final ScheduledThreadPoolExecutor TIMERS = createTimers();

  private static ScheduledThreadPoolExecutor createTimers() {
    ScheduledThreadPoolExecutor timers =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "dart-async isolate timers");
              t.setDaemon(true);
              return t;
            });
    timers.setRemoveOnCancelPolicy(true);
    return timers;
  }

  /**
   * Wakes the pooled loop of {@code driver} after {@code delayMillis} (for its next timer); any
   * thread. Cancelling the returned task removes it from the timer thread's queue
   * (remove-on-cancel).
   */
  static java.util.concurrent.ScheduledFuture<?> wakeAt(PooledTurnDriver driver, long delayMillis) {
    return TIMERS.schedule(driver::timerWake, delayMillis, TimeUnit.MILLISECONDS);
  }
}
