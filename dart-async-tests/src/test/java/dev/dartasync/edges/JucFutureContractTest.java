package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 5: {@code DFuture} as a {@link java.util.concurrent.Future}, exactly to the JDK
 * contract: isDone, get, get(timeout), state, resultNow, exceptionNow, cancel; from another thread,
 * from a callback on the isolate, inside a body, and after the isolate ended.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JucFutureContractTest {

  @Nested
  class FromAnotherThread {

    /** isDone turned true only for a directly completed future, never for a chained one. */
    @Test
    void isDoneTurnsTrueForAChainedFuture() throws Exception {
      AtomicReference<DFuture<String>> chained = new AtomicReference<>();
      AtomicReference<DFuture<String>> composed = new AtomicReference<>();
      Thread watcher =
          new Thread(
              () -> {
                while (chained.get() == null || !chained.get().isDone()
                    || !composed.get().isDone()) {
                  Thread.onSpinWait();
                }
              });
      Dart.run(
          () -> {
            Completer<String> source = new Completer<>();
            Completer<String> follower = new Completer<>();
            follower.completeWith(source.future()); // Chained to a pending source.
            chained.set(follower.future());
            composed.set(DFuture.value(1).thenCompose(v -> source.future()));
            watcher.start();
            await(DFuture.delayed(Duration.ofMillis(20)));
            source.complete("v");
            await(DFuture.delayed(Duration.ofMillis(20)));
          });
      watcher.join(10_000);
      assertFalse(watcher.isAlive(), "isDone never turned true on another thread");
      assertEquals("v", chained.get().get());
      assertEquals(Future.State.SUCCESS, composed.get().state());
    }

    /** get() on a completed future works after the isolate ended (it used to throw). */
    @Test
    void getOfACompletedFutureAfterTheIsolateEnded() throws Exception {
      DFuture<String> done = Dart.run(() -> DFuture.sync(() -> "kept"));
      assertEquals("kept", done.get());
      assertEquals("kept", done.get(1, TimeUnit.MILLISECONDS));
      assertEquals("kept", done.resultNow());
      assertEquals(Future.State.SUCCESS, done.state());
    }

    /** A failed future: ExecutionException with the original error as its cause. */
    @Test
    void getOfAFailedFutureThrowsExecutionExceptionWithTheError() {
      StateError boom = new StateError("boom");
      DFuture<String> failed =
          Dart.run(
              () -> {
                DFuture<String> f = DFuture.error(boom);
                f.ignore();
                await(DFuture.delayed(Duration.ZERO));
                return f;
              });
      ExecutionException e = assertThrows(ExecutionException.class, failed::get);
      assertSame(boom, e.getCause());
      assertSame(boom, failed.exceptionNow());
      assertEquals(Future.State.FAILED, failed.state());
      assertThrows(IllegalStateException.class, failed::resultNow);
    }

    /** A pending future: get(timeout) times out; state RUNNING; resultNow refuses. */
    @Test
    void aPendingFutureTimesOutAndReportsRunning() throws Exception {
      AtomicReference<Object> seen = new AtomicReference<>();
      Dart.run(
          () -> {
            Completer<String> c = Completer.keepAlive();
            Thread t =
                new Thread(
                    () -> {
                      try {
                        c.future().get(20, TimeUnit.MILLISECONDS);
                        seen.set("no timeout");
                      } catch (TimeoutException e) {
                        seen.set(
                            c.future().state()
                                + " "
                                + assertThrows(IllegalStateException.class, c.future()::resultNow)
                                    .getClass()
                                    .getSimpleName());
                      } catch (Exception e) {
                        seen.set(e);
                      } finally {
                        c.complete("late");
                      }
                    });
            t.start();
          });
      assertEquals("RUNNING IllegalStateException", seen.get());
    }

    /** A foreign waiter blocked in get() is woken (not left hanging) when the isolate ends. */
    @Test
    void aForeignWaiterIsWokenWhenTheIsolateEndsWithoutCompleting() throws Exception {
      AtomicReference<DFuture<String>> never = new AtomicReference<>();
      AtomicReference<Throwable> outcome = new AtomicReference<>();
      Thread waiter =
          new Thread(
              () -> {
                while (never.get() == null) {
                  Thread.onSpinWait();
                }
                try {
                  never.get().get();
                } catch (Throwable e) {
                  outcome.set(e);
                }
              });
      waiter.start();
      Dart.run(
          () -> {
            never.set(new Completer<String>().future());
            await(DFuture.delayed(Duration.ofMillis(50)));
          });
      waiter.join(10_000);
      assertFalse(waiter.isAlive(), "the waiter hangs");
      assertInstanceOf(IllegalStateException.class, outcome.get());
      assertTrue(outcome.get().getMessage().contains("ended"), outcome.get().getMessage());
    }

    /** Cancel: Dart futures cannot be cancelled; cancel returns false and changes nothing. */
    @Test
    void cancelIsRefused() throws Exception {
      DFuture<String> done = Dart.run(() -> DFuture.sync(() -> "x"));
      assertFalse(done.cancel(true));
      assertFalse(done.isCancelled());
      assertEquals(Future.State.SUCCESS, done.state());
    }
  }

  @Nested
  class OnTheIsolate {

    /** state() in a callback said FAILED for a future that succeeded. */
    @Test
    void stateInACallbackOfASucceededFuture() {
      String state =
          Dart.run(
              () -> {
                DFuture<String> f = DFuture.sync(() -> "ok");
                Future.State[] seen = new Future.State[2];
                DFuture<String> pending = new Completer<String>().future();
                await(f.thenAccept(v -> {
                  seen[0] = f.state();
                  seen[1] = pending.state();
                }));
                return seen[0] + " " + seen[1];
              });
      assertEquals("SUCCESS RUNNING", state);
    }

    /** resultNow() inside a body reads the result; it used to suspend the body (an await). */
    @Test
    void resultNowInsideABodyDoesNotSuspend() {
      String order =
          Dart.run(
              () -> {
                StringBuilder log = new StringBuilder();
                DFuture<String> f = DFuture.sync(() -> "r");
                Dart.scheduleMicrotask(() -> log.append(" m"));
                log.append(f.resultNow());
                log.append(" after");
                String beforeAwait = log.toString();
                await(null);
                return beforeAwait + " |" + log;
              });
      assertEquals("r after |r after m", order);
    }

    /** get() on the isolate's thread outside a body: an IllegalStateException, not wrapped. */
    @Test
    void getOfAPendingFutureInACallbackIsAClearMisuseError() {
      Throwable misuse =
          Dart.run(
              () -> {
                DFuture<String> pending = new Completer<String>().future();
                Throwable[] seen = new Throwable[1];
                await(DFuture.value(1).thenAccept(v -> {
                  try {
                    pending.get();
                  } catch (Throwable e) {
                    seen[0] = e;
                  }
                }));
                return seen[0];
              });
      assertInstanceOf(IllegalStateException.class, misuse);
    }

    /** get() of a completed future in a callback returns its value at once. */
    @Test
    void getOfACompletedFutureInACallbackReturnsAtOnce() {
      String v =
          Dart.run(
              () -> {
                DFuture<String> f = DFuture.sync(() -> "now");
                String[] seen = new String[1];
                await(DFuture.value(1).thenAccept(x -> {
                  try {
                    seen[0] = f.get();
                  } catch (Exception e) {
                    seen[0] = e.toString();
                  }
                }));
                return seen[0];
              });
      assertEquals("now", v);
    }

    /** get(timeout) inside a body awaits with a limit; a late future times out. */
    @Test
    void getWithTimeoutInsideABodyTimesOut() {
      String outcome =
          Dart.run(
              () -> {
                DFuture<String> slow = DFuture.delayed(Duration.ofMillis(500), () -> "slow");
                try {
                  return slow.get(20, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                  return "timed out";
                }
              });
      assertEquals("timed out", outcome);
      assertEquals(
          "fast",
          Dart.run(
              () ->
                  async(() -> "fast").get(1, TimeUnit.SECONDS)));
    }
  }
}
