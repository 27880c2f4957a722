package dev.dartasync.bench;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.bench.kotlin.KotlinPeers;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
 * Row 6: {@link #N} events through a source, {@code map(x -> x + 1)}, {@code where} (keeps the
 * even half) and a listener that sums them; reported per source event.
 *
 * <p>Ours: one {@code Dart.run} whose main adds the N events to a {@code StreamController} and
 * closes it; they are delivered after main returns. The main line uses Dart's default controller,
 * the asynchronous one: {@code add} buffers the event and each buffered event is delivered in its
 * own microtask (Dart's rule, so that other microtasks interleave). The sync controller
 * ({@code StreamController.sync()}), which delivers inside {@code add}, is measured beside it. The
 * peers: Reactor's {@code Flux.range}, Kotlin's {@code asFlow()} in runBlocking, both cold pipelines
 * that carry each element through the same two operators synchronously, and {@code java.util.stream} over boxed
 * integers, the floor with no asynchrony at all.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class StreamPipelineBench {

  static final int N = 1_000_000;

  long sum;

  /** Ours through the given controller; the events flow once main has returned. */
  private long dartPipeline(StreamController<Integer> ctrl) {
    sum = 0;
    Dart.run(
        () -> {
          ctrl.stream().map(x -> x + 1).where(x -> (x & 1) == 0).listen(v -> sum += v);
          for (int i = 0; i < N; i++) {
            ctrl.add(i);
          }
          ctrl.close();
        });
    return sum;
  }

  /** Dart's default {@code StreamController()}: asynchronous, one microtask per event. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartAsyncController() {
    return dartPipeline(new StreamController<>());
  }

  /** {@code StreamController.sync()}: each {@code add} runs map, where and the listener in place. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long dartSyncController() {
    return dartPipeline(StreamController.sync());
  }

  /** Reactor: {@code Flux.range(0, N).map(..).filter(..).subscribe(consumer)}. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long reactorFlux() {
    sum = 0;
    Flux.range(0, N).map(x -> x + 1).filter(x -> (x & 1) == 0).subscribe(v -> sum += v);
    return sum;
  }

  /** Kotlin: {@code (0 until N).asFlow().map {}.filter {}.collect {}} in runBlocking. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long kotlinFlow() {
    return KotlinPeers.kotlinFlowPipeline(N);
  }

  /** {@code IntStream.range(0, N).boxed().map(..).filter(..).forEach(..)}: no asynchrony. */
  @Benchmark
  @OperationsPerInvocation(N)
  public long javaUtilStream() {
    sum = 0;
    IntStream.range(0, N).boxed().map(x -> x + 1).filter(x -> (x & 1) == 0).forEach(v -> sum += v);
    return sum;
  }
}
