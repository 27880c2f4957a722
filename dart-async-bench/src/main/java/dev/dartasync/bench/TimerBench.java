package dev.dartasync.bench;

import dev.dartasync.Dart;
import dev.dartasync.Timer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Row 5: {@link #N} timers created on the loop's own thread and fired; reported per timer.
 *
 * <ul>
 *   <li><b>zero</b>: {@code Duration.ZERO} timers (in Dart an ordinary event each). Vert.x refuses
 *       timers under 1 ms, so its zero-delay peer is {@code runOnContext}.
 *   <li><b>staggered</b>: delays of 1 to 10 ms, round robin. The run cannot end before the last
 *       deadline (about 11 ms), so every implementation has a floor of about 110 ns per timer.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class TimerBench {

  static final int N = 100_000;
  static final int SPREAD_MS = 10;
  static final Duration[] DELAYS = new Duration[SPREAD_MS];

  static {
    for (int i = 0; i < SPREAD_MS; i++) {
      DELAYS[i] = Duration.ofMillis(1 + i);
    }
  }

  long count;

  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncZeroTimers() {
    count = 0;
    Runnable task = () -> count++;
    Dart.run(
        () -> {
          for (int i = 0; i < N; i++) {
            new Timer(Duration.ZERO, task);
          }
        });
    return count;
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncStaggeredTimers() {
    count = 0;
    Runnable task = () -> count++;
    Dart.run(
        () -> {
          for (int i = 0; i < N; i++) {
            new Timer(DELAYS[i % SPREAD_MS], task);
          }
        });
    return count;
  }

  /** A one-thread ScheduledThreadPoolExecutor per trial; its tasks run on its thread. */
  @State(Scope.Benchmark)
  public static class Scheduler {
    ScheduledThreadPoolExecutor executor;
    long count;

    @Setup(Level.Trial)
    public void start() {
      executor = new ScheduledThreadPoolExecutor(1);
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      executor.shutdown();
      executor.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** From the executor's thread: schedules N tasks with the given delays, waits for all. */
    long run(boolean staggered) {
      CompletableFuture<Long> done = new CompletableFuture<>();
      executor.execute(
          () -> {
            count = 0;
            Runnable task =
                () -> {
                  if (++count == N) {
                    done.complete(count);
                  }
                };
            for (int i = 0; i < N; i++) {
              executor.schedule(task, staggered ? 1 + i % SPREAD_MS : 0, TimeUnit.MILLISECONDS);
            }
          });
      return done.join();
    }
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long scheduledThreadPoolZero(Scheduler s) {
    return s.run(false);
  }

  @Benchmark
  @OperationsPerInvocation(N)
  public long scheduledThreadPoolStaggered(Scheduler s) {
    return s.run(true);
  }

  /** Vert.x: N {@code runOnContext} tasks queued from its event-loop thread (no 0 ms timers there). */
  @Benchmark
  @OperationsPerInvocation(N)
  public long vertxRunOnContext(VertxState vx) {
    long[] n = new long[1];
    return VertxState.<Long>startOn(
        vx.eventLoopContext,
        done -> {
          for (int i = 0; i < N; i++) {
            vx.eventLoopContext.runOnContext(
                v -> {
                  if (++n[0] == N) {
                    done.complete(n[0]);
                  }
                });
          }
        });
  }

  /** Vert.x: N {@code vertx.setTimer} with delays of 1 to 10 ms, set from its event-loop thread. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long vertxSetTimerStaggered(VertxState vx) {
    long[] n = new long[1];
    return VertxState.<Long>startOn(
        vx.eventLoopContext,
        done -> {
          for (int i = 0; i < N; i++) {
            vx.vertx.setTimer(
                1 + i % SPREAD_MS,
                id -> {
                  if (++n[0] == N) {
                    done.complete(n[0]);
                  }
                });
          }
        });
  }
}
