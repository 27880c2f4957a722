package dev.dartasync.api;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.rethrow;
import static dev.dartasync.WaitOption.cleanUp;
import static dev.dartasync.WaitOption.eagerError;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.TimeoutException;
import dev.dartasync.Timer;
import dev.dartasync.WaitOption;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import io.vavr.Tuple;
import io.vavr.Tuple2;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;

/**
 * The frictions a new user hit porting Dart code, one nested class each: the forms that fix them
 * behave as the Dart line they port. (That each form compiles with implicit lambdas is
 * {@link PortsCompileTest}'s job.)
 */
class FrictionsTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  private static void assertArgumentError(String text, Executable call) {
    ArgumentError e = assertThrows(ArgumentError.class, call);
    assertEquals(text, e.toString());
  }

  private static void assertNotNull(String parameter, Executable call) {
    assertArgumentError("Invalid argument(s) (" + parameter + "): Must not be null", call);
  }

  // ---- 1 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("1: callbacks without a result (the Accept forms)")
  class VoidCallbacks {

    @Test
    @DisplayName("thenAccept(onValue, onError): onValue on a value, the future completes with null")
    void thenAcceptValue() {
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture<Void> r =
                c.future().thenAccept(v -> ex.expect(1), e -> ex.expectUnreached());
            c.complete(7);
            ex.expect(2);
            assertNull(await(r));
            ex.finish(3);
          });
    }

    @Test
    @DisplayName("thenAccept(onValue, (e) ...) and (e, st) ...: the handler gets the error and stack")
    void thenAcceptError() {
      StateError boom = new StateError("boom");
      StackTrace trace = StackTrace.fromString("#0 here\n");
      Dart.run(
          () -> {
            Completer<Integer> c = Completer.sync();
            DFuture<Void> one =
                c.future().thenAccept(v -> ex.expectUnreached(), e -> assertSame(boom, e));
            DFuture<Void> two =
                c.future()
                    .thenAccept(
                        v -> ex.expectUnreached(),
                        (e, st) -> {
                          assertSame(boom, e);
                          assertSame(trace, st);
                          ex.expect(1);
                        });
            c.completeError(boom, trace);
            assertNull(await(one));
            assertNull(await(two));
            ex.finish(2);
          });
    }

    @Test
    @DisplayName("thenAccept: an error thrown by the handler completes the result with it")
    void thenAcceptHandlerThrows() {
      DartException second = new DartException("second");
      Dart.run(
          () -> {
            DFuture<Void> r =
                DFuture.<Integer>error(new StateError("first"))
                    .thenAccept(
                        v -> {},
                        e -> {
                          throw second;
                        });
            assertSame(second, assertThrows(DartException.class, () -> await(r)));
          });
    }

    @Test
    @DisplayName("catchErrorAccept: a handled error completes with null, a value passes through")
    void catchErrorAccept() {
      Dart.run(
          () -> {
            DFuture<Integer> failed = DFuture.<Integer>error(new StateError("x"));
            assertNull(await(failed.catchErrorAccept(e -> log.add(e))));
            assertEquals(5, await(DFuture.value(5).catchErrorAccept(e -> log.add("unreached"))));
            DFuture<Integer> withStack =
                DFuture.<Integer>error(new StateError("y"), StackTrace.fromString("#0 y\n"));
            assertNull(await(withStack.catchErrorAccept((e, st) -> log.add(e + " at " + st))));
          });
      log.assertLines("Bad state: x", "Bad state: y at #0 y\n");
    }

    @Test
    @DisplayName("catchErrorAccept(h, test): a rejected error passes on with its stack trace")
    void catchErrorAcceptTest() {
      StackTrace trace = StackTrace.fromString("#0 origin\n");
      DartException other = new DartException("other");
      Dart.run(
          () -> {
            DFuture<Integer> r =
                DFuture.<Integer>error(other, trace)
                    .catchErrorAccept(e -> log.add("wrongly handled"), e -> e instanceof StateError)
                    .catchError(
                        (e, st) -> {
                          assertSame(other, e);
                          assertSame(trace, st);
                          return 1;
                        });
            assertEquals(1, await(r));
            DFuture<Integer> handled =
                DFuture.<Integer>error(new StateError("s"))
                    .catchErrorAccept(
                        (e, st) -> log.add("handled " + e), e -> e instanceof StateError);
            assertNull(await(handled));
          });
      log.assertLines("handled Bad state: s");
    }

    @Test
    @DisplayName("onErrorAccept<E>: errors of type E handled with null, others pass through")
    void onErrorAccept() {
      Dart.run(
          () -> {
            DFuture<Integer> handled =
                DFuture.<Integer>error(new StateError("s"))
                    .onErrorAccept(StateError.class, e -> log.add("state " + e.getMessage()));
            assertNull(await(handled));
            DFuture<Integer> withStack =
                DFuture.<Integer>error(new StateError("t"))
                    .onErrorAccept(StateError.class, (e, st) -> log.add("state+stack " + e));
            assertNull(await(withStack));
            DartException other = new DartException("other");
            DFuture<Integer> passed =
                DFuture.<Integer>error(other)
                    .onErrorAccept(StateError.class, e -> log.add("unreached"));
            assertSame(other, assertThrows(DartException.class, () -> await(passed)));
          });
      log.assertLines("state s", "state+stack Bad state: t");
    }
  }

  // ---- 2 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("2: Dart.rethrow(e) throws the same object, so the stack trace is kept")
  class Rethrow {

    @Test
    @DisplayName("throw rethrow(e) in a catchError handler: same error, same stack trace downstream")
    void rethrowKeepsIdentityAndStack() {
      IOException io = new IOException("disk");
      StackTrace trace = StackTrace.fromString("#0 read\n");
      Dart.run(
          () -> {
            DFuture<Integer> r =
                DFuture.<Integer>error(io, trace)
                    .catchError(
                        e -> {
                          ex.expect(1);
                          throw rethrow(e); // a checked exception, received as a Throwable
                        })
                    .catchError(
                        (e, st) -> {
                          assertSame(io, e);
                          assertSame(trace, st, "a rethrow of the same object keeps the stack");
                          ex.expect(2);
                          return 0;
                        });
            assertEquals(0, await(r));
            ex.finish(3);
          });
    }

    @Test
    @DisplayName("in an async body: catch (Throwable e) { throw rethrow(e); } rethrows it unchanged")
    void rethrowInBody() {
      SQLException sql = new SQLException("locked");
      Dart.run(
          () -> {
            DFuture<Integer> r =
                async(
                    () -> {
                      try {
                        return await(DFuture.<Integer>error(sql));
                      } catch (Throwable e) {
                        log.add("caught " + e.getMessage());
                        throw rethrow(e);
                      }
                    });
            assertSame(sql, assertThrows(SQLException.class, () -> await(r)));
          });
      log.assertLines("caught locked");
    }

    @Test
    @DisplayName("rethrow(null): Dart's ArgumentError, not a NullPointerException")
    void rethrowNull() {
      assertNotNull("error", () -> rethrow(null));
    }
  }

  // ---- 3 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("3: await(future, Type.class) declares the checked exception it may rethrow")
  class AwaitDeclaring {

    DFuture<String> read(Throwable error) {
      return async(
          () -> {
            await(null);
            throw (Exception) error;
          });
    }

    @Test
    @DisplayName("catch (IOException e) compiles and catches the original object")
    void catchesTheDeclaredType() {
      IOException io = new IOException("gone");
      Dart.run(
          () -> {
            try {
              await(read(io), IOException.class);
              ex.expectUnreached();
            } catch (IOException e) {
              assertSame(io, e);
              ex.expect(1);
            }
            ex.finish(2);
          });
    }

    @Test
    @DisplayName("two types: catch (IOException) and catch (SQLException) both compile")
    void twoTypes() {
      SQLException sql = new SQLException("locked");
      Dart.run(
          () -> {
            try {
              await(read(sql), IOException.class, SQLException.class);
            } catch (IOException e) {
              ex.expectUnreached();
            } catch (SQLException e) {
              assertSame(sql, e);
              ex.expect(1);
            }
            ex.finish(2);
          });
    }

    @Test
    @DisplayName("an error of another type is thrown just the same; the value comes back as is")
    void otherTypesAndValues() {
      StateError state = new StateError("other");
      String value =
          Dart.run(
              () -> {
                assertSame(
                    state,
                    assertThrows(StateError.class, () -> await(read(state), IOException.class)));
                assertNotNull("type", () -> await(DFuture.value(1), (Class<IOException>) null));
                return await(DFuture.value("v"), IOException.class);
              });
      assertEquals("v", value);
    }
  }

  // ---- 4 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("4: Future.wait's named arguments as WaitOptions")
  class WaitOptions {

    @Test
    @DisplayName("eagerError(true): fails at the first error, inside its delivery")
    void eager() {
      StateError first = new StateError("first");
      Dart.run(
          () -> {
            Completer<Integer> a = Completer.sync();
            Completer<Integer> b = Completer.sync();
            DFuture.wait(List.of(a.future(), b.future()), eagerError(true))
                .catchErrorAccept(
                    e -> {
                      assertSame(first, e);
                      ex.expect(2);
                    });
            ex.expect(1);
            b.completeError(first);
            ex.expect(3);
            a.complete(1);
            ex.finish(4);
          });
    }

    @Test
    @DisplayName("eagerError(false) is Dart's default: waits for all futures, then the first error")
    void notEager() {
      Dart.run(
          () -> {
            Completer<Integer> a = Completer.sync();
            Completer<Integer> b = Completer.sync();
            DFuture.wait(List.of(a.future(), b.future()), eagerError(false))
                .catchErrorAccept(e -> ex.expect(3));
            ex.expect(1);
            b.completeError(new StateError("b"));
            ex.expect(2);
            a.complete(1);
            ex.finish(4);
          });
    }

    @Test
    @DisplayName("eagerError and cleanUp together, in either order: values cleaned up on error")
    void both() {
      Dart.run(
          () -> {
            for (boolean eagerFirst : new boolean[] {true, false}) {
              Completer<Integer> a = Completer.sync();
              Completer<Integer> b = Completer.sync();
              Completer<Integer> c = Completer.sync();
              List<DFuture<Integer>> futures = List.of(a.future(), b.future(), c.future());
              DFuture<List<Integer>> all =
                  eagerFirst
                      ? DFuture.wait(futures, eagerError(true), cleanUp(v -> log.add("clean " + v)))
                      : DFuture.wait(futures, cleanUp(v -> log.add("clean " + v)), eagerError(true));
              all.catchErrorAccept(e -> log.add("error " + e));
              a.complete(1);
              b.completeError(new StateError("b"));
              c.complete(3);
            }
          });
      log.assertLines(
          "clean 1", "error Bad state: b", "clean 3", "clean 1", "error Bad state: b", "clean 3");
    }

    @Test
    @DisplayName("an option twice or null: ArgumentError at the call, with Dart's compiler text")
    void badOptions() {
      Dart.run(
          () -> {
            List<DFuture<Integer>> futures = List.of(DFuture.value(1));
            assertArgumentError(
                "Invalid argument(s) (options): The argument for the named parameter 'eagerError'"
                    + " was already specified.",
                () -> DFuture.wait(futures, eagerError(true), eagerError(false)));
            assertArgumentError(
                "Invalid argument(s) (options): The argument for the named parameter 'cleanUp'"
                    + " was already specified.",
                () -> DFuture.wait(futures, cleanUp(v -> {}), cleanUp(v -> {})));
            assertNotNull("options[1]", () -> DFuture.wait(futures, eagerError(true), null));
            assertNotNull(
                "options", () -> DFuture.wait(futures, (WaitOption<Object>[]) null));
            assertEquals("eagerError: true", eagerError(true).toString());
            assertEquals(List.of(1), await(DFuture.wait(futures, cleanUp(null))));
          });
    }
  }

  // ---- 5 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("5: ParallelWaitError.valuesOf(wait): the values typed by the wait's own future")
  class TypedValues {

    @Test
    @DisplayName("record wait: valuesOf(both) is the Tuple2 of the wait, errorList() by position")
    void recordWait() {
      StateError down = new StateError("profile down");
      Dart.run(
          () -> {
            Completer<String> profile = Completer.sync();
            Completer<Integer> feed = Completer.sync();
            DFuture<Tuple2<String, Integer>> both = DFuture.wait(profile.future(), feed.future());
            feed.complete(12);
            Timer.run(() -> profile.completeError(down));
            try {
              await(both);
              ex.expectUnreached();
            } catch (ParallelWaitError e) {
              Tuple2<String, Integer> values = e.valuesOf(both);
              assertNull(values._1);
              assertEquals(12, values._2);
              List<AsyncError> errors = e.errorList();
              assertSame(down, errors.get(0).error());
              assertNull(errors.get(1));
              assertThrows(UnsupportedOperationException.class, () -> errors.set(0, null));
              assertEquals(Tuple.of(null, 12), e.values());
              ex.expect(1);
            }
            ex.finish(2);
          });
    }

    @Test
    @DisplayName("iterable wait: valuesOf(all) is the List<T> of the wait")
    void iterableWait() {
      Dart.run(
          () -> {
            DFuture<List<Integer>> all =
                DFuture.parallelWait(
                    List.of(DFuture.value(1), DFuture.<Integer>error(new StateError("2"))));
            ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(all));
            List<Integer> values = e.valuesOf(all);
            assertEquals(Arrays.asList(1, null), values);
          });
    }

    @Test
    @DisplayName("any other future, even one that passed the same error on: ArgumentError")
    void otherFutures() {
      String text =
          "Invalid argument(s) (wait): Not the future of the wait that failed with this error";
      Dart.run(
          () -> {
            DFuture<Tuple2<Integer, Integer>> both =
                DFuture.wait(DFuture.value(1), DFuture.<Integer>error(new StateError("x")));
            DFuture<Tuple2<Integer, Integer>> passedOn = async(() -> await(both));
            ParallelWaitError e = assertThrows(ParallelWaitError.class, () -> await(passedOn));
            assertArgumentError(text, () -> e.valuesOf(passedOn));
            assertArgumentError(text, () -> e.valuesOf(DFuture.value(Tuple.of(1, 2))));
            DFuture<Tuple2<Integer, Integer>> another =
                DFuture.wait(DFuture.value(1), DFuture.<Integer>error(new StateError("y")));
            ParallelWaitError other = assertThrows(ParallelWaitError.class, () -> await(another));
            assertArgumentError(text, () -> e.valuesOf(another));
            assertEquals(Tuple.of(1, null), other.valuesOf(another));
            assertEquals(Tuple.of(1, null), e.valuesOf(both));
            assertNotNull("wait", () -> e.valuesOf(null));
          });
    }

    @Test
    @DisplayName("an error made by hand has no wait: valuesOf fails, errorList reads its errors")
    void madeByHand() {
      AsyncError a = new AsyncError(new StateError("a"), null);
      ParallelWaitError e = new ParallelWaitError(Arrays.asList(null, 2), Arrays.asList(a, null), 1, a);
      assertThrows(ArgumentError.class, () -> e.valuesOf(null));
      assertEquals(Arrays.asList(a, null), e.errorList());
      assertEquals(List.of(), new ParallelWaitError(null, null, 0, null).errorList());
    }
  }

  // ---- 8 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("8: void bodies may throw checked exceptions (ThrowingRunnable)")
  class ThrowingBodies {

    @Test
    @DisplayName("async, DFuture.run/microtask/delayed, whenComplete: a checked throw is the error")
    void checkedThrows() {
      Dart.run(
          () -> {
            IOException io = new IOException("x");
            List<Function<ThrowingRunnable, DFuture<?>>> forms =
                List.of(
                    Dart::async,
                    DFuture::run,
                    DFuture::microtask,
                    body -> DFuture.delayed(Duration.ZERO, body),
                    body -> DFuture.value(1).whenComplete(body));
            for (Function<ThrowingRunnable, DFuture<?>> form : forms) {
              DFuture<?> f =
                  form.apply(
                      () -> {
                        Thread.sleep(1); // declares InterruptedException
                        throw io;
                      });
              assertSame(io, assertThrows(IOException.class, () -> await(f)));
            }
          });
    }

    @Test
    @DisplayName("a void body completes with null, after running in Dart's order")
    void voidBodiesInOrder() {
      Dart.run(
          () -> {
            DFuture<Void> timer = DFuture.run(() -> ex.expect(5));
            DFuture<Void> micro = DFuture.microtask(() -> ex.expect(3));
            DFuture<Void> body =
                async(
                    () -> {
                      ex.expect(1);
                      await(null);
                      ex.expect(4);
                    });
            ex.expect(2);
            assertNull(await(body));
            assertNull(await(micro));
            assertNull(await(timer));
            ex.finish(6);
          });
    }
  }

  // ---- 9 ---------------------------------------------------------------------------------------

  @Nested
  @DisplayName("9: arguments checked at the call, with Dart's texts")
  class Arguments {

    @Test
    @DisplayName("a null future in an iterable: ArgumentError naming its index, nothing registered")
    void nullElements() {
      Dart.run(
          () -> {
            List<DFuture<Integer>> withNull = Arrays.asList(DFuture.value(0), null);
            assertNotNull("futures[1]", () -> DFuture.wait(withNull));
            assertNotNull("futures[1]", () -> DFuture.wait(withNull, eagerError(true)));
            assertNotNull("futures[1]", () -> DFuture.parallelWait(withNull));
            assertNotNull("futures[1]", () -> DFuture.any(withNull));
            assertNotNull("futures", () -> DFuture.any(null));
            assertNotNull("futures", () -> DFuture.parallelWait(null));
          });
      // The failed call registered nothing on the first future: its error has no listener.
      Throwable unheard =
          uncaught(
              () -> {
                Completer<Integer> first = Completer.sync();
                assertThrows(
                    ArgumentError.class, () -> DFuture.wait(Arrays.asList(first.future(), null)));
                first.completeError(new StateError("nobody listens"));
              });
      assertEquals("Bad state: nobody listens", unheard.toString());
    }

    @Test
    @DisplayName("the other required arguments: ArgumentError.notNull(name)")
    void requiredArguments() {
      Dart.run(
          () -> {
            DFuture<Integer> f = DFuture.value(1);
            assertNotNull("computation", () -> DFuture.run((Callable<Integer>) null));
            assertNotNull("computation", () -> DFuture.microtask((ThrowingRunnable) null));
            assertNotNull("computation", () -> DFuture.sync(null));
            assertNotNull("duration", () -> DFuture.delayed(null));
            assertNotNull("stage", () -> DFuture.fromCompletionStage(null));
            assertNotNull("elements", () -> DFuture.forEach(null, x -> null));
            assertNotNull("action", () -> DFuture.forEach(List.of(1), null));
            assertNotNull("action", () -> DFuture.doWhile(null));
            assertNotNull("f1", () -> DFuture.wait(null, f, f));
            assertNotNull("onValue", () -> f.thenCompose(null));
            assertNotNull("onValue", () -> f.thenAccept(null));
            assertNotNull("onError", () -> f.catchErrorAccept((Consumer<Throwable>) null));
            assertNotNull("handler", () -> f.onErrorAccept(StateError.class, (Consumer<Object>) null));
            assertNotNull("type", () -> f.onError(null, e -> 0));
            assertNotNull("timeLimit", () -> f.timeout(null));
            assertNotNull("body", () -> async((Callable<Integer>) null));
          });
    }

    @Test
    @DisplayName("Dart's optional arguments accept null and mean 'not given'")
    void optionalArguments() {
      Dart.run(
          () -> {
            // Future.delayed(d) with a null computation completes with null after d.
            assertNull(await(DFuture.delayed(Duration.ofMillis(1), (Callable<Integer>) null)));
            assertNull(await(DFuture.delayed(Duration.ofMillis(1), (ThrowingRunnable) null)));
            // Future.value(null) is a future of the value null (Java picks value(DFuture)).
            DFuture<Object> ofNull = DFuture.value(null);
            assertNull(await(ofNull));
            // then(onValue, onError: null) is then(onValue): the error passes on.
            StateError s = new StateError("s");
            DFuture<Integer> failed = DFuture.error(s);
            assertSame(
                s,
                assertThrows(
                    StateError.class,
                    () -> await(failed.then(v -> v, (Function<Throwable, Integer>) null))));
            assertEquals(2, await(DFuture.value(1).then(v -> v + 1, (Function<Throwable, Integer>) null)));
            // catchError(h, test: null) handles every error.
            assertEquals(0, await(DFuture.<Integer>error(s).catchError(e -> 0, null)));
            assertNull(await(DFuture.<Integer>error(s).catchErrorAccept(e -> {}, null)));
            // thenAccept(onValue, onError: null) is thenAccept(onValue).
            assertNull(
                await(DFuture.value(1).thenAccept(v -> {}, (Consumer<Throwable>) null)));
            // timeout(d, onTimeout: null) is timeout(d).
            DFuture<Integer> never = new Completer<Integer>().future();
            TimeoutException t =
                assertThrows(
                    TimeoutException.class,
                    () -> await(never.timeout(Duration.ofMillis(1), null)));
            assertEquals(
                "TimeoutException after 0:00:00.001000: Future not completed", t.toString());
            // Future.error(e, null): the error's own stack trace.
            assertInstanceOf(
                StateError.class,
                assertThrows(StateError.class, () -> await(DFuture.error(s, null))));
          });
    }

    @Test
    @DisplayName("an iterator that throws: the wait fails with that error, as Dart's try/catch does")
    void throwingIterator() {
      DartException broken = new DartException("broken iterator");
      Iterable<DFuture<Integer>> throwing =
          () ->
              new Iterator<>() {
                int next;

                @Override
                public boolean hasNext() {
                  return true;
                }

                @Override
                public DFuture<Integer> next() {
                  if (next++ == 1) {
                    throw broken;
                  }
                  return DFuture.value(1);
                }
              };
      Dart.run(
          () -> {
            assertSame(broken, assertThrows(DartException.class, () -> await(DFuture.wait(throwing))));
            assertSame(broken, assertThrows(DartException.class, () -> DFuture.parallelWait(throwing)));
            assertSame(broken, assertThrows(DartException.class, () -> DFuture.any(throwing)));
          });
    }
  }
}
