package dev.dartasync.semantics;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/semantics.md §3.1 / §3.2: async bodies, await, the hop table and its worked examples. */
class AsyncAwaitOrderTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  @Nested
  @DisplayName("§3.2 hop table, one test per row")
  class HopTable {

    @Test
    @DisplayName("f.then(cb), f complete: microtask queued at then() time (in f's zone)")
    void thenOnCompleteFuture() {
      Dart.run(
          () -> {
            DFuture<Integer> f = DFuture.sync(() -> 1);
            scheduleMicrotask(() -> log.add("m1"));
            f.thenAccept(v -> log.add("cb"));
            scheduleMicrotask(() -> log.add("m2"));
            log.add("sync");
          });
      log.assertOutput("sync m1 cb m2");
    }

    @Test
    @DisplayName("f.then(cb), f incomplete: synchronously when f completes")
    void thenOnIncompleteFuture() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            c.future().thenAccept(v -> log.add("cb"));
            scheduleMicrotask(() -> log.add("m"));
            log.add("before");
            c.complete(1);
            log.add("after");
          });
      log.assertOutput("before cb after m");
    }

    @Test
    @DisplayName("Completer().complete(v): microtask queued at complete() time; all listeners in it, depth-first")
    void asyncCompleterComplete() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            c.future().thenAccept(v -> log.add("a")).thenAccept(v -> log.add("a2"));
            c.future().thenAccept(v -> log.add("b"));
            scheduleMicrotask(() -> log.add("m0"));
            c.complete(1);
            scheduleMicrotask(() -> log.add("m1"));
          });
      log.assertOutput("m0 a a2 b m1");
    }

    @Test
    @DisplayName("Completer.sync().complete(v): synchronously inside complete()")
    void syncCompleterComplete() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            c.future().thenAccept(v -> log.add("a"));
            log.add("before");
            c.complete(1);
            log.add("after");
          });
      log.assertOutput("before a after");
    }

    @Test
    @DisplayName("await null / await nonFuture: next microtask, queued at the await")
    void awaitNullAndNonFuture() {
      Dart.run(
          () -> {
            scheduleMicrotask(() -> log.add("m1"));
            async(
                () -> {
                  log.add("b1");
                  assertNull(await((Object) null));
                  log.add("b2");
                  scheduleMicrotask(() -> log.add("m3"));
                  int five = await(5);
                  assertEquals(5, five);
                  log.add("b3");
                });
            scheduleMicrotask(() -> log.add("m2"));
          });
      log.assertOutput("b1 m1 b2 m2 m3 b3");
    }

    @Test
    @DisplayName("await completedFuture: next microtask, queued at the await")
    void awaitCompletedFuture() {
      Dart.run(
          () -> {
            DFuture<Integer> done = DFuture.sync(() -> 7);
            scheduleMicrotask(() -> log.add("m1"));
            async(
                () -> {
                  log.add("b1");
                  int v = await(done);
                  log.add("b2 " + v);
                });
            scheduleMicrotask(() -> log.add("m2"));
          });
      log.assertOutput("b1 m1 b2 7 m2");
    }

    @Test
    @DisplayName("await completedFuture inside a resumed body still costs a microtask (FIFO with others)")
    void awaitCompletedFutureAfterResumeStillHops() {
      Dart.run(
          () -> {
            DFuture<Integer> done = DFuture.sync(() -> 7);
            async(
                () -> {
                  await((Object) null);
                  log.add("b1");
                  scheduleMicrotask(() -> log.add("m"));
                  await(done);
                  log.add("b2");
                  await(done);
                  log.add("b3");
                });
          });
      log.assertOutput("b1 m b2 b3");
    }

    @Test
    @DisplayName("await pendingFuture: synchronously inside the completion of that future")
    void awaitPendingFuture() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            async(
                () -> {
                  log.add("b1");
                  int v = await(c.future());
                  log.add("b2 " + v);
                });
            scheduleMicrotask(() -> log.add("m"));
            log.add("before");
            c.complete(3);
            log.add("after");
          });
      log.assertOutput("b1 before b2 3 after m");
    }

    @Test
    @DisplayName("an await listener and a then listener on one future: registration order, the body runs to its next await first")
    void awaitAndThenListenersDepthFirst() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            async(
                () -> {
                  await(c.future());
                  log.add("a1");
                  await((Object) null);
                  log.add("a2");
                });
            c.future().thenAccept(v -> log.add("b"));
            c.complete(1);
            log.add("after complete");
          });
      log.assertOutput("a1 b after complete a2");
    }

    @Test
    @DisplayName("return v (non-future) after an await: result completed synchronously, listeners run at once")
    void returnAfterAwaitCompletesSynchronously() {
      Dart.run(
          () -> {
            DFuture<Integer> f =
                async(
                    () -> {
                      log.add("b1");
                      await((Object) null);
                      log.add("b2");
                      return 5;
                    });
            f.thenAccept(v -> log.add("then " + v));
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("b1 b2 then 5 m");
    }

    @Test
    @DisplayName("return v before any await: the future is already complete when async() returns; then = +1 microtask")
    void returnBeforeAwaitIsAlreadyComplete() {
      Dart.run(
          () -> {
            DFuture<Integer> f = async(() -> 5);
            assertTrue(f.isDone(), "an async body that returns without awaiting completes synchronously");
            scheduleMicrotask(() -> log.add("m"));
            f.thenAccept(v -> log.add("then " + v));
          });
      log.assertOutput("m then 5");
    }

    // Row "return fut": Java's async(Callable<T>) cannot return a future to be adopted (a returned
    // DFuture would be the value itself, as with then()); the Java idiom is return await(fut).
    // For a pending fut both give the same order: the result completes, and its listeners run,
    // synchronously inside fut's completion (Dart: _chainFuture adopts the incomplete source).
    @Test
    @DisplayName("return fut (Java: return await(fut)), fut pending: listeners run inside fut's completion")
    void returnPendingFuture() {
      Dart.run(
          () -> {
            Completer<Integer> source = Completer.sync();
            DFuture<Integer> f =
                async(
                    () -> {
                      await((Object) null);
                      return await(source.future());
                    });
            f.thenAccept(v -> log.add("then " + v));
            Timer.run(
                () -> {
                  log.add("before");
                  source.complete(9);
                  log.add("after");
                });
          });
      log.assertOutput("before then 9 after");
    }

    @Test
    @DisplayName("throw before the first await: error completion +1 microtask (queued at the throw)")
    void throwBeforeFirstAwait() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                async(
                    () -> {
                      log.add("b");
                      throw boom;
                    });
            assertFalse(f.isDone(), "the error completes one microtask later");
            scheduleMicrotask(() -> log.add("m"));
            f.catchError(
                e -> {
                  assertSame(boom, e);
                  log.add("caught");
                  return 0;
                });
          });
      log.assertOutput("b caught m");
    }

    @Test
    @DisplayName("throw after an await: error completion synchronous")
    void throwAfterAwait() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture<Integer> f =
                async(
                    () -> {
                      await(c.future());
                      throw boom;
                    });
            f.catchError(
                e -> {
                  assertSame(boom, e);
                  log.add("caught");
                  return 0;
                });
            scheduleMicrotask(() -> log.add("m"));
            log.add("before");
            c.complete(1);
            log.add("after");
          });
      log.assertOutput("before caught after m");
    }
  }

  @Nested
  @DisplayName("§3.2 worked examples")
  class WorkedExamples {

    @Test
    @DisplayName("SDK tests/language/async/call_test.dart: barbar2microfoo")
    void barBar2MicroFoo() {
      StringBuilder result = new StringBuilder();
      ThrowingRunnable foo = () -> result.append("foo");
      ThrowingRunnable bar =
          () -> {
            result.append("bar");
            await((Object) null);
            result.append("bar2");
          };
      Dart.run(
          () -> {
            async(
                () -> {
                  DFuture<Void> f = DFuture.run(foo);
                  DFuture<Void> b = async(bar);
                  assertEquals("bar", result.toString());
                  scheduleMicrotask(() -> result.append("micro"));
                  await(b);
                  await(f);
                  assertEquals("barbar2microfoo", result.toString());
                });
          });
      assertEquals("barbar2microfoo", result.toString());
    }

    @Test
    @DisplayName("a1 main a2 m1 m2 a3")
    void a1MainA2M1M2A3() {
      ThrowingRunnable a =
          () -> {
            log.add("a1");
            await((Object) null);
            log.add("a2");
            await((Object) null);
            log.add("a3");
          };
      Dart.run(
          () -> {
            async(a);
            scheduleMicrotask(() -> log.add("m1"));
            scheduleMicrotask(() -> log.add("m2"));
            log.add("main");
          });
      log.assertOutput("a1 main a2 m1 m2 a3");
    }

    @ParameterizedTest(name = "Completer.sync: {0}")
    @ValueSource(booleans = {false, true})
    @DisplayName("w end m got 1 (Completer()) / w got 1 end m (Completer.sync())")
    void wEndMGot1(boolean sync) {
      Dart.run(
          () -> {
            Completer<Integer> c = sync ? Completer.sync() : new Completer<>();
            async(
                () -> {
                  log.add("w");
                  log.add("got " + await(c.future()));
                });
            scheduleMicrotask(() -> log.add("m"));
            c.complete(1);
            log.add("end");
          });
      log.assertOutput(sync ? "w got 1 end m" : "w end m got 1");
    }

    @Test
    @DisplayName("SDK issue #52301 (VM result): A B F G D C E")
    void issue52301() {
      // Dart: await Future(() async { ... }); Java's DFuture.run does not unwrap the future the
      // async closure returns, so the closure runs in thenCompose on a Future() that completes in
      // the same timer event, which is what Future(() async {...}) does.
      Dart.run(
          () -> {
            log.add("A");
            await(
                DFuture.run(() -> 0)
                    .thenCompose(
                        ignored ->
                            async(
                                () -> {
                                  log.add("B");
                                  DFuture.run(() -> log.add("C"));
                                  DFuture.microtask(() -> log.add("D"));
                                  DFuture.run(() -> log.add("E"));
                                  log.add("F");
                                })));
            log.add("G");
          });
      log.assertOutput("A B F G D C E");
    }

    @Test
    @DisplayName("§3.1 a body started from another body is synchronous until its first await: 1 2 3 4 5 m")
    void nestedBodiesSynchronousUntilFirstAwait() {
      Dart.run(
          () -> {
            async(
                () -> {
                  log.add("1");
                  DFuture<Integer> inner =
                      async(
                          () -> {
                            log.add("2");
                            await((Object) null);
                            log.add("4");
                            return 5;
                          });
                  log.add("3");
                  log.add(await(inner));
                });
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("1 2 3 4 5 m");
    }

    @Test
    @DisplayName("§3.1 deep nesting: each started body runs synchronously, resumptions chain synchronously")
    void deepNesting() {
      Dart.run(
          () -> {
            Completer<Integer> gate = Completer.sync();
            DFuture<Integer> outer =
                async(
                    () -> {
                      ex.expect(1);
                      DFuture<Integer> middle =
                          async(
                              () -> {
                                ex.expect(2);
                                DFuture<Integer> inner =
                                    async(
                                        () -> {
                                          ex.expect(3);
                                          int g = await(gate.future());
                                          ex.expect(7);
                                          return g + 1;
                                        });
                                ex.expect(4);
                                int i = await(inner);
                                ex.expect(8);
                                return i + 1;
                              });
                      ex.expect(5);
                      int m = await(middle);
                      ex.expect(9);
                      return m + 1;
                    });
            ex.expect(6);
            gate.complete(10); // everything resumes inside this call
            ex.expect(10);
            assertTrue(outer.isDone());
            assertEquals(13, await(outer));
            ex.finish(11);
          });
    }
  }

  @Nested
  @DisplayName("§3.1 depth")
  class Depth {

    @Test
    @DisplayName("1,000 nested bodies each awaiting the next: all resume synchronously inside one complete()")
    void thousandNestedBodiesResumeSynchronously() {
      int depth = 1000;
      int[] resumed = {0};
      Dart.run(
          () -> {
            Completer<Integer> gate = Completer.sync();
            DFuture<Integer> outer = nest(depth, gate.future(), resumed);
            assertEquals(0, resumed[0]);
            gate.complete(0);
            assertEquals(depth, resumed[0], "every body resumed inside complete()");
            assertTrue(outer.isDone());
            assertEquals(depth, await(outer));
          });
    }

    private DFuture<Integer> nest(int n, DFuture<Integer> innermost, int[] resumed) {
      if (n == 0) {
        return innermost;
      }
      return async(
          () -> {
            DFuture<Integer> inner = nest(n - 1, innermost, resumed); // synchronous until its await
            int v = await(inner);
            resumed[0]++;
            return v + 1;
          });
    }

    @Test
    @DisplayName("§2.1 a chain of 100,000 then() on one completion propagates without stack growth")
    void longThenChainNoStackOverflow() {
      int n = 100_000;
      int[] ran = {0};
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture<Integer> chain = c.future();
            for (int i = 0; i < n; i++) {
              chain = chain.then(v -> {
                ran[0]++;
                return v + 1;
              });
            }
            c.complete(0);
            assertEquals(n, ran[0], "the whole chain ran inside complete()");
            assertEquals(n, await(chain));
          });
    }
  }

  @Nested
  @DisplayName("§3.1 errors and await")
  class Errors {

    @Test
    @DisplayName("await on a completed error future rethrows the original exception object")
    void awaitCompletedErrorRethrowsOriginal() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            c.future().ignore(); // complete with no listener without an uncaught report
            c.completeError(boom);
            assertTrue(c.future().isDone());
            DartException caught = assertThrows(DartException.class, () -> await(c.future()));
            assertSame(boom, caught);
          });
    }

    @Test
    @DisplayName("await on a pending future that fails rethrows the original object, also a checked exception")
    void awaitPendingErrorRethrowsOriginalChecked() {
      IOException io = new IOException("disk");
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            Timer.run(() -> c.completeError(io));
            try {
              await(c.future());
              ex.expectUnreached();
            } catch (Throwable e) {
              assertSame(io, e);
            }
          });
    }

    @Test
    @DisplayName("an error thrown after await propagates to the awaiting body, which can catch it")
    void errorPropagatesThroughAwaitChain() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Integer> failing =
                async(
                    () -> {
                      await(DFuture.delayed(Duration.ofMillis(1)));
                      throw boom;
                    });
            DFuture<String> handled =
                async(
                    () -> {
                      try {
                        await(failing);
                        return "no";
                      } catch (DartException e) {
                        assertSame(boom, e);
                        return "caught";
                      }
                    });
            assertEquals("caught", await(handled));
          });
    }

    @Test
    @DisplayName("an async body's uncaught error with no listener stops the isolate (Dart.run throws it)")
    void bodyErrorWithoutListenerIsUncaught() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                async(
                    () -> {
                      await((Object) null);
                      throw boom;
                    });
              });
      assertSame(boom, thrown);
    }
  }

  @Nested
  @DisplayName("§3.1 where await may be called")
  class WhereAwaitWorks {

    @Test
    @DisplayName("await outside a body on the isolate thread (timer callback, microtask) throws IllegalStateException")
    void awaitOutsideBodyThrows() {
      AtomicReference<Throwable> fromTimer = new AtomicReference<>();
      AtomicReference<Throwable> fromMicrotask = new AtomicReference<>();
      Dart.run(
          () -> {
            Timer.run(
                () ->
                    fromTimer.set(
                        assertThrows(
                            IllegalStateException.class, () -> await(DFuture.value(1)))));
            scheduleMicrotask(
                () ->
                    fromMicrotask.set(
                        assertThrows(IllegalStateException.class, () -> await((Object) null))));
          });
      for (Throwable e : new Throwable[] {fromTimer.get(), fromMicrotask.get()}) {
        assertTrue(e instanceof IllegalStateException, String.valueOf(e));
        String message = e.getMessage();
        assertTrue(
            message.contains("outside an async body") && message.contains("Dart.async"),
            "the message should say await ran outside an async body and how to fix it: " + message);
      }
    }

    @Test
    @DisplayName("await in a then-callback throws IllegalStateException also when the callback runs inside a body")
    void awaitInCallbackInsideBodyThrows() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            c.future()
                .thenAccept(
                    v -> {
                      log.add("cb");
                      try {
                        await((Object) null); // a callback is not an async body
                        log.add("cb resumed");
                      } catch (IllegalStateException e) {
                        log.add("cb threw");
                      }
                    });
            c.future().thenAccept(v -> log.add("sibling"));
            scheduleMicrotask(() -> log.add("m"));
            log.add("before");
            c.complete(1); // Dart: all listeners run synchronously inside complete()
            log.add("after");
          });
      // Dart has no await outside async functions; the Java contract (Dart.await) is an
      // IllegalStateException, and propagation stays synchronous: m only after main's code.
      log.assertOutput("before cb cb threw sibling after m");
    }

    @Test
    @DisplayName("control: the same callback run from a microtask gets the IllegalStateException")
    void awaitInCallbackFromMicrotaskThrows() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>(); // listeners run in a microtask
            c.future()
                .thenAccept(
                    v -> {
                      log.add("cb");
                      try {
                        await((Object) null);
                        log.add("cb resumed");
                      } catch (IllegalStateException e) {
                        log.add("cb threw");
                      }
                    });
            c.future().thenAccept(v -> log.add("sibling"));
            log.add("before");
            c.complete(1);
            scheduleMicrotask(() -> log.add("m"));
            log.add("after");
          });
      log.assertOutput("before after cb cb threw sibling m");
    }

    @Test
    @DisplayName("await on a thread with no isolate blocks that thread until the future completes")
    void awaitOnForeignThreadBlocks() throws Exception {
      AtomicBoolean completed = new AtomicBoolean();
      AtomicReference<Object> seen = new AtomicReference<>();
      CountDownLatch done = new CountDownLatch(1);
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            Thread waiter =
                Thread.ofPlatform()
                    .start(
                        () -> {
                          try {
                            int v = await(c.future()); // no isolate on this thread: blocks
                            seen.set(completed.get() ? v : "returned before completion");
                          } catch (Throwable e) {
                            seen.set(e);
                          } finally {
                            done.countDown();
                          }
                        });
            long start = System.nanoTime();
            // Keep the isolate alive (a pending future does not) until the waiter has its result.
            Timer.periodic(
                Duration.ofMillis(2),
                t -> {
                  if (t.tick() >= 10 && !completed.get()) { // ticks may skip under load
                    completed.set(true);
                    c.complete(42);
                  }
                  if (done.getCount() == 0 || System.nanoTime() - start > 10_000_000_000L) {
                    t.cancel();
                  }
                });
            assertTrue(waiter.isAlive() || done.getCount() == 0);
          });
      assertTrue(done.await(10, TimeUnit.SECONDS));
      assertEquals(42, seen.get());
    }
  }
}
