package dev.dartasync.bench;

import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import io.vertx.core.Future;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import reactor.core.publisher.Mono;

/**
 * Row 3: a chain of {@link #STAGES} transformations on an already-completed future, built and run
 * {@link #CHAINS} times; reported per stage (attaching it and running it).
 *
 * <p>Ours follows Dart's rule: {@code then} on a completed future queues one microtask, and the
 * other nine stages hang on pending futures and run synchronously, depth-first, when it runs. The
 * body builds {@link #BATCH} chains, then awaits the last one (one await per 1,000 stages), so the
 * futures alive at once stay few. The peers run each stage synchronously as it is attached.
 *
 * <p><b>Every stage's future escapes</b> (to a Blackhole), in every implementation. Written with
 * nothing escaping, the JIT scalar-replaces a whole CompletableFuture chain (measured: 0 bytes
 * allocated, about 1 ns per stage): that measures the JIT, not the future. Real chains cross method
 * boundaries, where their futures escape; ours always escape, through the microtask queue. The
 * nothing-escapes CompletableFuture figure is kept beside the others for reference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class ThenChainBench {

  static final int STAGES = 10;
  static final int CHAINS = 10_000;
  static final int BATCH = 100;
  static final int OPS = STAGES * CHAINS;

  static final Function<Integer, Integer> INC = v -> v + 1;

  /** The start value, read from a field so that the JIT cannot fold a chain into a constant. */
  int seed = 0;

  /** The peers' completed start futures, made once, as ours is made once per run. */
  CompletableFuture<Integer> cfDone;

  Future<Integer> vertxDone;

  @Setup
  public void setUp() {
    cfDone = CompletableFuture.completedFuture(seed);
    vertxDone = Future.succeededFuture(seed);
  }

  @Benchmark
  @OperationsPerInvocation(OPS)
  public long dartAsyncThen(Blackhole bh) {
    return Dart.run(
        () -> {
          DFuture<Integer> done = DFuture.sync(() -> seed);
          long sum = 0;
          for (int b = 0; b < CHAINS / BATCH; b++) {
            DFuture<Integer> f = null;
            for (int c = 0; c < BATCH; c++) {
              f = done;
              for (int s = 0; s < STAGES; s++) {
                f = f.then(INC);
                bh.consume(f);
              }
            }
            sum += await(f);
          }
          return sum;
        });
  }

  @Benchmark
  @OperationsPerInvocation(OPS)
  public long completableFutureThenApply(Blackhole bh) {
    long sum = 0;
    for (int c = 0; c < CHAINS; c++) {
      CompletableFuture<Integer> f = cfDone;
      for (int s = 0; s < STAGES; s++) {
        f = f.thenApply(INC);
        bh.consume(f);
      }
      sum += f.join();
    }
    return sum;
  }

  /** The chain written inline with nothing escaping: the JIT removes the futures altogether. */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long completableFutureThenApplyNothingEscapes() {
    CompletableFuture<Integer> done = cfDone;
    long sum = 0;
    for (int c = 0; c < CHAINS; c++) {
      sum +=
          done.thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .thenApply(INC)
              .join();
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(OPS)
  public long vertxFutureMap(Blackhole bh) {
    long sum = 0;
    for (int c = 0; c < CHAINS; c++) {
      Future<Integer> f = vertxDone;
      for (int s = 0; s < STAGES; s++) {
        f = f.map(INC);
        bh.consume(f);
      }
      sum += f.result();
    }
    return sum;
  }

  /** Reactor: assemble {@code Mono.just(seed).map x10} and subscribe, as reactive code does. */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long reactorMonoMap(Blackhole bh) {
    long[] sum = new long[1];
    for (int c = 0; c < CHAINS; c++) {
      Mono<Integer> m = Mono.just(seed);
      for (int s = 0; s < STAGES; s++) {
        m = m.map(INC);
        bh.consume(m);
      }
      m.subscribe(v -> sum[0] += v);
    }
    return sum[0];
  }
}
