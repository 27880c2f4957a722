package dev.dartasync.bench;

import static dev.dartasync.Dart.await;

import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import dev.dartasync.isolate.Isolate;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Row 9: one empty computation run elsewhere and awaited, called from plain Java; one call per
 * invocation, in JMH's sample mode, which reports the mean time per call (as the average-time mode
 * does) and its distribution (median, p99).
 *
 * <p>Ours: {@code Dart.run(() -> await(Isolate.run(() -> 0)))}: a new isolate per call, which runs
 * on a pooled platform thread and ends after its computation. The {@code Dart.run} around it (the
 * main isolate, on the calling thread) is part of each call; {@link #dartAsyncEmptyDartRun} gives
 * its cost alone. The peers hand the same computation to another thread and wait for its value:
 * the common ForkJoinPool, a new virtual thread, Kotlin's Default dispatcher (entered through
 * runBlocking, as ours through Dart.run), a Vert.x worker, and a new platform thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class IsolateRunBench {

  /** {@code await Isolate.run(() => 0)} in a fresh main isolate. */
  @Benchmark
  public int dartAsync() {
    return Dart.run(() -> await(Isolate.run(() -> 0)));
  }

  /** The {@code Dart.run} that each call of {@link #dartAsync} includes, with nothing inside. */
  @Benchmark
  public int dartAsyncEmptyDartRun() {
    return Dart.run(() -> 0);
  }

  @Benchmark
  public int completableFutureSupplyAsync() {
    return CompletableFuture.supplyAsync(() -> 0).join();
  }

  /** One virtual-thread-per-task executor per trial: each submit starts a virtual thread. */
  @State(Scope.Benchmark)
  public static class VirtualThreads {
    ExecutorService executor;

    @Setup(Level.Trial)
    public void start() {
      executor = Executors.newVirtualThreadPerTaskExecutor();
    }

    @TearDown(Level.Trial)
    public void stop() {
      executor.close();
    }
  }

  @Benchmark
  public int virtualThreadExecutor(VirtualThreads vt)
      throws InterruptedException, ExecutionException {
    return vt.executor.submit(() -> 0).get();
  }

  /** {@code runBlocking { withContext(Dispatchers.Default) { 0 } }}. */
  @Benchmark
  public int kotlinWithContextDefault() {
    return KotlinPeers.kotlinWithContextDefault();
  }

  /** Vert.x 5: {@code context.executeBlocking(() -> 0)} on an event-loop context, joined. */
  @Benchmark
  public int vertxExecuteBlocking(VertxState vx) {
    return vx.eventLoopContext
        .executeBlocking(() -> 0)
        .toCompletionStage()
        .toCompletableFuture()
        .join();
  }

  /** A new platform thread per call, started and joined: what a thread per isolate would cost. */
  @Benchmark
  public int platformThreadStartJoin() throws InterruptedException {
    int[] out = new int[1];
    Thread t = Thread.ofPlatform().start(() -> out[0] = 0);
    t.join();
    return out[0];
  }
}
