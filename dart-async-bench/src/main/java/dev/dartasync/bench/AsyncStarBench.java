package dev.dartasync.bench;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.awaitFor;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import reactor.core.publisher.Flux;

/**
 * Row 8: an {@code async*} generator yields {@link #N} integers, consumed one by one; reported per
 * value (one yield and its consumption).
 *
 * <p>Ours: in one {@code Dart.run}, main runs {@code awaitFor} over {@code asyncStar(sink -> for
 * ... sink.yield(i))}. Dart's rules make this a real hand-off per value: the loop's subscription
 * is paused between elements, so each {@code yield} delivers its value and then holds the
 * generator's body until the consumer resumes it (a park of the generator's virtual thread and,
 * for the await in the loop, of main's). A second line feeds the same generator to a plain
 * {@code listen}, which never pauses. The peers: Kotlin's {@code flow { emit(i) }} collected in
 * runBlocking (emit calls the collector directly, no suspension), and Reactor's
 * {@code Flux.generate}, a synchronous generator pulled by the subscriber's requests.
 *
 * <p>Ours is measured under both carriers, each in forks of its own: the two {@code dartAsync*}
 * methods here on the default ({@code vthread}, named by {@code -Ddartasync.carrier=vthread} so
 * that it cannot be the other) and those of {@link FlagFree}; both call {@link #awaitForSum()}
 * and {@link #listenSum()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.CARRIER_VTHREAD, Jvm.XMS, Jvm.XMX})
public class AsyncStarBench {

  static final int N = 100_000;

  long sum;

  /** {@code Stream<int> counting() async* { for (var i = 0; i < N; i++) yield i; }} */
  static DStream<Integer> counting() {
    return asyncStar(
        (AsyncStarSink<Integer> sink) -> {
          for (int i = 0; i < N; i++) {
            sink.yield(i);
          }
        });
  }

  /**
   * The await-for workload of both carriers' lines: {@code await for (v in counting()) sum += v;}
   * in one Dart.run.
   */
  static long awaitForSum() {
    long[] sum = {0};
    Dart.run(
        () -> {
          awaitFor(
              counting(),
              v -> {
                sum[0] += v;
                return true;
              });
        });
    return sum[0];
  }

  /**
   * The listen workload of both carriers' lines: the same generator into a plain {@code listen},
   * in one Dart.run. No pause between elements, so only the generator's body parks, for the
   * microtask each {@code yield} costs after its delivery.
   */
  static long listenSum() {
    long[] sum = {0};
    Dart.run(
        () -> {
          counting().listen(v -> sum[0] += v);
        });
    return sum[0];
  }

  /** Ours on the default carrier ({@code vthread}): {@link #awaitForSum()}. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncStarAwaitFor() {
    return awaitForSum();
  }

  /** Ours on the default carrier ({@code vthread}): {@link #listenSum()}. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncStarListen() {
    return listenSum();
  }

  /** Ours on the flag-free carrier. */
  public static class FlagFree extends FlagFreeFork {
    @Benchmark
    @OperationsPerInvocation(N)
    public long dartAsyncStarAwaitFor() {
      return awaitForSum();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long dartAsyncStarListen() {
      return listenSum();
    }
  }

  /** Kotlin: {@code flow { for (..) emit(i) }.collect { sum += it }} in runBlocking. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinFlowEmit() {
    return KotlinPeers.kotlinFlowEmit(N);
  }

  /** Reactor: {@code Flux.generate} emitting 0 .. N-1, then complete, into a summing consumer. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long reactorFluxGenerate() {
    sum = 0;
    Flux.<Integer, Integer>generate(
            () -> 0,
            (i, sink) -> {
              sink.next(i);
              if (i + 1 == N) {
                sink.complete();
              }
              return i + 1;
            })
        .subscribe(v -> sum += v);
    return sum;
  }
}
