package dev.dartasync.bench;

import static dev.dartasync.Dart.await;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.bench.kotlin.KotlinPeers;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.RawReceivePort;
import dev.dartasync.isolate.SendPort;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.SynchronousQueue;
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
 * Row 12: a message to another thread of control and its echo back, {@link #ROUNDS} times one
 * after another (one message in flight); reported per round trip.
 *
 * <p>Ours: in one {@code Dart.run}, the main isolate spawns a worker isolate whose port handler
 * sends each message back to main's port; main's handler sends the next one. Both are handlers of
 * {@code RawReceivePort}s, so each message is one event of the receiving isolate. The worker is
 * idle between messages, and an idle isolate holds no thread: each message wakes it on a pooled
 * platform thread. The messages are boxed integers, shared by the copy. The spawn (tens of
 * microseconds) is spread over the rounds. The peers echo through a pair of queues between the
 * benchmark thread and a platform thread ({@code SynchronousQueue}, {@code ArrayBlockingQueue}),
 * and through two unbounded Kotlin Channels between coroutines on two single-thread dispatchers.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX})
public class PortRoundTripBench {

  static final int ROUNDS = 10_000;

  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  public long dartAsync() {
    return Dart.run(
        () -> {
          Completer<Long> done = new Completer<>();
          RawReceivePort replies = new RawReceivePort();
          long[] sum = new long[1];
          int[] round = new int[1];
          SendPort[] worker = new SendPort[1];
          replies.setHandler(
              message -> {
                if (message instanceof SendPort port) {
                  worker[0] = port; // the worker's first message: its port
                  port.send(0);
                  return;
                }
                sum[0] += (Integer) message;
                if (++round[0] < ROUNDS) {
                  worker[0].send(round[0]);
                } else {
                  worker[0].send("stop");
                  replies.close();
                  done.complete(sum[0]);
                }
              });
          await(Isolate.spawn(PortRoundTripBench::echo, replies.sendPort()));
          return await(done.future());
        });
  }

  /** The worker isolate: sends its port to {@code replyTo}, echoes each message until "stop". */
  static void echo(SendPort replyTo) {
    RawReceivePort inbox = new RawReceivePort();
    inbox.setHandler(
        message -> {
          if ("stop".equals(message)) {
            inbox.close();
          } else {
            replyTo.send(message);
          }
        });
    replyTo.send(inbox.sendPort());
  }

  /** A platform thread, started per trial: takes from {@link #ping}, puts into {@link #pong}. */
  @State(Scope.Benchmark)
  public abstract static class EchoThread {
    static final Integer STOP = -1;

    BlockingQueue<Integer> ping;
    BlockingQueue<Integer> pong;
    Thread thread;

    abstract BlockingQueue<Integer> newQueue();

    @Setup(Level.Trial)
    public void start() {
      ping = newQueue();
      pong = newQueue();
      thread =
          Thread.ofPlatform()
              .name("echo")
              .start(
                  () -> {
                    try {
                      for (Integer v = ping.take(); !v.equals(STOP); v = ping.take()) {
                        pong.put(v);
                      }
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  });
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      ping.put(STOP);
      thread.join();
    }

    long roundTrips() throws InterruptedException {
      long sum = 0;
      for (int i = 0; i < ROUNDS; i++) {
        ping.put(i);
        sum += pong.take();
      }
      return sum;
    }
  }

  public static class SynchronousQueues extends EchoThread {
    @Override
    BlockingQueue<Integer> newQueue() {
      return new SynchronousQueue<>();
    }
  }

  public static class ArrayBlockingQueues extends EchoThread {
    @Override
    BlockingQueue<Integer> newQueue() {
      return new ArrayBlockingQueue<>(16);
    }
  }

  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  public long synchronousQueue(SynchronousQueues echo) throws InterruptedException {
    return echo.roundTrips();
  }

  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  public long arrayBlockingQueue(ArrayBlockingQueues echo) throws InterruptedException {
    return echo.roundTrips();
  }

  /** Two single-thread executors per trial, the Kotlin peer's two dispatchers. */
  @State(Scope.Benchmark)
  public static class TwoThreads {
    ExecutorService main;
    ExecutorService echo;

    @Setup(Level.Trial)
    public void start() {
      main = Executors.newSingleThreadExecutor();
      echo = Executors.newSingleThreadExecutor();
    }

    @TearDown(Level.Trial)
    public void stop() {
      main.close();
      echo.close();
    }
  }

  /** Kotlin: two unbounded Channels between coroutines on two single-thread dispatchers. */
  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  public long kotlinChannel(TwoThreads threads) {
    return KotlinPeers.kotlinChannelRoundTrip(ROUNDS, threads.main, threads.echo);
  }
}
