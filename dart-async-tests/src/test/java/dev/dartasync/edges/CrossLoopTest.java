package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 1: a body must only ever resume on its own loop. Two isolates ({@code Dart.run} on
 * two threads) exchange futures both ways; every await and every then callback must run on the
 * isolate that registered it, and nothing may stall.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CrossLoopTest {

  private static final int ROUNDS = 10_000;

  /**
   * Loop A owns completers; loop B's bodies await their futures while other bodies of B are
   * mounted, and vice versa. Before the fix A's listener resumed B's body on A's thread and both
   * loops stalled.
   */
  @Test
  void twoLoopsAwaitEachOthersFuturesTenThousandTimes() throws Exception {
    BlockingQueue<Completer<Integer>> aToB = new ArrayBlockingQueue<>(ROUNDS);
    BlockingQueue<Completer<Integer>> bToA = new ArrayBlockingQueue<>(ROUNDS);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> a = threads.submit(() -> Dart.run(() -> exchange(aToB, bToA)));
      Future<Integer> b = threads.submit(() -> Dart.run(() -> exchange(bToA, aToB)));
      int expected = ROUNDS * (ROUNDS - 1) / 2;
      assertEquals(expected, a.get(50, TimeUnit.SECONDS));
      assertEquals(expected, b.get(50, TimeUnit.SECONDS));
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * Each isolate makes ROUNDS completers and hands them to the other; it awaits, in many bodies at
   * once, the futures of the completers the other side made, and completes its own from a body.
   */
  private static int exchange(
      BlockingQueue<Completer<Integer>> mine, BlockingQueue<Completer<Integer>> theirs)
      throws InterruptedException {
    List<Completer<Integer>> own = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      Completer<Integer> c = new Completer<>();
      own.add(c);
      mine.put(c);
    }
    List<DFuture<Integer>> results = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      Completer<Integer> other = theirs.take(); // Blocks this body: an implicit await.
      results.add(
          async(
              () -> {
                int v = await(other.future());
                if (!Thread.currentThread().isVirtual()) {
                  throw new AssertionError("an async body ran on a platform thread");
                }
                return v;
              }));
      results.add(other.future().then(v -> 0)); // A then callback from this isolate.
    }
    for (int i = 0; i < ROUNDS; i++) {
      int value = i;
      async(() -> own.get(value).complete(value)); // Completed from a body of the owner.
    }
    int sum = 0;
    for (DFuture<Integer> f : results) {
      sum += await(f);
    }
    return sum;
  }

  /** A then callback registered from isolate B on A's future runs on B's thread, in B's zone. */
  @Test
  void thenFromAnotherIsolateRunsOnTheRegisteringIsolate() throws Exception {
    BlockingQueue<DFuture<String>> handOver = new ArrayBlockingQueue<>(1);
    BlockingQueue<Completer<String>> completers = new ArrayBlockingQueue<>(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<String> a =
          threads.submit(
              () ->
                  Dart.run(
                      () -> {
                        Completer<String> c = Completer.keepAlive();
                        handOver.put(c.future());
                        completers.put(c);
                        return "a done";
                      }));
      Future<Thread[]> b =
          threads.submit(
              () ->
                  Dart.run(
                      () -> {
                        Thread bThread = dev.dartasync.internal.Testing.loopThread();
                        DFuture<String> fromA = handOver.take();
                        Thread[] ranOn = new Thread[1];
                        DFuture<String> mapped =
                            fromA.then(
                                v -> {
                                  ranOn[0] = Thread.currentThread();
                                  return v + "!";
                                });
                        completers.take().complete("x");
                        assertEquals("x!", await(mapped));
                        return new Thread[] {bThread, ranOn[0]};
                      }));
      assertEquals("a done", a.get(20, TimeUnit.SECONDS));
      Thread[] threadsSeen = b.get(20, TimeUnit.SECONDS);
      assertSame(threadsSeen[0], threadsSeen[1], "the callback ran on B's loop thread");
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * An error of another isolate's future reaches the awaiting body of this isolate (not the owner's
   * uncaught-error handler).
   */
  @Test
  void errorOfAnotherIsolatesFutureReachesTheAwaitingBody() throws Exception {
    BlockingQueue<Completer<String>> handOver = new ArrayBlockingQueue<>(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<?> a =
          threads.submit(
              () ->
                  Dart.run(
                      () -> {
                        Completer<String> c = Completer.keepAlive();
                        handOver.put(c);
                        return null;
                      }));
      Future<String> b =
          threads.submit(
              () ->
                  Dart.run(
                      () -> {
                        Completer<String> c = handOver.take();
                        DFuture<String> f = c.future();
                        DFuture.delayed(Duration.ofMillis(5))
                            .thenAccept(ignored -> c.completeError(new StateError("boom")));
                        try {
                          await(f);
                          return "no error";
                        } catch (StateError e) {
                          return e.toString();
                        }
                      }));
      assertEquals("Bad state: boom", b.get(20, TimeUnit.SECONDS));
      a.get(20, TimeUnit.SECONDS);
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * A body awaiting a future of an isolate that ends without completing it does not hang: the
   * bridge is released when the owner ends, and the waiting isolate runs dry.
   */
  @Test
  void awaitingAFutureOfAnIsolateThatEndsDoesNotHang() throws Exception {
    BlockingQueue<DFuture<String>> handOver = new ArrayBlockingQueue<>(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<?> b =
          threads.submit(
              () -> {
                try {
                  Dart.run(
                      () -> {
                        DFuture<String> never = handOver.take();
                        return await(never);
                      });
                  return "returned";
                } catch (IllegalStateException e) {
                  return e.getMessage();
                }
              });
      Future<?> a =
          threads.submit(
              () ->
                  Dart.run(
                      () -> {
                        handOver.put(new Completer<String>().future());
                        return null;
                      }));
      a.get(20, TimeUnit.SECONDS);
      Object outcome = b.get(20, TimeUnit.SECONDS);
      assertEquals(true, String.valueOf(outcome).startsWith("The isolate ran dry"), outcome.toString());
    } finally {
      threads.shutdownNow();
    }
  }
}
