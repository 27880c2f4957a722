package dev.dartasync.bench;

import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import io.vertx.core.Future;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row 1: {@code await} on an already-completed future with nothing else queued, in one async body;
 * reported per await. Each invocation starts the body afresh (a few microseconds, spread over
 * {@link #N} awaits).
 *
 * <p>Ours uses {@code DFuture.sync(() -> x)}, complete at once ({@code DFuture.value} would
 * complete one microtask later), created once and awaited N times. Dart's rule is one microtask per
 * such await; with nothing else queued the body may skip the park, since the order cannot differ.
 *
 * <p>Ours is measured under both carriers, each in forks of its own: {@link #dartAsync} on the
 * default ({@code vthread}, named by {@code -Ddartasync.carrier=vthread} so that it cannot be
 * the other) and {@link FlagFree}; both call {@link #awaitCompleted()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.CARRIER_VTHREAD, Jvm.XMS, Jvm.XMX})
public class AwaitCompletedBench {

  static final int N = 100_000;

  /** Ours on the default carrier ({@code vthread}). */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsync() {
    return awaitCompleted();
  }

  /** Ours on the flag-free carrier. */
  public static class FlagFree extends FlagFreeFork {
    @Benchmark
    @OperationsPerInvocation(N)
    public long dartAsync() {
      return awaitCompleted();
    }
  }

  /** The workload of both carriers' lines: N awaits of a completed future in one Dart.run. */
  static long awaitCompleted() {
    return Dart.run(
        () -> {
          DFuture<Integer> done = DFuture.sync(() -> 1);
          long sum = 0;
          for (int i = 0; i < N; i++) {
            sum += await(done);
          }
          return sum;
        });
  }

  /** Kotlin's {@code yield()} in runBlocking: a real suspension and re-dispatch each time. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinYield() {
    return KotlinPeers.kotlinYieldLoop(N);
  }

  /** Kotlin's {@code await()} on a completed Deferred: returns without suspending. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinAwaitCompletedDeferred() {
    return KotlinPeers.kotlinAwaitCompletedDeferred(N);
  }

  /** {@code CompletableFuture.join()} on a completed future, on a (default) virtual thread. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long completableFutureJoinOnVirtualThread() throws InterruptedException {
    CompletableFuture<Integer> done = CompletableFuture.completedFuture(1);
    long[] out = new long[1];
    Thread t =
        Thread.ofVirtual()
            .start(
                () -> {
                  long sum = 0;
                  for (int i = 0; i < N; i++) {
                    sum += done.join();
                  }
                  out[0] = sum;
                });
    t.join();
    return out[0];
  }

  /** Vert.x 5 {@code Future.await()} on a succeeded future, in a virtual-thread verticle. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long vertxAwaitOnVirtualThreadVerticle(VertxState vx) {
    return VertxState.runOn(
        vx.virtualThreadContext,
        () -> {
          Future<Integer> done = Future.succeededFuture(1);
          long sum = 0;
          for (int i = 0; i < N; i++) {
            sum += done.await();
          }
          return sum;
        });
  }
}
