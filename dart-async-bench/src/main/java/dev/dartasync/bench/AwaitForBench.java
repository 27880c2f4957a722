package dev.dartasync.bench;

import static dev.dartasync.Dart.awaitFor;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
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

/**
 * Row 7: {@code await for} over a stream whose {@link #N} elements are all buffered before the loop
 * starts; reported per element.
 *
 * <p>Ours: main adds N events to Dart's default {@code StreamController} (nobody listens yet, so
 * it buffers them) and closes it, then runs {@code awaitFor} over its stream, summing. Dart's
 * {@code await for} pauses the subscription between elements, so each element is one resume, one
 * microtask delivery and one park and resume of main. Kotlin: a {@code Channel(UNLIMITED)} filled
 * with {@code trySend} and closed, then {@code consumeAsFlow().collect}, in runBlocking.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class AwaitForBench {

  static final int N = 1_000_000;

  long sum;

  /** {@code await for (final v in ctrl.stream) sum += v;} over N buffered events. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncAwaitFor() {
    sum = 0;
    Dart.run(
        () -> {
          StreamController<Integer> ctrl = new StreamController<>();
          for (int i = 0; i < N; i++) {
            ctrl.add(i);
          }
          ctrl.close();
          awaitFor(
              ctrl.stream(),
              v -> {
                sum += v;
                return true;
              });
        });
    return sum;
  }

  /** Kotlin: {@code consumeAsFlow().collect {}} of a closed {@code Channel(UNLIMITED)} of N. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinBufferedChannelFlow() {
    return KotlinPeers.kotlinBufferedChannelCollect(N);
  }
}
