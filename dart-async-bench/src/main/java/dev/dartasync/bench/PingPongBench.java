package dev.dartasync.bench;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import io.vertx.core.Promise;
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
 * Row 2: two bodies hand a value back and forth, each await really suspending; reported per
 * hand-off ({@link #ROUNDS} round trips are {@code 2 * ROUNDS} hand-offs).
 *
 * <p>The pattern, the same for ours and Vert.x: each side owns an inbox (a Completer / Promise),
 * which the receiver replaces with a fresh one <em>before</em> it signals the other side, and the
 * sender completes the receiver's current inbox.
 *
 * <p>Ours is measured under both carriers, each in forks of its own: {@link #dartAsync} on the
 * default ({@code vthread}, named by {@code -Ddartasync.carrier=vthread} so that it cannot be
 * the other) and {@link FlagFree}; both call {@link #pingPong()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.CARRIER_VTHREAD, Jvm.XMS, Jvm.XMX})
public class PingPongBench {

  static final int ROUNDS = 50_000;
  static final int HAND_OFFS = 2 * ROUNDS;

  /** The two inboxes; bodies of one isolate run one at a time on its thread. */
  static final class Inboxes {
    Completer<Integer> a;
    Completer<Integer> b;
  }

  /** Ours on the default carrier ({@code vthread}). */
  @Benchmark
  @OperationsPerInvocation(HAND_OFFS)
  public long dartAsync() {
    return pingPong();
  }

  /** Ours on the flag-free carrier. */
  public static class FlagFree extends FlagFreeFork {
    @Benchmark
    @OperationsPerInvocation(HAND_OFFS)
    public long dartAsync() {
      return pingPong();
    }
  }

  /**
   * The workload of both carriers' lines: two async bodies in one Dart.run, Dart's default
   * (asynchronous) Completers.
   */
  static long pingPong() {
    return Dart.run(
        () -> {
          Inboxes box = new Inboxes();
          box.b = new Completer<>();
          DFuture<Void> b =
              async(
                  () -> {
                    for (int i = 0; i < ROUNDS; i++) {
                      int v = await(box.b.future());
                      box.b = new Completer<>();
                      box.a.complete(v + 1);
                    }
                  });
          long sum = 0;
          for (int i = 0; i < ROUNDS; i++) {
            Completer<Integer> mine = new Completer<>();
            box.a = mine;
            box.b.complete(i);
            sum += await(mine.future());
          }
          await(b);
          return sum;
        });
  }

  /** Two coroutines in runBlocking, two rendezvous Channels. */
  @Benchmark
  @OperationsPerInvocation(HAND_OFFS)
  public long kotlinRendezvousChannel() {
    return KotlinPeers.kotlinChannelPingPong(ROUNDS);
  }

  /** The two inboxes of the Vert.x version; its virtual threads take turns on one context. */
  static final class Promises {
    volatile Promise<Integer> a;
    volatile Promise<Integer> b;
  }

  /**
   * Vert.x 5: two virtual threads of one virtual-thread verticle context, each
   * {@code Future.await()}-ing a Promise the other completes.
   */
  @Benchmark
  @OperationsPerInvocation(HAND_OFFS)
  public long vertxPromiseOnVirtualThreads(VertxState vx) {
    Promises box = new Promises();
    box.b = Promise.promise();
    CompletableFuture<Void> bDone = new CompletableFuture<>();
    vx.virtualThreadContext.runOnContext(
        v -> {
          try {
            for (int i = 0; i < ROUNDS; i++) {
              int x = box.b.future().await();
              box.b = Promise.promise();
              box.a.complete(x + 1);
            }
            bDone.complete(null);
          } catch (Throwable e) {
            bDone.completeExceptionally(e);
          }
        });
    long sum =
        VertxState.runOn(
            vx.virtualThreadContext,
            () -> {
              long s = 0;
              for (int i = 0; i < ROUNDS; i++) {
                Promise<Integer> mine = Promise.promise();
                box.a = mine;
                box.b.complete(i);
                s += mine.future().await();
              }
              return s;
            });
    bDone.join();
    return sum;
  }
}
