package dev.dartasync.bench;

import dev.dartasync.Dart;
import dev.dartasync.DStream;
import dev.dartasync.StreamController;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import reactor.core.publisher.ConnectableFlux;
import reactor.core.publisher.Flux;

/**
 * Row 6, fan-out: {@link #EVENTS} events to {@link #LISTENERS} listeners of one broadcast source;
 * reported per event per listener (one delivery).
 *
 * <p>Ours: one {@code Dart.run} whose main listens {@link #LISTENERS} times to
 * {@code StreamController.broadcast()} (Dart's default, asynchronous: each event is delivered to
 * every listener in its own microtask per listener, so listeners interleave {@code A1 B1 A2 B2}),
 * adds the events and closes. Reactor: {@code Flux.range(..).publish()} with the same number of
 * subscribers, then {@code connect()}: one synchronous pass per event over the subscribers.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class BroadcastFanOutBench {

  static final int EVENTS = 100_000;
  static final int LISTENERS = 10;
  static final int DELIVERIES = EVENTS * LISTENERS;

  long sum;

  /** {@code StreamController.broadcast()}, 10 listeners, 100 k events. */
  @Benchmark
  @OperationsPerInvocation(DELIVERIES)
  public long dartAsyncBroadcast() {
    sum = 0;
    Dart.run(
        () -> {
          StreamController<Integer> ctrl = StreamController.broadcast();
          DStream<Integer> stream = ctrl.stream();
          for (int l = 0; l < LISTENERS; l++) {
            stream.listen(v -> sum += v);
          }
          for (int i = 0; i < EVENTS; i++) {
            ctrl.add(i);
          }
          ctrl.close();
        });
    return sum;
  }

  /** Reactor: {@code Flux.range(0, EVENTS).publish()}, 10 subscribers, {@code connect()}. */
  @Benchmark
  @OperationsPerInvocation(DELIVERIES)
  public long reactorPublish() {
    sum = 0;
    ConnectableFlux<Integer> hot = Flux.range(0, EVENTS).publish();
    for (int l = 0; l < LISTENERS; l++) {
      hot.subscribe(v -> sum += v);
    }
    hot.connect();
    return sum;
  }
}
