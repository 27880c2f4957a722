package dev.dartasync.semantics;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.TimeoutException;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/semantics.md §2: the future state machine, completion primitives and listeners. */
class FutureOrderTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  private static <T> Completer<T> completer(boolean sync) {
    return sync ? Completer.sync() : new Completer<>();
  }

  // ---- §2.1 ----------------------------------------------------------------------------------

  @ParameterizedTest(name = "sync completer: {0}")
  @ValueSource(booleans = {false, true})
  @DisplayName("§2.1 propagation is synchronous and depth-first: a a2 b (not a b a2)")
  void depthFirstPropagation(boolean sync) {
    Dart.run(
        () -> {
          Completer<Integer> c = completer(sync);
          c.future().thenAccept(v -> log.add("a")).thenAccept(v -> log.add("a2"));
          c.future().thenAccept(v -> log.add("b"));
          c.complete(1);
        });
    log.assertOutput("a a2 b");
  }

  @Test
  @DisplayName("§2.1 listeners run in registration order, also deeper chains depth-first")
  void depthFirstDeeperTree() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          DFuture<Void> a = c.future().thenAccept(v -> log.add("a"));
          a.thenAccept(v -> log.add("a1")).thenAccept(v -> log.add("a11"));
          a.thenAccept(v -> log.add("a2"));
          c.future().thenAccept(v -> log.add("b")).thenAccept(v -> log.add("b1"));
          c.future().thenAccept(v -> log.add("c"));
          c.complete(1);
        });
    log.assertOutput("a a1 a11 a2 b b1 c");
  }

  @Test
  @DisplayName("§2.1 a late listener (then on a completed future) costs one microtask per then() call")
  void lateListenerOneMicrotaskEach() {
    Dart.run(
        () -> {
          DFuture<Integer> done = DFuture.sync(() -> 1);
          done.thenAccept(v -> log.add("t1"));
          scheduleMicrotask(() -> log.add("m"));
          done.thenAccept(v -> log.add("t2"));
        });
    log.assertOutput("t1 m t2");
  }

  @Test
  @DisplayName("§2.1 an error passes through then(onValue) and whenComplete to the end of the chain")
  void errorForwardedThroughChain() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          DFuture.<Integer>error(boom)
              .thenAccept(v -> ex.expectUnreached())
              .whenComplete(() -> ex.expect(1))
              .thenAccept(v -> ex.expectUnreached())
              .catchError(
                  e -> {
                    assertSame(boom, e);
                    ex.finish(2);
                    return null;
                  });
        });
  }

  // ---- §2.2 table ------------------------------------------------------------------------------

  @Test
  @DisplayName("§2.2 Completer().complete(v): isCompleted at once; listeners in a microtask queued at complete()")
  void asyncCompleterCompletesInMicrotask() {
    Dart.run(
        () -> {
          Completer<Integer> c = new Completer<>();
          c.future().thenAccept(v -> log.add("a" + v));
          scheduleMicrotask(() -> log.add("m0"));
          log.add("before");
          c.complete(1);
          assertTrue(c.isCompleted(), "isCompleted is true at once");
          log.add("after");
          scheduleMicrotask(() -> log.add("m1"));
        });
    log.assertOutput("before after m0 a1 m1");
  }

  @Test
  @DisplayName("§2.2 Completer.sync().complete(v): listeners run synchronously inside complete()")
  void syncCompleterCompletesSynchronously() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          c.future().thenAccept(v -> log.add("a" + v));
          scheduleMicrotask(() -> log.add("m0"));
          log.add("before");
          c.complete(1);
          assertTrue(c.future().isDone());
          log.add("after");
        });
    log.assertOutput("before a1 after m0");
  }

  @ParameterizedTest(name = "sync completer: {0}")
  @ValueSource(booleans = {false, true})
  @DisplayName("§2.2 completeError: async completer -> microtask, Completer.sync -> synchronous")
  void completeErrorTiming(boolean sync) {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          Completer<Integer> c = completer(sync);
          c.future().catchError(e -> {
            assertSame(boom, e);
            log.add("e");
            return null;
          });
          scheduleMicrotask(() -> log.add("m"));
          c.completeError(boom);
          log.add("after");
        });
    log.assertOutput(sync ? "e after m" : "after m e");
  }

  @ParameterizedTest(name = "sync completer: {0}")
  @ValueSource(booleans = {false, true})
  @DisplayName("§2.2 completing twice -> StateError 'Bad state: Future already completed' (both completers)")
  void completingTwiceThrows(boolean sync) {
    Dart.run(
        () -> {
          Completer<Integer> c = completer(sync);
          c.complete(1);
          StateError again = assertThrows(StateError.class, () -> c.complete(2));
          assertEquals("Bad state: Future already completed", again.toString());
          StateError error =
              assertThrows(StateError.class, () -> c.completeError(new DartException("x")));
          assertEquals("Bad state: Future already completed", error.toString());
          StateError future =
              assertThrows(StateError.class, () -> c.completeWith(DFuture.value(3)));
          assertEquals("Bad state: Future already completed", future.toString());
          assertEquals(1, await(c.future()), "the first completion wins");

          Completer<Integer> e = completer(sync);
          e.future().ignore();
          e.completeError(new DartException("first"));
          StateError afterError = assertThrows(StateError.class, () -> e.complete(1));
          assertEquals("Bad state: Future already completed", afterError.toString());
        });
  }

  @Test
  @DisplayName("§2.2 worked example: Future.value(2) completes in a microtask queued at construction: 2 1")
  void futureValueCompletionQueuedAtConstruction() {
    Dart.run(
        () -> {
          DFuture<Integer> f = DFuture.value(2);
          scheduleMicrotask(() -> log.add(1));
          f.thenAccept(log::add);
        });
    log.assertOutput("2 1");
  }

  @Test
  @DisplayName("§2.2 worked example: Future.sync(() => 2) is already complete, then() costs a microtask: 1 2")
  void futureSyncIsAlreadyComplete() {
    Dart.run(
        () -> {
          DFuture<Integer> g = DFuture.sync(() -> 2);
          scheduleMicrotask(() -> log.add(1));
          g.thenAccept(log::add);
        });
    log.assertOutput("1 2");
  }

  @Test
  @DisplayName("§2.2 worked example (SDK #44751): a pending Future.value returned in a timer event: A B")
  void issue44751FutureValue() {
    // Dart: Future(() { scheduleMicrotask(() => print('A')); return Future.value(23); })
    //           .then((_) => print('B'));
    // Java's then/run never unwrap a returned future: thenCompose does, in the same timer event.
    Dart.run(
        () -> {
          DFuture.run(() -> 0)
              .thenCompose(
                  ignored -> {
                    scheduleMicrotask(() -> log.add("A"));
                    return DFuture.value(23);
                  })
              .thenAccept(v -> log.add("B"));
        });
    log.assertOutput("A B");
  }

  @Test
  @DisplayName("§2.2 worked example (SDK #44751): a completed Future.sync returned in a timer event: B A")
  void issue44751FutureSync() {
    Dart.run(
        () -> {
          DFuture.run(() -> 0)
              .thenCompose(
                  ignored -> {
                    scheduleMicrotask(() -> log.add("A"));
                    return DFuture.sync(() -> 23);
                  })
              .thenAccept(v -> log.add("B"));
        });
    log.assertOutput("B A");
  }

  @Test
  @DisplayName("§2.2 Future.sync(fn): fn runs during the call; a throw completes the future in a microtask")
  void futureSyncThrowIsAsync() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          DFuture<Integer> f =
              DFuture.sync(
                  () -> {
                    log.add("fn");
                    throw boom;
                  });
          log.add("returned");
          assertFalse(f.isDone(), "a throwing Future.sync completes one microtask later");
          scheduleMicrotask(() -> log.add("m"));
          f.catchError(
              e -> {
                assertSame(boom, e);
                log.add("e");
                return 0;
              });
        });
    log.assertOutput("fn returned e m");
  }

  @Test
  @DisplayName("§2.2 Future.microtask(fn): fn in a microtask queued now; listeners synchronously inside it")
  void futureMicrotask() {
    Dart.run(
        () -> {
          scheduleMicrotask(() -> log.add("m0"));
          DFuture.microtask(
                  () -> {
                    log.add("fn");
                    return 1;
                  })
              .thenAccept(v -> log.add("then"));
          scheduleMicrotask(() -> log.add("m1"));
        });
    log.assertOutput("m0 fn then m1");
  }

  @Test
  @DisplayName("§2.2 Future(fn): fn in a zero timer; the result completes synchronously in that event")
  void futureConstructorCompletesInTimerEvent() {
    Dart.run(
        () -> {
          DFuture.run(
                  () -> {
                    log.add("fn");
                    scheduleMicrotask(() -> log.add("m"));
                    return 1;
                  })
              .thenAccept(v -> log.add("then"));
          DFuture.run(() -> log.add("next event"));
        });
    log.assertOutput("fn then m next event");
  }

  @Test
  @DisplayName("§2.2 Future.delayed(d): completes with null after d; with a computation, with its result")
  void futureDelayed() {
    Dart.run(
        () -> {
          long start = System.nanoTime();
          Object nothing = await(DFuture.delayed(Duration.ofMillis(30)));
          long ms = (System.nanoTime() - start) / 1_000_000L;
          assertNull(nothing);
          assertTrue(ms >= 30, "a 30 ms delay took " + ms + " ms");
          assertEquals(7, await(DFuture.delayed(Duration.ofMillis(1), () -> 7)));
          DartException boom = new DartException("boom");
          DFuture<Integer> failing =
              DFuture.delayed(
                  Duration.ofMillis(1),
                  () -> {
                    throw boom;
                  });
          assertSame(boom, assertThrows(DartException.class, () -> await(failing)));
        });
  }

  @Nested
  @DisplayName("§2.2 Completer().complete(future) chaining")
  class CompleteWithFuture {

    @Test
    @DisplayName("incomplete source: chained now; listeners run synchronously when the source completes")
    void incompleteSourceChainsSynchronously() {
      Dart.run(
          () -> {
            Completer<Integer> source = Completer.sync();
            Completer<Integer> c = new Completer<>();
            c.completeWith(source.future());
            assertTrue(c.isCompleted());
            c.future().thenAccept(v -> log.add("a" + v));
            log.add("before");
            source.complete(1);
            log.add("after");
          });
      log.assertOutput("before a1 after");
    }

    @Test
    @DisplayName("source complete with a value and no listener yet: result taken synchronously (then = late listener)")
    void completedSourceNoListenersClonesNow() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            c.completeWith(DFuture.sync(() -> 1));
            assertTrue(c.future().isDone(), "cloned synchronously");
            scheduleMicrotask(() -> log.add("m"));
            c.future().thenAccept(v -> log.add("a" + v));
          });
      log.assertOutput("m a1");
    }

    @Test
    @DisplayName("source complete, target has listeners: pending + a microtask queued at complete()")
    void completedSourceWithListenersTakesAMicrotask() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            c.future().thenAccept(v -> log.add("a" + v));
            log.add("before");
            c.completeWith(DFuture.sync(() -> 1));
            log.add("after");
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("before after a1 m");
    }

    @Test
    @DisplayName("source complete with an error: pending + a microtask, even without listeners")
    void completedErrorSourceTakesAMicrotask() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            Completer<Integer> failed = Completer.sync();
            failed.future().ignore();
            failed.completeError(boom);
            Completer<Integer> c = new Completer<>();
            c.completeWith(failed.future());
            assertFalse(c.future().isDone(), "an error source is taken one microtask later");
            c.future()
                .catchError(
                    e -> {
                      assertSame(boom, e);
                      log.add("e");
                      return 0;
                    });
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("e m");
    }

    @Test
    @DisplayName("Completer.sync().complete(future): listeners run inside the source's completion")
    void syncCompleterChainsToPendingSource() {
      Dart.run(
          () -> {
            Completer<Integer> source = new Completer<>();
            Completer<Integer> c = Completer.sync();
            c.completeWith(source.future());
            c.future().thenAccept(v -> log.add("a" + v));
            scheduleMicrotask(() -> log.add("m0"));
            source.complete(1); // async: its microtask runs after m0, and a1 inside it
            scheduleMicrotask(() -> log.add("m1"));
          });
      log.assertOutput("m0 a1 m1");
    }

    @Test
    @DisplayName("completing a future with itself -> ArgumentError 'Cannot complete a future with itself', asynchronously")
    void completingWithItself() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            c.completeWith(c.future());
            log.add("returned");
            Throwable e = assertThrows(Throwable.class, () -> await(c.future()));
            ArgumentError error = assertInstanceOf(ArgumentError.class, e);
            assertEquals("Cannot complete a future with itself", error.message());
            assertTrue(
                error.toString().startsWith("Invalid argument: Cannot complete a future with itself: "),
                error.toString());
          });
      log.assertOutput("returned");
    }

    @Test
    @DisplayName("Future.value(future) follows the same chaining rules (clone a completed value now)")
    void futureValueOfFuture() {
      Dart.run(
          () -> {
            DFuture<Integer> cloned = DFuture.value(DFuture.sync(() -> 5));
            assertTrue(cloned.isDone());
            Completer<Integer> source = Completer.sync();
            DFuture<Integer> chained = DFuture.value(source.future());
            chained.thenAccept(v -> log.add("chained" + v));
            log.add("before");
            source.complete(6);
            log.add("after");
          });
      log.assertOutput("before chained6 after");
    }
  }

  // ---- §2.3 ----------------------------------------------------------------------------------

  @Nested
  @DisplayName("§2.3 catchError with test")
  class CatchErrorTest {

    @Test
    @DisplayName("test false: same error and same stack trace forwarded")
    void testFalseForwardsSameErrorAndStack() {
      StateError boom = new StateError("boom");
      StackTrace trace = StackTrace.fromString("#0 original\n");
      Dart.run(
          () -> {
            DFuture.<Integer>error(boom, trace)
                .catchError(
                    e -> {
                      ex.expectUnreached();
                      return 0;
                    },
                    e -> e instanceof ArgumentError)
                .catchError(
                    (e, st) -> {
                      assertSame(boom, e);
                      assertSame(trace, st, "the unhandled error keeps its stack trace");
                      ex.finish(1);
                      return 0;
                    });
          });
    }

    @Test
    @DisplayName("test true: handled; the handler's result completes the future; a value passes through unchanged")
    void testTrueHandles() {
      Dart.run(
          () -> {
            int handled =
                await(
                    DFuture.<Integer>error(new StateError("boom"))
                        .catchError(e -> 42, e -> e instanceof StateError));
            assertEquals(42, handled);
            int passed = await(DFuture.value(7).catchError(e -> 42));
            assertEquals(7, passed);
          });
    }

    @Test
    @DisplayName("a throwing test counts as the handler throwing")
    void throwingTest() {
      DartException fromTest = new DartException("from test");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                DFuture.<Integer>error(new StateError("boom"))
                    .catchError(
                        e -> 0,
                        e -> {
                          throw fromTest;
                        });
            assertSame(fromTest, assertThrows(DartException.class, () -> await(f)));
          });
    }

    @Test
    @DisplayName("a handler that rethrows the identical error keeps the original stack trace")
    void identicalRethrowKeepsStack() {
      StateError boom = new StateError("boom");
      StackTrace trace = StackTrace.fromString("#0 original\n");
      Dart.run(
          () -> {
            DFuture.<Integer>error(boom, trace)
                .catchError(
                    e -> {
                      throw (StateError) e;
                    })
                .catchError(
                    (e, st) -> {
                      assertSame(boom, e);
                      assertSame(trace, st);
                      ex.finish(1);
                      return 0;
                    });
          });
    }
  }

  @Nested
  @DisplayName("§2.3 whenComplete")
  class WhenComplete {

    @Test
    @DisplayName("action runs on value and on error; the original result passes through")
    void passesThrough() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            assertEquals(1, await(DFuture.value(1).whenComplete(() -> log.add("w1"))));
            DFuture<Integer> failed =
                DFuture.<Integer>error(boom).whenComplete(() -> log.add("w2"));
            assertSame(boom, assertThrows(DartException.class, () -> await(failed)));
          });
      log.assertOutput("w1 w2");
    }

    @Test
    @DisplayName("action returning a future: the result waits for it, then completes with the original value")
    void waitsForReturnedFuture() {
      Dart.run(
          () -> {
            DFuture<Integer> f =
                DFuture.value(1)
                    .whenComplete(
                        () ->
                            DFuture.delayed(Duration.ofMillis(5), () -> log.add("action done")));
            f.thenAccept(v -> log.add("then " + v));
          });
      log.assertOutput("action done then 1");
    }

    @Test
    @DisplayName("action returning a failing future: its error replaces the result")
    void returnedFutureErrorReplacesResult() {
      DartException original = new DartException("original");
      DartException fromAction = new DartException("from action");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                DFuture.<Integer>error(original)
                    .whenComplete(
                        () ->
                            DFuture.delayed(
                                Duration.ofMillis(1),
                                () -> {
                                  throw fromAction;
                                }));
            assertSame(fromAction, assertThrows(DartException.class, () -> await(f)));
          });
    }

    @Test
    @DisplayName("action throwing: that error replaces the result")
    void throwingActionReplacesResult() {
      DartException fromAction = new DartException("from action");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                DFuture.value(1)
                    .whenComplete(
                        () -> {
                          throw fromAction;
                        });
            assertSame(fromAction, assertThrows(DartException.class, () -> await(f)));
          });
    }

    @Test
    @DisplayName("a completed future returned by the action is inspected synchronously (no extra hop)")
    void completedFutureInspectedSynchronously() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            c.future()
                .whenComplete(() -> DFuture.sync(() -> 0))
                .thenAccept(v -> log.add("then " + v));
            log.add("before");
            c.complete(1);
            log.add("after");
          });
      log.assertOutput("before then 1 after");
    }
  }

  @Nested
  @DisplayName("§2.3 onError<E> type filter")
  class OnErrorFilter {

    @Test
    @DisplayName("matching type is handled; other types pass through with the original stack trace")
    void typeFilter() {
      StateError boom = new StateError("boom");
      StackTrace trace = StackTrace.fromString("#0 original\n");
      Dart.run(
          () -> {
            DFuture.<Integer>error(boom, trace)
                .onError(
                    ArgumentError.class,
                    e -> {
                      ex.expectUnreached();
                      return 0;
                    })
                .onError(
                    StateError.class,
                    (e, st) -> {
                      assertSame(boom, e);
                      assertSame(trace, st, "a non-matching onError must keep the stack trace");
                      ex.expect(1);
                      return 5;
                    })
                .thenAccept(v -> {
                  assertEquals(5, v);
                  ex.finish(2);
                });
          });
    }

    @Test
    @DisplayName("failing test: the error passes through")
    void failingTestPassesThrough() {
      StateError boom = new StateError("boom");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                DFuture.<Integer>error(boom)
                    .onError(StateError.class, (e, st) -> 0, e -> e.message().equals("other"));
            assertSame(boom, assertThrows(StateError.class, () -> await(f)));
          });
    }
  }

  @Nested
  @DisplayName("§2.3 ignore()")
  class Ignore {

    @Test
    @DisplayName("an ignored future that fails with no listener is not reported as uncaught")
    void ignoredErrorIsSilent() {
      Dart.run(
          () -> {
            DFuture.error(new DartException("ignored")).ignore();
            Completer<Integer> c = new Completer<>();
            c.future().ignore();
            c.completeError(new DartException("ignored too"));
          });
    }

    @Test
    @DisplayName("without ignore() the same error stops the isolate (control)")
    void notIgnoredErrorIsFatal() {
      DartException boom = new DartException("boom");
      assertSame(boom, uncaught(() -> DFuture.error(boom)));
    }

    @Test
    @DisplayName("listeners added after ignore() (even after completion) still receive the error")
    void laterListenersStillReceive() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Integer> f = DFuture.error(boom);
            f.ignore();
            await(DFuture.delayed(Duration.ofMillis(1)));
            assertTrue(f.isDone());
            assertSame(boom, assertThrows(DartException.class, () -> await(f)));
          });
    }

    // SDK tests/lib/async/ignore_regress_56806_test.dart testNoThrow (docs/semantics.md §2.3).
    @Test
    @DisplayName("ignore_regress_56806: f.whenComplete(asyncAction).ignore() stays silent when f fails")
    void ignoreOnDerivedFutureIsSilent() {
      Dart.run(
          () -> {
            Completer<Integer> c = new Completer<>();
            c.future().whenComplete(() -> DFuture.delayed(Duration.ofMillis(1))).ignore();
            c.completeError(new DartException("boom"));
          });
    }

    // SDK tests/lib/async/ignore_regress_56806_test.dart testDoThrow (docs/semantics.md §2.3).
    @Test
    @DisplayName("ignore_regress_56806: f.ignore(); f.whenComplete(asyncAction) reports the derived future's error")
    void ignoreOnSourceDoesNotSilenceDerived() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                Completer<Integer> c = new Completer<>();
                c.future().ignore();
                c.future().whenComplete(() -> DFuture.delayed(Duration.ofMillis(1)));
                c.completeError(boom);
              });
      assertSame(boom, thrown);
    }
  }

  @Nested
  @DisplayName("§2.3 timeout")
  class Timeout {

    @Test
    @DisplayName("without onTimeout: TimeoutException after 0:00:00.050000: Future not completed, after >= 50 ms")
    void timeoutWithoutOnTimeout() {
      Dart.run(
          () -> {
            Completer<Integer> never = new Completer<>();
            long start = System.nanoTime();
            TimeoutException e =
                assertThrows(
                    TimeoutException.class,
                    () -> await(never.future().timeout(Duration.ofMillis(50))));
            long ms = (System.nanoTime() - start) / 1_000_000L;
            assertEquals(
                "TimeoutException after 0:00:00.050000: Future not completed", e.toString());
            assertTrue(ms >= 50, "a 50 ms timeout fired after " + ms + " ms");
          });
    }

    @Test
    @DisplayName("with onTimeout: completes with its result; a later result of the source is ignored")
    void timeoutWithOnTimeout() {
      Dart.run(
          () -> {
            Completer<Integer> late = new Completer<>();
            DFuture<Integer> f = late.future().timeout(Duration.ofMillis(10), () -> -1);
            assertEquals(-1, await(f));
            late.complete(5); // ignored
            late.future().thenAccept(v -> log.add("source " + v));
          });
      log.assertOutput("source 5");
    }

    @Test
    @DisplayName("with onTimeout throwing: the result fails with that error")
    void timeoutWithThrowingOnTimeout() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Integer> f =
                new Completer<Integer>()
                    .future()
                    .timeout(
                        Duration.ofMillis(5),
                        () -> {
                          throw boom;
                        });
            assertSame(boom, assertThrows(DartException.class, () -> await(f)));
          });
    }

    @Test
    @DisplayName("the source completing in time wins; the source's late error after a timeout is swallowed")
    void sourceInTimeAndLateErrorSwallowed() {
      Dart.run(
          () -> {
            assertEquals(
                3,
                await(
                    DFuture.delayed(Duration.ofMillis(1), () -> 3)
                        .timeout(Duration.ofSeconds(10))));
            Completer<Integer> late = new Completer<>();
            DFuture<Integer> f = late.future().timeout(Duration.ofMillis(5));
            assertThrows(TimeoutException.class, () -> await(f));
            late.completeError(new DartException("late")); // must not become uncaught
            await(DFuture.delayed(Duration.ofMillis(2)));
          });
    }

    @Test
    @DisplayName("already complete: returns a future that mirrors it one microtask later")
    void alreadyComplete() {
      Dart.run(
          () -> {
            DFuture<Integer> done = DFuture.sync(() -> 1);
            DFuture<Integer> t = done.timeout(Duration.ofMillis(1));
            t.thenAccept(v -> log.add("t" + v));
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("t1 m");
    }
  }

  @Test
  @DisplayName("§2.2 a DFuture result returned by then() is not unwrapped (Java difference); thenCompose is")
  void thenDoesNotUnwrapButThenComposeDoes() {
    Dart.run(
        () -> {
          DFuture<Integer> inner = DFuture.value(5);
          DFuture<DFuture<Integer>> wrapped = DFuture.value(1).then(v -> inner);
          assertSame(inner, await(wrapped));
          int unwrapped = await(DFuture.value(1).thenCompose(v -> inner));
          assertEquals(5, unwrapped);
        });
  }
}
