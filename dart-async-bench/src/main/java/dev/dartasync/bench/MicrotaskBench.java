package dev.dartasync.bench;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * Row 4: {@link #N} no-op tasks queued from the loop's own thread, then drained; reported per task.
 * Ours: {@code scheduleMicrotask} inside the isolate's main, drained when main returns. Peers: the
 * same loop run inside a single-thread executor (queued to itself), and Kotlin's two same-thread
 * queues.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class MicrotaskBench {

  static final int N = 1_000_000;

  long count;

  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncScheduleMicrotask() {
    count = 0;
    Runnable task = () -> count++;
    Dart.run(
        () -> {
          for (int i = 0; i < N; i++) {
            scheduleMicrotask(task);
          }
        });
    return count;
  }

  /** A single-thread executor per trial. */
  @State(Scope.Benchmark)
  public static class SingleThread {
    ExecutorService executor;
    long count;

    @Setup(Level.Trial)
    public void start() {
      executor = Executors.newSingleThreadExecutor();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      executor.shutdown();
      executor.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  /**
   * {@code Executors.newSingleThreadExecutor()}: a task on the executor's thread queues N no-op
   * tasks to the same executor, then one that reports the count when all ran.
   */
  @Benchmark
  @OperationsPerInvocation(N)
  public long singleThreadExecutor(SingleThread st) {
    CompletableFuture<Long> done = new CompletableFuture<>();
    ExecutorService ex = st.executor;
    ex.execute(
        () -> {
          st.count = 0;
          Runnable task = () -> st.count++;
          for (int i = 0; i < N; i++) {
            ex.execute(task);
          }
          ex.execute(() -> done.complete(st.count));
        });
    return done.join();
  }

  /** Kotlin: N times {@code launch {}} in runBlocking (its event loop queue). */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinLaunchInRunBlocking() {
    return KotlinPeers.kotlinLaunchLoop(N);
  }

  /** Kotlin: N nested {@code launch(Dispatchers.Unconfined)}, queued on the unconfined loop. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinUnconfinedLaunch() {
    return KotlinPeers.kotlinUnconfinedLoop(N);
  }
}
