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

import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.WaitOption;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import io.vavr.Tuple;
import io.vavr.Tuple2;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/semantics.md §4: Future.wait, record/iterable .wait, any, forEach, doWhile. */
class CombinatorTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  private static List<Completer<Integer>> syncCompleters(int n) {
    List<Completer<Integer>> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(Completer.sync());
    }
    return list;
  }

  private static List<DFuture<Integer>> futures(List<Completer<Integer>> completers) {
    return completers.stream().map(Completer::future).toList();
  }

  @Nested
  @DisplayName("§4.1 Future.wait")
  class FutureWait {

    @Test
    @DisplayName("values by position, completes synchronously inside the last completion")
    void valuesByPositionCompletesInLastCompletion() {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(3);
            DFuture.wait(futures(c)).thenAccept(v -> log.add("wait " + v));
            c.get(2).complete(3);
            c.get(0).complete(1);
            log.add("before last");
            c.get(1).complete(2);
            log.add("after last");
          });
      log.assertOutput("before last wait [1, 2, 3] after last");
    }

    @Test
    @DisplayName("registers its listeners in iteration order (they run before later listeners)")
    void listenersInIterationOrder() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture.wait(List.of(c.future())).thenAccept(v -> log.add("wait"));
            c.future().thenAccept(v -> log.add("later listener"));
            c.complete(1);
          });
      log.assertOutput("wait later listener");
    }

    @Test
    @DisplayName("the first error by time wins, reported only when all futures completed")
    void firstErrorByTimeAfterAll() {
      DartException first = new DartException("first in time");
      DartException second = new DartException("first in position");
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(3);
            DFuture<List<Integer>> all = DFuture.wait(futures(c));
            all.catchError(
                e -> {
                  assertSame(first, e);
                  log.add("error");
                  return null;
                });
            c.get(2).completeError(first);
            c.get(0).completeError(second);
            log.add("errors in");
            assertFalse(all.isDone(), "without eagerError, wait waits for all futures");
            c.get(1).complete(5);
            log.add("all in");
          });
      log.assertOutput("errors in error all in");
    }

    @Test
    @DisplayName("eagerError: completes with the first error at once, others still pending")
    void eagerError() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(3);
            DFuture<List<Integer>> all = DFuture.wait(futures(c), WaitOption.eagerError(true));
            all.catchError(
                e -> {
                  assertSame(boom, e);
                  log.add("error");
                  return null;
                });
            c.get(0).complete(1);
            log.add("before");
            c.get(1).completeError(boom);
            log.add("after");
            c.get(2).completeError(new DartException("later, dropped"));
            c.get(2).future().ignore();
          });
      log.assertOutput("before error after");
    }

    @Test
    @DisplayName("cleanUp: earlier values when the first error arrives, later ones as they arrive, never null")
    void cleanUp() {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(5);
            DFuture<List<Integer>> all =
                DFuture.wait(futures(c), WaitOption.cleanUp(v -> log.add("cleanUp " + v)));
            all.catchError(
                e -> {
                  log.add("error " + e);
                  return null;
                });
            c.get(0).complete(10);
            c.get(1).complete((Integer) null); // null values are not cleaned up
            c.get(2).complete(30);
            log.add("before error");
            c.get(3).completeError(new StateError("e"));
            log.add("after error");
            c.get(4).complete(50);
          });
      log.assertLines(
          "before error",
          "cleanUp 10",
          "cleanUp 30",
          "after error",
          "cleanUp 50",
          "error Bad state: e");
    }

    @Test
    @DisplayName("a throwing cleanUp becomes an uncaught async error (Future.sync)")
    void throwingCleanUpIsUncaught() {
      DartException fromCleanUp = new DartException("cleanUp failed");
      Throwable thrown =
          uncaught(
              () -> {
                List<Completer<Integer>> c = syncCompleters(2);
                DFuture.wait(
                        futures(c),
                        WaitOption.cleanUp(
                            v -> {
                              throw fromCleanUp;
                            }))
                    .ignore();
                c.get(0).complete(1);
                c.get(1).completeError(new DartException("e"));
              });
      assertSame(fromCleanUp, thrown);
    }

    @Test
    @DisplayName("empty list: already complete with []; then costs one microtask queued at then()")
    void emptyList() {
      Dart.run(
          () -> {
            DFuture<List<Integer>> empty = DFuture.wait(List.<DFuture<Integer>>of());
            assertTrue(empty.isDone(), "Future.wait([]) is complete when returned");
            scheduleMicrotask(() -> log.add("m"));
            empty.thenAccept(v -> log.add("wait " + v));
          });
      log.assertOutput("m wait []");
    }

    @Test
    @DisplayName("the error keeps its original stack trace")
    void errorKeepsStackTrace() {
      StackTrace trace = StackTrace.fromString("#0 original\n");
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture.wait(List.of(c.future()))
                .catchError(
                    (e, st) -> {
                      assertSame(boom, e);
                      assertSame(trace, st);
                      ex.finish(1);
                      return null;
                    });
            c.completeError(boom, trace);
          });
    }
  }

  // ---- §4.2 ----------------------------------------------------------------------------------

  /** Calls the record wait of the right arity (2..8) and returns its tuple as a list. */
  private static DFuture<List<Object>> recordWait(List<DFuture<Integer>> f) {
    DFuture<? extends io.vavr.Tuple> t =
        switch (f.size()) {
          case 2 -> DFuture.wait(f.get(0), f.get(1));
          case 3 -> DFuture.wait(f.get(0), f.get(1), f.get(2));
          case 4 -> DFuture.wait(f.get(0), f.get(1), f.get(2), f.get(3));
          case 5 -> DFuture.wait(f.get(0), f.get(1), f.get(2), f.get(3), f.get(4));
          case 6 -> DFuture.wait(f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5));
          case 7 ->
              DFuture.wait(f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5), f.get(6));
          case 8 ->
              DFuture.wait(
                  f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5), f.get(6), f.get(7));
          default -> throw new IllegalArgumentException("arity " + f.size());
        };
    return t.then(tuple -> new ArrayList<Object>(tuple.toSeq().toJavaList()));
  }

  private static List<Object> tupleToList(Object tuple) {
    return new ArrayList<>(((io.vavr.Tuple) tuple).toSeq().toJavaList());
  }

  @Nested
  @DisplayName("§4.2 record .wait (arity 2..8)")
  class RecordWait {

    @ParameterizedTest(name = "arity {0}")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8})
    @DisplayName("all succeed: a tuple of the values in position order")
    void allSucceed(int n) {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(n);
            DFuture<List<Object>> values = recordWait(futures(c));
            for (int i = n - 1; i >= 0; i--) { // reverse completion order
              c.get(i).complete(i + 1);
            }
            List<Object> expected = new ArrayList<>(IntStream.rangeClosed(1, n).boxed().toList());
            assertEquals(expected, await(values));
          });
    }

    @ParameterizedTest(name = "arity {0}")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8})
    @DisplayName("errors: ParallelWaitError(k errors): <first error by position>, values/errors keep the shape")
    void errorsByPosition(int n) {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(n);
            DFuture<List<Object>> values = recordWait(futures(c));
            // Positions 0 and n-1 fail; the last position fails first in time.
            StateError first = new StateError("e" + 0);
            StateError last = new StateError("e" + (n - 1));
            c.get(n - 1).completeError(last);
            for (int i = 1; i < n - 1; i++) {
              c.get(i).complete(i * 10);
            }
            assertFalse(values.isDone(), "record wait waits for all futures (no eager mode)");
            // The last completion completes the wait synchronously: await (a listener) first.
            Timer.run(() -> c.get(0).completeError(first));
            ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(values));
            assertEquals("ParallelWaitError(2 errors): Bad state: e0", e.toString());
            assertEquals(2, e.errorCount());
            assertSame(first, e.defaultError().error(), "default error is the first by position");
            List<Object> vs = tupleToList(e.values());
            List<Object> es = tupleToList(e.errors());
            assertEquals(n, vs.size());
            assertEquals(n, es.size());
            assertNull(vs.get(0));
            assertNull(vs.get(n - 1));
            assertSame(first, ((AsyncError) es.get(0)).error());
            assertSame(last, ((AsyncError) es.get(n - 1)).error());
            for (int i = 1; i < n - 1; i++) {
              assertEquals(i * 10, vs.get(i));
              assertNull(es.get(i));
            }
          });
    }

    @Test
    @DisplayName("one error: ParallelWaitError: <error>; stackTrace is the default error's")
    void oneError() {
      StateError adsDown = new StateError("ads down");
      StackTrace trace = StackTrace.fromString("#0 ads\n");
      Dart.run(
          () -> {
            Completer<String> ads = Completer.sync();
            DFuture<Tuple2<String, String>> both = DFuture.wait(DFuture.value("config"), ads.future());
            ads.completeError(adsDown, trace);
            ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(both));
            assertEquals("ParallelWaitError: Bad state: ads down", e.toString());
            Tuple2<String, String> values = e.valuesOf(both);
            List<AsyncError> errors = e.errorList();
            assertEquals(Tuple.of("config", null), values);
            assertEquals(Tuple.of("config", null), e.values());
            assertNull(errors.get(0));
            assertSame(adsDown, errors.get(1).error());
            assertSame(trace, e.stackTrace());
          });
    }

    @Test
    @DisplayName("completes synchronously inside the last completion (sync completer)")
    void completesInLastCompletion() {
      Dart.run(
          () -> {
            Completer<Integer> a = Completer.sync();
            Completer<Integer> b = Completer.sync();
            DFuture.wait(a.future(), b.future()).thenAccept(t -> log.add("wait " + t._1 + t._2));
            a.complete(1);
            log.add("before");
            b.complete(2);
            log.add("after");
          });
      log.assertOutput("before wait 12 after");
    }
  }

  @Nested
  @DisplayName("§4.2 iterable .wait (DFuture.parallelWait)")
  class ParallelWait {

    @Test
    @DisplayName("all succeed: list of values by position")
    void allSucceed() {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(3);
            DFuture<List<Integer>> all = DFuture.parallelWait(futures(c));
            c.get(1).complete(2);
            c.get(2).complete(3);
            c.get(0).complete(1);
            assertEquals(List.of(1, 2, 3), await(all));
          });
    }

    @Test
    @DisplayName("errors: ParallelWaitError(2 errors): e1 by position; lists keep the shape")
    void errors() {
      StateError e1 = new StateError("e1");
      StateError e3 = new StateError("e3");
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(4);
            DFuture<List<Integer>> all = DFuture.parallelWait(futures(c));
            c.get(3).completeError(e3); // first in time, last in position
            c.get(0).complete(0);
            c.get(2).complete(2);
            Timer.run(() -> c.get(1).completeError(e1)); // after await registered its listener
            ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(all));
            assertEquals("ParallelWaitError(2 errors): Bad state: e1", e.toString());
            List<Integer> values = e.valuesOf(all);
            List<AsyncError> errors = e.errorList();
            assertEquals(errors, e.errors());
            assertEquals(Arrays.asList(0, null, 2, null), values);
            assertNull(errors.get(0));
            assertSame(e1, errors.get(1).error());
            assertNull(errors.get(2));
            assertSame(e3, errors.get(3).error());
          });
    }

    @Test
    @DisplayName("empty: Future.value([]) -> not complete when returned, completes in a microtask")
    void empty() {
      Dart.run(
          () -> {
            DFuture<List<Integer>> empty = DFuture.parallelWait(List.<DFuture<Integer>>of());
            assertFalse(empty.isDone(), "[].wait is Future.value(<T>[])");
            empty.thenAccept(v -> log.add("wait " + v));
            scheduleMicrotask(() -> log.add("m"));
          });
      log.assertOutput("wait [] m");
    }
  }

  @Nested
  @DisplayName("§4.3 Future.any")
  class Any {

    @Test
    @DisplayName("the first to complete wins (value), synchronously in that completion; later results ignored")
    void firstValueWins() {
      Dart.run(
          () -> {
            List<Completer<Integer>> c = syncCompleters(3);
            DFuture.any(futures(c)).thenAccept(v -> log.add("any " + v));
            log.add("before");
            c.get(1).complete(2);
            log.add("after");
            c.get(0).complete(1);
            c.get(2).completeError(new DartException("ignored"));
            c.get(2).future().ignore();
          });
      log.assertOutput("before any 2 after");
    }

    @Test
    @DisplayName("the first to complete wins also when it is an error")
    void firstErrorWins() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Integer> fails =
                DFuture.delayed(
                    Duration.ofMillis(1),
                    () -> {
                      throw boom;
                    });
            DFuture<Integer> later = DFuture.delayed(Duration.ofMillis(30), () -> 1);
            DFuture<Integer> any = DFuture.any(List.of(later, fails)); // position does not matter
            assertSame(boom, assertThrows(DartException.class, () -> await(any)));
          });
    }

    @Test
    @DisplayName("empty: never completes (Dart.run reports that the isolate ran dry)")
    void emptyNeverCompletes() {
      assertThrows(
          IllegalStateException.class,
          () -> Dart.run(() -> await(DFuture.any(List.<DFuture<Integer>>of()))));
    }
  }

  @Nested
  @DisplayName("§4.3 forEach / doWhile")
  class ForEachDoWhile {

    @Test
    @DisplayName("Future.forEach([1,2,3], print) prints 1 2 3 during the call")
    void forEachStartsSynchronously() {
      Dart.run(
          () -> {
            DFuture<Void> done =
                DFuture.forEach(
                    List.of(1, 2, 3),
                    v -> {
                      log.add(v);
                      return null;
                    });
            log.add("returned");
            assertTrue(done.isDone(), "all-synchronous forEach completes synchronously");
          });
      log.assertOutput("1 2 3 returned");
    }

    @Test
    @DisplayName("forEach waits for a future returned by the action before the next element")
    void forEachWaitsForFutures() {
      Dart.run(
          () -> {
            DFuture<Void> done =
                DFuture.forEach(
                    List.of(1, 2, 3),
                    v -> {
                      log.add("start " + v);
                      return DFuture.delayed(Duration.ofMillis(1), () -> log.add("end " + v));
                    });
            log.add("returned");
            await(done);
            log.add("done");
          });
      log.assertOutput("start 1 returned end 1 start 2 end 2 start 3 end 3 done");
    }

    @Test
    @DisplayName("doWhile calls action synchronously inside doWhile and loops synchronously")
    void doWhileStartsSynchronously() {
      int[] i = {0};
      Dart.run(
          () -> {
            DFuture<Void> done =
                DFuture.doWhile(
                    () -> {
                      log.add("it" + i[0]);
                      return ++i[0] < 3;
                    });
            log.add("returned");
            assertTrue(done.isDone());
          });
      log.assertOutput("it0 it1 it2 returned");
    }

    @Test
    @DisplayName("doWhile: 100000 synchronous iterations without StackOverflowError")
    void doWhileManySyncIterations() {
      int[] i = {0};
      Dart.run(
          () -> {
            await(DFuture.doWhile(() -> ++i[0] < 100_000));
          });
      assertEquals(100_000, i[0]);
    }

    @Test
    @DisplayName("doWhile: 10000 iterations through completed futures (one microtask each) without stack growth")
    void doWhileManyFutureIterations() {
      int[] i = {0};
      Dart.run(
          () -> {
            await(DFuture.doWhile(() -> DFuture.sync(() -> ++i[0] < 10_000)));
          });
      assertEquals(10_000, i[0]);
    }

    @Test
    @DisplayName("doWhile: a synchronous throw completes the future with the error one microtask later")
    void doWhileThrowIsAsync() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Void> done =
                DFuture.doWhile(
                    () -> {
                      throw boom;
                    });
            assertFalse(done.isDone());
            scheduleMicrotask(() -> log.add("m"));
            done.catchError(
                e -> {
                  assertSame(boom, e);
                  log.add("caught");
                  return null;
                });
          });
      log.assertOutput("caught m");
    }

    @Test
    @DisplayName("doWhile: an error of a returned future completes the result with it")
    void doWhileFutureError() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            DFuture<Void> done = DFuture.doWhile(() -> DFuture.<Boolean>error(boom));
            assertSame(boom, assertThrows(DartException.class, () -> await(done)));
          });
    }
  }

  @Test
  @DisplayName("§4.1 helper sanity: ParallelWaitError is thrown as itself by await")
  void parallelWaitErrorType() {
    Dart.run(
        () -> {
          Throwable e =
              assertThrows(
                  Throwable.class,
                  () ->
                      await(
                          DFuture.wait(
                              DFuture.<Integer>error(new StateError("x")), DFuture.value(1))));
          assertInstanceOf(ParallelWaitError.class, e);
        });
  }
}
