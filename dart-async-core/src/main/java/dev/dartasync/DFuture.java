package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.Futures;
import io.vavr.Tuple2;
import io.vavr.Tuple3;
import io.vavr.Tuple4;
import io.vavr.Tuple5;
import io.vavr.Tuple6;
import io.vavr.Tuple7;
import io.vavr.Tuple8;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A value or an error that arrives later: Dart's {@code Future<T>}, with Dart's timing.
 *
 * <h2>Ordering</h2>
 *
 * <ul>
 *   <li>When a future completes, its listeners run <b>synchronously and depth-first</b>: each
 *       listener's own listeners run before the next sibling ({@code a a2 b}, not {@code a b a2}).
 *   <li>A listener added to a future that is <b>already complete</b> runs in a microtask queued at
 *       registration time, one per call.
 *   <li>{@link #value(Object)} and {@link #error(Throwable)} are <b>not</b> complete when returned:
 *       they complete in a microtask queued at construction. {@link #sync(Callable)} is complete.
 * </ul>
 *
 * <h2>Errors</h2>
 *
 * An error that reaches a future with no listener (and no {@link #ignore()}) is reported to the
 * future's zone as uncaught at the moment of completion; in the root zone that stops the isolate.
 * An error passes through {@code then(onValue)} without {@code onError}, and through
 * {@code whenComplete}, to the returned future, so the report happens at the end of the chain.
 *
 * <h2>Threads</h2>
 *
 * A future belongs to the isolate it was created on. Its callbacks always run on that isolate's
 * thread; registering a callback from another thread posts the registration to the isolate.
 * Factories must be called on an isolate's thread (inside {@link Dart#run}); they throw
 * {@link IllegalStateException} elsewhere.
 *
 * <p>This interface extends {@link java.util.concurrent.Future} so that tools that flag an ignored
 * future (Error Prone's {@code FutureReturnValueIgnored}, like Dart's {@code unawaited_futures})
 * work; {@link Dart#unawaited} and {@link #ignore()} are the explicit opt-outs. It follows the JDK's
 * contract: {@code isDone}, {@code state}, {@code resultNow} and {@code exceptionNow} read the
 * result directly, from any thread, also after the isolate ended, and follow chained futures.
 * {@code get()} returns a completed future's result at once anywhere; for a pending one it awaits
 * inside an async body, blocks a thread that belongs to no isolate (until the future completes, or
 * throws {@link IllegalStateException} if its isolate ends first), and throws
 * {@link IllegalStateException} on the isolate's thread outside a body, where it would deadlock.
 * Only the future's own error is wrapped in {@code ExecutionException}. Dart futures cannot be
 * cancelled: {@code cancel} returns false.
 *
 * <h2>Arguments</h2>
 *
 * Every argument is checked at the call. A parameter that is optional in Dart ({@code test:},
 * {@code onError:}, {@code onTimeout:}, the computation of {@code Future.delayed}, the stack trace
 * of {@code Future.error}) accepts {@code null} and then means "not given"; any other {@code null}
 * throws Dart's {@link ArgumentError#notNull(String)} at once, e.g. {@code Invalid argument(s)
 * (onValue): Must not be null}, also for a {@code null} element of an iterable of futures
 * ({@code (futures[1])}).
 *
 * <h2>Callbacks without a result</h2>
 *
 * Java cannot choose between a {@code Function} and a {@code Consumer} overload for a lambda such
 * as {@code e -> print(e)}, so the forms whose callback returns nothing carry the suffix
 * {@code Accept} (CompletableFuture's naming): {@link #thenAccept(Consumer)},
 * {@link #catchErrorAccept(Consumer)}, {@link #onErrorAccept(Class, Consumer)}. Their result
 * future completes with {@code null} where the Dart callback would have returned nothing.
 */
public interface DFuture<T> extends java.util.concurrent.Future<T> {

  // ---- constructors -------------------------------------------------------------------------

  /**
   * Dart's {@code Future(computation)}: runs {@code computation} in a zero-duration timer (an event
   * after everything already queued) and completes with its result or error (an error after the
   * current zone's {@link Zone#errorCallback}, which may replace it).
   */
  static <T> DFuture<T> run(Callable<T> computation) {
    return Futures.run(computation);
  }

  /**
   * Dart's {@code Future(() {...})} for a body without a result: as {@link #run(Callable)}, and
   * the future completes with null.
   */
  static DFuture<Void> run(ThrowingRunnable computation) {
    return Futures.run(Futures.callable(computation));
  }

  /**
   * Dart's {@code Future.value(value)}: completes with {@code value} in a microtask queued now (not
   * when a listener is added). The returned future is not complete yet.
   */
  static <T> DFuture<T> value(T value) {
    return Futures.value(value);
  }

  /** Dart's {@code Future.value()}: completes with null in a microtask queued now. */
  static DFuture<Void> value() {
    return Futures.value(null);
  }

  /**
   * Dart's {@code Future.value(future)}: completes with {@code source}'s result. A pending
   * {@code source}: this future is chained to it, and its listeners run synchronously inside the
   * source's completion. A completed {@code source}: a value is taken at once if nobody listens
   * yet; otherwise (an error, or listeners already waiting) it completes in a microtask queued now.
   * {@code DFuture.value(null)} (which Java resolves to this overload) is Dart's
   * {@code Future.value(null)}: a future of the value null, one microtask later.
   */
  static <T> DFuture<T> value(DFuture<T> source) {
    return Futures.valueOf(source);
  }

  /**
   * Dart's {@code Future.syncValue(value)} (Dart 3.10): a future of the current zone that is
   * already complete with {@code value} when this returns, never with an error. Where {@link
   * #value(Object)} completes one microtask later, this one is done at once; a listener added to it
   * still runs in a microtask queued when it is added (as for any completed future), and an
   * {@code await} of it resumes in the next microtask. A {@code DFuture} passed here is the value
   * itself (Dart's parameter is {@code T}, not {@code FutureOr<T>}): use {@link #value(DFuture)}
   * to follow one. Nothing here throws but a call from a thread that runs no isolate ({@link
   * IllegalStateException}); to catch a computation's error into the future, use {@link
   * #sync(Callable)}.
   */
  static <T> DFuture<T> syncValue(T value) {
    return Futures.syncValue(value);
  }

  /**
   * Dart's {@code Future.error(error)}: completes with {@code error} in a microtask queued now; if
   * it still has no listener then, the error is uncaught. The stack trace is the error's own. The
   * current zone's {@link Zone#errorCallback} runs first, synchronously, and may replace both.
   */
  static <T> DFuture<T> error(Throwable error) {
    return Futures.error(error, null);
  }

  /**
   * Dart's {@code Future.error(error, stackTrace)}; a null {@code stackTrace} is the error's own.
   */
  static <T> DFuture<T> error(Throwable error, StackTrace stackTrace) {
    return Futures.error(error, stackTrace);
  }

  /**
   * Dart's {@code Future.sync(computation)}: calls {@code computation} now; the returned future is
   * already complete with its result. If it throws, the future completes with the error in a
   * microtask (so the caller can attach a handler), after the current zone's {@link
   * Zone#errorCallback}.
   */
  static <T> DFuture<T> sync(Callable<T> computation) {
    return Futures.sync(computation);
  }

  /**
   * Dart's {@code Future.microtask(computation)}: runs {@code computation} in a microtask queued
   * now; listeners run synchronously inside that microtask. An error it throws passes the
   * current zone's {@link Zone#errorCallback}.
   */
  static <T> DFuture<T> microtask(Callable<T> computation) {
    return Futures.microtask(computation);
  }

  /** Dart's {@code Future.microtask} for a body without a result; completes with null. */
  static DFuture<Void> microtask(ThrowingRunnable computation) {
    return Futures.microtask(Futures.callable(computation));
  }

  /**
   * Dart's {@code Future.delayed(duration)}: completes with null after {@code duration} (a timer;
   * less than 1 ms is a zero-duration timer, an ordinary event; negative is zero).
   */
  static DFuture<Void> delayed(Duration duration) {
    return Futures.delayed(duration, null);
  }

  /**
   * Dart's {@code Future.delayed(duration, computation)}: runs {@code computation} in a timer after
   * {@code duration} and completes with its result or error (an error after the current zone's
   * {@link Zone#errorCallback}). The computation is optional in Dart: a {@code null} one completes
   * with null, as {@link #delayed(Duration)} does.
   */
  static <T> DFuture<T> delayed(Duration duration, Callable<T> computation) {
    return Futures.delayed(duration, computation);
  }

  /**
   * {@code Future.delayed(duration, computation)} for a body without a result; completes with
   * null. A {@code null} computation is accepted, as in Dart.
   */
  static DFuture<Void> delayed(Duration duration, ThrowingRunnable computation) {
    return Futures.delayed(duration, computation == null ? null : Futures.callable(computation));
  }

  // ---- Java interop --------------------------------------------------------------------------

  /**
   * A future that completes with the result of {@code stage}, a Java computation running outside
   * the isolate (a JDBC call, an HTTP client, an executor). Like Dart's own I/O: the isolate stays
   * alive until the stage completes, and the result arrives as an <b>event</b> of this isolate, in
   * which the future completes and its listeners run synchronously. Nothing runs on the stage's
   * thread but the posting of that event. A stage that is already complete still delivers through
   * an event.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  static <T> DFuture<T> fromCompletionStage(java.util.concurrent.CompletionStage<T> stage) {
    return Futures.fromCompletionStage(stage);
  }

  /**
   * A {@link java.util.concurrent.CompletableFuture} that completes (on this isolate's thread)
   * when this future does, with its value or, wrapped as Java does, its error. For handing a result
   * to Java code that expects a CompletionStage. Callbacks registered on it before it completes
   * run on the isolate's thread; do not block there.
   */
  default java.util.concurrent.CompletableFuture<T> toCompletableFuture() {
    java.util.concurrent.CompletableFuture<T> result = new java.util.concurrent.CompletableFuture<>();
    then(
        value -> result.complete(value),
        (Throwable error) -> result.completeExceptionally(error));
    return result;
  }

  // ---- combinators --------------------------------------------------------------------------

  /**
   * Dart's {@code Future.wait(futures)}: completes with the values in iteration order once all
   * have values; with an error, waits for all and then fails with the first error <b>in time
   * order</b>. An empty iterable gives a future that is already complete. The future that
   * completes last completes the result synchronously, inside its own completion.
   *
   * @throws ArgumentError if {@code futures} or one of its elements is null (nothing is waited for)
   */
  static <T> DFuture<List<T>> wait(Iterable<? extends DFuture<? extends T>> futures) {
    return Futures.waitAll(futures, false, null);
  }

  /**
   * Dart's {@code Future.wait(futures, eagerError: …, cleanUp: …)}, the named arguments as
   * {@link WaitOption}s: {@code DFuture.wait(list, eagerError(true), cleanUp(r -> r.close()))}.
   * With {@code eagerError(true)} the result fails as soon as the first error arrives, inside that
   * error's delivery (the other futures keep running). With {@code cleanUp(action)}, when the
   * result is an error, {@code action} is called with every non-null value that succeeded: the
   * earlier ones when the first error arrives, later ones as they arrive; an error it throws is
   * uncaught in the current zone.
   *
   * @throws ArgumentError if {@code futures}, one of its elements or an option is null, or an
   *     option is given twice
   */
  @SafeVarargs
  @SuppressWarnings("varargs") // resolve() only reads the array.
  static <T> DFuture<List<T>> wait(
      Iterable<? extends DFuture<? extends T>> futures, WaitOption<? super T>... options) {
    WaitOption.Resolved<T> resolved = WaitOption.resolve(options);
    return Futures.waitAll(futures, resolved.eagerError(), resolved.cleanUp());
  }

  /**
   * Dart's {@code (f1, f2).wait}: waits for both; completes with a tuple of the values, or, if any
   * failed, with a {@link ParallelWaitError} whose values are a tuple of the values (null where
   * failed) and whose errors are {@link AsyncError}s (null where succeeded). Its default error is
   * the first error <b>by position</b>. Completes synchronously inside the last completion.
   *
   * <p>Keep the returned future to read the values of a failed wait with their types:
   *
   * <pre>{@code
   * DFuture<Tuple2<Profile, Integer>> both = DFuture.wait(loadProfile(), loadFeed());
   * try {
   *   Tuple2<Profile, Integer> r = await(both);
   * } catch (ParallelWaitError e) {
   *   Tuple2<Profile, Integer> partial = e.valuesOf(both); // a wrong shape does not compile
   * }
   * }</pre>
   *
   * @throws ArgumentError if a future is null ({@code Invalid argument(s) (f2): Must not be null})
   */
  static <T1, T2> DFuture<Tuple2<T1, T2>> wait(DFuture<T1> f1, DFuture<T2> f2) {
    return Futures.recordWait(Futures::tuple, f1, f2);
  }

  /** Dart's {@code (f1, f2, f3).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3> DFuture<Tuple3<T1, T2, T3>> wait(
      DFuture<T1> f1, DFuture<T2> f2, DFuture<T3> f3) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3);
  }

  /** Dart's {@code (f1, …, f4).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3, T4> DFuture<Tuple4<T1, T2, T3, T4>> wait(
      DFuture<T1> f1, DFuture<T2> f2, DFuture<T3> f3, DFuture<T4> f4) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3, f4);
  }

  /** Dart's {@code (f1, …, f5).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3, T4, T5> DFuture<Tuple5<T1, T2, T3, T4, T5>> wait(
      DFuture<T1> f1, DFuture<T2> f2, DFuture<T3> f3, DFuture<T4> f4, DFuture<T5> f5) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3, f4, f5);
  }

  /** Dart's {@code (f1, …, f6).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3, T4, T5, T6> DFuture<Tuple6<T1, T2, T3, T4, T5, T6>> wait(
      DFuture<T1> f1,
      DFuture<T2> f2,
      DFuture<T3> f3,
      DFuture<T4> f4,
      DFuture<T5> f5,
      DFuture<T6> f6) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3, f4, f5, f6);
  }

  /** Dart's {@code (f1, …, f7).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3, T4, T5, T6, T7> DFuture<Tuple7<T1, T2, T3, T4, T5, T6, T7>> wait(
      DFuture<T1> f1,
      DFuture<T2> f2,
      DFuture<T3> f3,
      DFuture<T4> f4,
      DFuture<T5> f5,
      DFuture<T6> f6,
      DFuture<T7> f7) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3, f4, f5, f6, f7);
  }

  /** Dart's {@code (f1, …, f8).wait}; see {@link #wait(DFuture, DFuture)}. */
  static <T1, T2, T3, T4, T5, T6, T7, T8> DFuture<Tuple8<T1, T2, T3, T4, T5, T6, T7, T8>> wait(
      DFuture<T1> f1,
      DFuture<T2> f2,
      DFuture<T3> f3,
      DFuture<T4> f4,
      DFuture<T5> f5,
      DFuture<T6> f6,
      DFuture<T7> f7,
      DFuture<T8> f8) {
    return Futures.recordWait(Futures::tuple, f1, f2, f3, f4, f5, f6, f7, f8);
  }

  /**
   * Dart's {@code futures.wait} on an iterable: like {@link #wait(DFuture, DFuture)} with lists:
   * waits for all; fails with a {@link ParallelWaitError} of a values list and an errors list
   * ({@link ParallelWaitError#valuesOf} with the returned future reads the values as a
   * {@code List<T>}). An empty iterable completes with an empty list in a microtask.
   *
   * @throws ArgumentError if {@code futures} or one of its elements is null
   */
  static <T> DFuture<List<T>> parallelWait(Iterable<? extends DFuture<? extends T>> futures) {
    return Futures.parallelWait(futures);
  }

  /**
   * Dart's {@code Future.any(futures)}: completes like the first future to complete, value or
   * error, synchronously inside that completion; later results are ignored. Empty: never completes.
   *
   * @throws ArgumentError if {@code futures} or one of its elements is null
   */
  static <T> DFuture<T> any(Iterable<? extends DFuture<? extends T>> futures) {
    return Futures.any(futures);
  }

  /**
   * Dart's {@code Future.forEach(elements, action)}: calls {@code action} for each element in
   * order, starting <b>synchronously</b> inside this call; when it returns a DFuture, the next
   * element waits for it. Completes with null after the last element, or with the first error.
   */
  static <T> DFuture<Void> forEach(Iterable<T> elements, Function<? super T, ?> action) {
    return Futures.forEach(elements, action);
  }

  /**
   * Dart's {@code Future.doWhile(action)}: calls {@code action} repeatedly, starting
   * <b>synchronously</b>, while it returns {@code true} or a DFuture that completes with
   * {@code true}; without growing the stack for synchronous iterations. Completes with null when
   * it returns false, or with the error it throws (after the current zone's {@link
   * Zone#errorCallback}). The action must return a Boolean or a DFuture&lt;Boolean&gt;.
   */
  static DFuture<Void> doWhile(Callable<?> action) {
    return Futures.doWhile(action);
  }

  // ---- listeners ----------------------------------------------------------------------------

  /**
   * Dart's {@code then(onValue)}: when this completes with a value, {@code onValue} runs (in the
   * zone current now) and the returned future completes with its result, or with the error it
   * throws. An error of this future passes to the returned future unchanged. Runs synchronously
   * when this future completes, or in a microtask if it already has.
   *
   * <p>Java difference: a DFuture returned by {@code onValue} is <b>not</b> unwrapped (Java's
   * types cannot express Dart's {@code FutureOr}); use {@link #thenCompose} for that.
   */
  <R> DFuture<R> then(Function<? super T, ? extends R> onValue);

  /**
   * Dart's {@code then(onValue, onError: (e) => ...)}: as {@link #then(Function)}, and an error
   * of this future goes to {@code onError}, whose result completes the returned future. If
   * {@code onError} rethrows the same error object, the original stack trace is kept.
   */
  <R> DFuture<R> then(
      Function<? super T, ? extends R> onValue, Function<? super Throwable, ? extends R> onError);

  /** Dart's {@code then(onValue, onError: (e, st) => ...)}: the handler also gets the stack trace. */
  <R> DFuture<R> then(
      Function<? super T, ? extends R> onValue,
      BiFunction<? super Throwable, ? super StackTrace, ? extends R> onError);

  /**
   * Dart's {@code then((v) => print(v))} for a callback without a result: as
   * {@link #then(Function)}, and the returned future completes with null. (Java cannot overload
   * {@code then} on a function and a consumer, so this is CompletableFuture's name for it.)
   */
  default DFuture<Void> thenAccept(Consumer<? super T> onValue) {
    Checks.notNull(onValue, "onValue");
    return then(
        value -> {
          onValue.accept(value);
          return (Void) null;
        });
  }

  /**
   * Dart's {@code then((v) => print(v), onError: (e) => print(e))}: as
   * {@link #then(Function, Function)} with callbacks that return nothing; the returned future
   * completes with null after either ran, or with the error it throws. {@code onError} may be
   * null (Dart's optional {@code onError:}).
   */
  default DFuture<Void> thenAccept(Consumer<? super T> onValue, Consumer<? super Throwable> onError) {
    return thenAccept(onValue, onError == null ? null : (error, stack) -> onError.accept(error));
  }

  /** Dart's {@code then((v) => ..., onError: (e, st) => ...)} with callbacks that return nothing. */
  default DFuture<Void> thenAccept(
      Consumer<? super T> onValue, BiConsumer<? super Throwable, ? super StackTrace> onError) {
    Checks.notNull(onValue, "onValue");
    if (onError == null) {
      return thenAccept(onValue);
    }
    return then(
        value -> {
          onValue.accept(value);
          return (Void) null;
        },
        (Throwable error, StackTrace stack) -> {
          onError.accept(error, stack);
          return (Void) null;
        });
  }

  /**
   * Dart's {@code then((v) => otherFuture)}: the returned future follows the future that
   * {@code onValue} returns: at once if that one is already complete, otherwise when it completes.
   */
  <R> DFuture<R> thenCompose(Function<? super T, ? extends DFuture<R>> onValue);

  /**
   * Dart's {@code catchError(onError)}: a value passes through; an error goes to {@code onError},
   * whose result completes the returned future (a rethrow of the same object keeps the stack).
   */
  DFuture<T> catchError(Function<? super Throwable, ? extends T> onError);

  /**
   * Dart's {@code catchError(onError, test: test)}: only errors for which {@code test} returns true
   * are handled; others pass through with their stack trace. A throwing test counts as the
   * handler throwing.
   */
  DFuture<T> catchError(
      Function<? super Throwable, ? extends T> onError, Predicate<? super Throwable> test);

  /** Dart's {@code catchError((e, st) => ...)}. */
  DFuture<T> catchError(BiFunction<? super Throwable, ? super StackTrace, ? extends T> onError);

  /** Dart's {@code catchError((e, st) => ..., test: test)}. */
  DFuture<T> catchError(
      BiFunction<? super Throwable, ? super StackTrace, ? extends T> onError,
      Predicate<? super Throwable> test);

  /**
   * Dart's {@code catchError((e) => print(e))} for a handler that returns nothing: as
   * {@link #catchError(Function)}; a handled error completes the returned future with null, a
   * value passes through. To rethrow the same error (its stack trace kept), write
   * {@code throw Dart.rethrow(e);}.
   */
  default DFuture<T> catchErrorAccept(Consumer<? super Throwable> onError) {
    return catchErrorAccept(onError, null);
  }

  /** Dart's {@code catchError((e) => ..., test: test)} for a handler that returns nothing. */
  default DFuture<T> catchErrorAccept(
      Consumer<? super Throwable> onError, Predicate<? super Throwable> test) {
    Checks.notNull(onError, "onError");
    return catchError(
        (Throwable error) -> {
          onError.accept(error);
          return null;
        },
        test);
  }

  /** Dart's {@code catchError((e, st) => ...)} for a handler that returns nothing. */
  default DFuture<T> catchErrorAccept(BiConsumer<? super Throwable, ? super StackTrace> onError) {
    return catchErrorAccept(onError, null);
  }

  /** Dart's {@code catchError((e, st) => ..., test: test)} for a handler that returns nothing. */
  default DFuture<T> catchErrorAccept(
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Predicate<? super Throwable> test) {
    Checks.notNull(onError, "onError");
    return catchError(
        (Throwable error, StackTrace stack) -> {
          onError.accept(error, stack);
          return null;
        },
        test);
  }

  /**
   * Dart's {@code onError<E>(handler)}: like catchError for errors that are instances of
   * {@code type}; other errors pass through with their stack trace.
   */
  default <E extends Throwable> DFuture<T> onError(
      Class<E> type, Function<? super E, ? extends T> handler) {
    Checks.notNull(handler, "handler");
    return onError(type, (E error, StackTrace stack) -> handler.apply(error), null);
  }

  /** Dart's {@code onError<E>((e, st) => ...)}. */
  default <E extends Throwable> DFuture<T> onError(
      Class<E> type, BiFunction<? super E, ? super StackTrace, ? extends T> handler) {
    return onError(type, handler, null);
  }

  /** Dart's {@code onError<E>(handler, test: test)}; {@code test} may be null. */
  <E extends Throwable> DFuture<T> onError(
      Class<E> type,
      BiFunction<? super E, ? super StackTrace, ? extends T> handler,
      Predicate<? super E> test);

  /**
   * Dart's {@code onError<E>((e) => print(e))} for a handler that returns nothing: as
   * {@link #onError(Class, Function)}; a handled error completes the returned future with null.
   */
  default <E extends Throwable> DFuture<T> onErrorAccept(
      Class<E> type, Consumer<? super E> handler) {
    Checks.notNull(handler, "handler");
    return onError(
        type,
        (E error, StackTrace stack) -> {
          handler.accept(error);
          return null;
        },
        null);
  }

  /** Dart's {@code onError<E>((e, st) => ...)} for a handler that returns nothing. */
  default <E extends Throwable> DFuture<T> onErrorAccept(
      Class<E> type, BiConsumer<? super E, ? super StackTrace> handler) {
    Checks.notNull(handler, "handler");
    return onError(
        type,
        (E error, StackTrace stack) -> {
          handler.accept(error, stack);
          return null;
        },
        null);
  }

  /**
   * Dart's {@code whenComplete(action)}: {@code action} runs when this completes, value or error
   * (synchronously inside the completion, or in a microtask if this is already complete); the
   * returned future then completes like this one, or with the error {@code action} throws.
   */
  default DFuture<T> whenComplete(ThrowingRunnable action) {
    Checks.notNull(action, "action");
    return whenComplete(
        () -> {
          action.run();
          return null;
        });
  }

  /**
   * Dart's {@code whenComplete(() => future)}: if {@code action} returns a DFuture, the returned
   * future waits for it; its error replaces this future's result.
   */
  DFuture<T> whenComplete(Callable<?> action);

  /**
   * Dart's {@code ignore()}: if this future (or the end of its chain) completes with an error and
   * has no listener, the error is not reported as uncaught. Listeners added later still get it.
   */
  void ignore();

  /**
   * Dart's {@code timeout(timeLimit)}: a future that completes like this one, or, if this has not
   * completed within {@code timeLimit} (a timer), fails with
   * {@code TimeoutException after <limit>: Future not completed}. A later result of this future is
   * ignored, errors too. If this is already complete, the result follows it one microtask later.
   */
  DFuture<T> timeout(Duration timeLimit);

  /**
   * Dart's {@code timeout(timeLimit, onTimeout: ...)}: on time-out, completes with the result of
   * {@code onTimeout} (run in the zone current now), or the error it throws.
   */
  DFuture<T> timeout(Duration timeLimit, Callable<? extends T> onTimeout);
}
