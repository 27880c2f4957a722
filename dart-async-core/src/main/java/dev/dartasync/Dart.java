package dev.dartasync;

import dev.dartasync.internal.AsyncStarController;
import dev.dartasync.internal.AwaitFor;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.Awaits;
import dev.dartasync.internal.DartText;
import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.Futures;
import dev.dartasync.internal.IsolateRuntime;
import dev.dartasync.internal.LoopClock;
import dev.dartasync.internal.Sneaky;
import dev.dartasync.internal.ZoneImpl;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/**
 * The entry points of Dart's async model: start an isolate ({@link #run}, {@link #runMain}), write
 * {@code async} functions ({@link #async}, {@link #await}), queue microtasks, print, and route
 * uncaught errors with zones. Meant to be imported statically: {@code import static
 * dev.dartasync.Dart.*;}.
 *
 * <h2>The model</h2>
 *
 * An isolate is one thread with two queues. After the current piece of code (an event: the entry
 * point, a timer, a message) returns, <b>every</b> microtask runs, including microtasks queued by
 * microtasks, before the next event. {@code async} bodies run on the same thread: {@code await}
 * only decides when the rest of the body runs, never where.
 */
public final class Dart {
  private Dart() {}

  // ---- isolates -------------------------------------------------------------------------------

  /**
   * Runs {@code main} as the entry point of a new isolate on the calling thread, the way
   * {@code dart run} does, and returns its value once the isolate has run dry (no microtask,
   * event, timer or keep-alive left). {@code main} runs as an async body, so it may {@link #await}.
   *
   * <p>If an uncaught error stopped the isolate, this throws that error: the original object,
   * checked or not, undeclared. If the calling thread is interrupted while the isolate runs, the
   * isolate stops and this throws an {@link InterruptedException} that says so, with the thread's
   * interrupt flag set again.
   *
   * <p>Under the {@linkplain CarrierKind#VTHREAD virtual-thread carrier} a virtual caller's isolate
   * runs on a platform thread of its own (that carrier's loop schedules virtual threads and cannot
   * itself be one); under the {@linkplain CarrierKind#FLAG_FREE flag-free carrier} a platform
   * caller's isolate runs on a virtual thread of its own (its hand-offs must not pass through a
   * platform thread). The caller waits for it; an interrupt of the caller is passed on.
   *
   * @throws ArgumentError {@code Invalid argument(s) (main): Must not be null}
   * @throws IllegalStateException if this thread already runs an event loop, or if the isolate ran
   *     dry before {@code main}'s future completed (Dart would simply exit)
   */
  public static <T> T run(Callable<T> main) {
    Checks.notNull(main, "main");
    return IsolateRuntime.run(main, LoopClock.system()).value();
  }

  /** {@link #run(Callable)} for a main without a value (it may throw checked exceptions). */
  public static void run(ThrowingRunnable main) {
    Checks.notNull(main, "main");
    run(Futures.callable(main, "main"));
  }

  /**
   * Runs {@code main} like {@code dart run} runs a program, then ends the process: on an uncaught
   * error it prints {@code Unhandled exception:}, the error's Dart text and its stack trace to
   * standard error and exits with code 255; when the isolate runs dry it exits with code 0 (also
   * when main's future never completed, as Dart does). Never returns. Runs on the same kind of
   * thread as {@link #run(Callable)}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (main): Must not be null}
   */
  public static void runMain(Callable<?> main) {
    Checks.notNull(main, "main");
    IsolateRuntime isolate = IsolateRuntime.run(main, LoopClock.system());
    System.out.flush();
    Throwable fatal = isolate.fatalError();
    if (fatal != null) {
      printUnhandled(System.err, fatal, isolate.fatalStackTrace());
      System.err.flush();
      System.exit(255);
    }
    System.exit(0);
  }

  /** {@link #runMain(Callable)} for a main without a value (it may throw checked exceptions). */
  public static void runMain(ThrowingRunnable main) {
    Checks.notNull(main, "main");
    runMain(Futures.callable(main, "main"));
  }

  /** Prints an uncaught error the way the {@code dart} command does. */
  static void printUnhandled(PrintStream out, Throwable error, StackTrace stackTrace) {
    DartText.printUnhandled(out, error, stackTrace);
  }

  /**
   * The carrier that runs this JVM's async bodies: {@link CarrierKind#VTHREAD} when the JVM has
   * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, else {@link CarrierKind#FLAG_FREE}, unless
   * the system property {@code dartasync.carrier} chose one. Chosen once per JVM; callable from any
   * thread, inside an isolate or not. Java only: Dart has no such choice.
   *
   * @throws IllegalStateException if {@code dartasync.carrier} names a carrier this JVM cannot
   *     run (an unknown name, or {@code vthread} without the flag); the message says which
   */
  public static CarrierKind carrier() {
    return dev.dartasync.internal.Carriers.kind();
  }

  // ---- async / await --------------------------------------------------------------------------

  /**
   * Calls {@code body} as a Dart {@code async} function: it runs <b>synchronously</b>, before this
   * returns, until its first {@link #await} of something not yet available; the rest runs later on
   * this isolate's thread. The returned future completes synchronously when the body returns
   * (listeners run at once); if the body throws before its first await the future completes with
   * the error one microtask later (time to attach a handler), after an await at once.
   *
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null}
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  @SuppressWarnings("unchecked")
  public static <T> DFuture<T> async(Callable<T> body) {
    Checks.notNull(body, "body");
    return (DFuture<T>) (DFuture<?>) EventLoop.require().startBody(body);
  }

  /**
   * {@link #async(Callable)} for a body without a value; the future completes with null. The body
   * may throw checked exceptions ({@code async(() -> { Thread.sleep(10); })} compiles): they
   * complete the future with that error, as any throw does.
   *
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null}
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static DFuture<Void> async(ThrowingRunnable body) {
    return async(Futures.callable(body, "body"));
  }

  /**
   * Dart's {@code await future}: suspends the calling async body until {@code future} completes,
   * then returns its value or throws its error (the original object, checked or not).
   *
   * <ul>
   *   <li>pending future: the body resumes synchronously inside the future's completion;
   *   <li>completed future: the body resumes in the next microtask (queued now);
   *   <li>{@code null}: Dart's {@code await null}, one microtask.
   * </ul>
   *
   * Outside an async body on an isolate's thread this throws {@link IllegalStateException} (it
   * would block the event loop); on a thread that belongs to no isolate it blocks that thread until
   * the future completes (a bridge for tests and plain Java code), or throws
   * {@link IllegalStateException} if the future's isolate ends first. A future of another isolate
   * is awaited through a bridge: its result is posted here and the body resumes on its own
   * isolate.
   */
  public static <T> T await(DFuture<T> future) {
    try {
      return Awaits.await(future);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Sneaky.<RuntimeException>rethrow(e);
    }
  }

  /**
   * Dart's {@code await value} for a value that is not a future: the body resumes with
   * {@code value} in the next microtask. (A DFuture passed as an Object is awaited as a future.)
   */
  public static <T> T await(T value) {
    try {
      return Awaits.await(value);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Sneaky.<RuntimeException>rethrow(e);
    }
  }

  /**
   * {@link #await(DFuture)} that declares the checked exception it may rethrow, so that Dart's
   * {@code try { await read(); } on IOException catch (e) { … }} ports as
   * {@code try { await(read(), IOException.class); } catch (IOException e) { … }} (javac rejects
   * a catch of a checked exception that nothing in the try declares). Behaves exactly as
   * {@code await(future)}: {@code type} only informs the compiler, and an error of another type
   * is thrown just the same.
   *
   * @throws X the future's error, when it is one
   * @throws ArgumentError {@code Invalid argument(s) (type): Must not be null}
   */
  public static <T, X extends Throwable> T await(DFuture<T> future, Class<X> type) throws X {
    Checks.notNull(type, "type");
    return await(future);
  }

  /**
   * {@link #await(DFuture, Class)} for two checked exception types:
   * {@code await(query(), IOException.class, SQLException.class)}.
   *
   * @throws X1 the future's error, when it is one
   * @throws X2 the future's error, when it is one
   * @throws ArgumentError {@code Invalid argument(s) (type1): Must not be null} (or type2)
   */
  public static <T, X1 extends Throwable, X2 extends Throwable> T await(
      DFuture<T> future, Class<X1> type1, Class<X2> type2) throws X1, X2 {
    Checks.notNull(type1, "type1");
    Checks.notNull(type2, "type2");
    return await(future);
  }

  // ---- async* and await for (streams slice 2: generators) ------------------------------------

  /**
   * Dart's {@code async*} function: returns a single-subscription stream whose events {@code body}
   * produces with {@link AsyncStarSink#yield} and {@link AsyncStarSink#yieldAll}. Nothing runs now:
   * the body starts <b>one microtask after {@code listen}</b>, as an async body (it may {@link
   * #await}). Each {@code yield} delivers its event synchronously to the listener (unless paused)
   * and the body continues one microtask later; a paused subscription holds the body at its yield
   * until resumed; a {@code cancel()} while the body is at a yield ends the body there as if by
   * {@code return} (its {@code finally} blocks run; see {@link AsyncStarSink} for the rule this
   * imposes on {@code catch} clauses), and the future {@code cancel()} returns completes after the
   * body ended (with the body's error if one escaped). A body in an {@code await} when cancelled
   * runs on until its next yield. Returning sends done; an exception escaping the body becomes an
   * error event followed by done. A second {@code listen} throws {@code Bad state: Stream has
   * already been listened to.}
   *
   * <pre>{@code
   * DStream<Integer> ticks(int n) {
   *   return asyncStar(sink -> {
   *     for (int i = 1; i <= n; i++) {
   *       await(DFuture.delayed(Duration.ofMillis(20)));
   *       sink.yield(i);
   *     }
   *   });
   * }
   * }</pre>
   *
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null}
   */
  public static <T> DStream<T> asyncStar(AsyncStarBody<T> body) {
    Checks.notNull(body, "body");
    return new AsyncStarController<>(body).stream();
  }

  /**
   * Dart's {@code await for (var v in stream) { ... }}, in the calling async body: listens to
   * {@code stream} through a {@link StreamIterator} and calls {@code action} on this body with each
   * data event, in Dart's order. {@code action} returns false for Dart's {@code break}. Returns
   * when the stream is done; throws the stream's first error (the subscription is then already
   * cancelled). After a {@code break} or an exception thrown by {@code action}, cancels the
   * subscription and <b>waits for the cancel future</b> (e.g. an {@code async*} producer's {@code
   * finally} blocks) before returning or rethrowing: the subscription cannot leak.
   *
   * <p>When the body suspends: an element that has not arrived yet suspends it until the element's
   * delivery (the next event, or the microtask that delivers it), as an {@code await} would. An
   * element already buffered costs no suspension: when its delivery microtask is the next thing to
   * run, the body takes it on its own stack, so 1,000 buffered elements cost the body one
   * suspension in all (the first {@code moveNext}'s), not one each. While {@code action} awaits,
   * the subscription is paused, so an {@code async*} producer waits at its yield.
   *
   * <p>Over an {@code async*} generator's stream, the generator's {@code yield} runs {@code action}
   * synchronously, as in Dart, on the generator's own thread (no thread switch per element): {@code
   * Thread.currentThread()} in {@code action} may then be the generator's virtual thread, while
   * the current zone is always this body's.
   *
   * @throws ArgumentError {@code Invalid argument(s) (stream): Must not be null} (or action)
   * @throws IllegalStateException outside an async body (as {@link #await})
   */
  public static <T> void awaitFor(DStream<T> stream, AwaitForAction<? super T> action) {
    AwaitFor.run(stream, action);
  }

  /**
   * Dart's {@code rethrow} for any throwable: throws {@code error} itself, checked or not, without
   * wrapping, so that an error handler receiving a {@code Throwable} can pass it on:
   *
   * <pre>{@code
   * f.catchError(e -> {
   *   if (e instanceof TimeoutException) return fallback;
   *   throw rethrow(e);
   * });
   * }</pre>
   *
   * Because the object is the same, the library keeps the error's original stack trace when it
   * arrives at the next future (a handler that throws the error it received is treated as a
   * rethrow). Declared to return an exception so that {@code throw rethrow(e);} ends the branch
   * for the compiler; it never returns.
   *
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null}
   */
  public static RuntimeException rethrow(Throwable error) {
    Checks.notNull(error, "error");
    throw Sneaky.<RuntimeException>rethrow(error);
  }

  // ---- Dart text ------------------------------------------------------------------------------

  /**
   * Dart's string interpolation {@code '$value'}: the Dart text of {@code value}, as
   * {@link #print} writes it. {@code null}, {@code 1.0} for a double 1, {@code 1e+21},
   * {@code [a, b]} for a List or an array, {@code {a, b}} for a Set, {@code {k: v}} for a Map,
   * {@code (a, b)} for a vavr tuple (a Dart record), {@code 0:00:01.500000} for a Duration, Dart's
   * texts for this library's errors ({@code Bad state: x}); elements render by the same rules.
   * Other objects are their {@code toString()}.
   */
  public static String str(Object value) {
    return DartText.toDartString(value);
  }

  /**
   * Dart's string interpolation {@code '$a$b'}: the Dart texts of {@code a} and {@code b},
   * concatenated.
   */
  public static String str(Object a, Object b) {
    return DartText.toDartString(a) + DartText.toDartString(b);
  }

  /**
   * Dart's string interpolation with several parts: the Dart texts of all parts, concatenated.
   * Strings are themselves, so {@code str("Future.wait: ", r, " -> ", ms, " ms")} is Dart's
   * {@code 'Future.wait: $r -> $ms ms'}.
   *
   * <p>Java caveat: with exactly three arguments, an array of objects in the third place is spread
   * into parts by the compiler (varargs); wrap it ({@code List.of(array)}) or add a part.
   */
  public static String str(Object a, Object b, Object... more) {
    StringBuilder text =
        new StringBuilder(DartText.toDartString(a)).append(DartText.toDartString(b));
    if (more == null) { // str(a, b, null): Java passes a null array for a lone null.
      return text.append("null").toString();
    }
    for (Object part : more) {
      text.append(DartText.toDartString(part));
    }
    return text.toString();
  }

  // ---- microtasks, unawaited, print -----------------------------------------------------------

  /**
   * Queues {@code callback} at the end of the microtask queue, in the current zone: it runs after
   * the current code and the microtasks already queued, before the next event. In the root zone an
   * error it throws stops the isolate; in a guarded zone it goes to the zone's handler. Outside the
   * root zone the callback is registered in the zone and handed to its {@link
   * Zone#scheduleMicrotask} (a scheduleMicrotask handler may run it at another time).
   *
   * @throws ArgumentError {@code Invalid argument(s) (callback): Must not be null}
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static void scheduleMicrotask(Runnable callback) {
    Checks.notNull(callback, "callback");
    ZoneImpl.current().scheduleMicrotaskFromCurrent(callback);
  }

  /**
   * Dart's {@code unawaited(future)}: says on purpose that nobody waits for {@code future}. Does
   * nothing else: an error of the future is still uncaught unless it has a handler.
   */
  public static void unawaited(DFuture<?> future) {
    // Intentionally empty: the call documents intent, as in Dart.
  }

  /**
   * Dart's {@code print(object)}: writes the Dart text of {@code object} and a newline to standard
   * output, through the current zone ({@link Zone#print}: a zone's print handler receives the text
   * instead, synchronously). Dart texts: {@code null}, {@code 1.0}, {@code [a, b]},
   * {@code {k: v}}, {@code (a, b)} for tuples, {@code 0:00:01.500000} for a Duration, Dart's error
   * texts ({@code Bad state: …}).
   *
   * <p>Java difference: it returns {@code null}, typed {@link Void}, instead of nothing, so that
   * Dart's {@code f.then((v) => print(v))} and {@code f.then(print)} port as they are:
   * {@code f.then(v -> print(v))}, {@code f.then(Dart::print)} (a {@code DFuture<Void>}).
   *
   * @return null
   */
  public static Void print(Object object) {
    EventLoop loop = EventLoop.current();
    if (loop == null) {
      System.out.println(DartText.toDartString(object));
    } else {
      Zone.current().print(object);
    }
    return null;
  }

  // ---- zones ----------------------------------------------------------------------------------
  //
  // Dart's named optional arguments {zoneValues, zoneSpecification} are overloads here, in Dart's
  // order: runZoned(body), runZoned(body, values), runZoned(body, spec), runZoned(body, values,
  // spec); runZonedGuarded likewise after onError. A null argument means "not given".

  /**
   * Dart's {@code runZoned(body)}: runs {@code body} synchronously in a new zone forked from the
   * current one, and returns its result. The zone shares its parent's error handling; errors thrown
   * by {@code body} propagate to the caller.
   *
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null}
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <R> R runZoned(Callable<R> body) {
    return runZoned(body, null, null);
  }

  /** {@link #runZoned(Callable)} for a body without a value. */
  public static void runZoned(Runnable body) {
    runZoned(body, null, null);
  }

  /** Dart's {@code runZoned(body, zoneValues: zoneValues)}: the new zone holds these values. */
  public static <R> R runZoned(Callable<R> body, Map<?, ?> zoneValues) {
    return runZoned(body, zoneValues, null);
  }

  /** {@link #runZoned(Callable, Map)} for a body without a value. */
  public static void runZoned(Runnable body, Map<?, ?> zoneValues) {
    runZoned(body, zoneValues, null);
  }

  /** Dart's {@code runZoned(body, zoneSpecification: spec)}: the new zone has these handlers. */
  public static <R> R runZoned(Callable<R> body, ZoneSpecification zoneSpecification) {
    return runZoned(body, null, zoneSpecification);
  }

  /** {@link #runZoned(Callable, ZoneSpecification)} for a body without a value. */
  public static void runZoned(Runnable body, ZoneSpecification zoneSpecification) {
    runZoned(body, null, zoneSpecification);
  }

  /**
   * Dart's {@code runZoned(body, zoneValues: ..., zoneSpecification: ...)}: {@code
   * Zone.current().fork(zoneSpecification, zoneValues).run(body)}. The fork and run handlers of
   * the current zone and of {@code zoneSpecification} run synchronously here; {@code body} runs
   * synchronously in the new zone, and its result or error goes to the caller.
   *
   * @param zoneValues the new zone's values (see {@link Zone#get}), or null
   * @param zoneSpecification the new zone's handlers, or null
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null}
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <R> R runZoned(
      Callable<R> body, Map<?, ?> zoneValues, ZoneSpecification zoneSpecification) {
    Checks.notNull(body, "body");
    return ZoneImpl.current().fork(zoneSpecification, zoneValues).run(body);
  }

  /** {@link #runZoned(Callable, Map, ZoneSpecification)} for a body without a value. */
  public static void runZoned(
      Runnable body, Map<?, ?> zoneValues, ZoneSpecification zoneSpecification) {
    Checks.notNull(body, "body");
    ZoneImpl.current().fork(zoneSpecification, zoneValues).run(body);
  }

  /**
   * Dart's {@code runZonedGuarded(body, onError)}: runs {@code body} synchronously in a new error
   * zone whose uncaught errors (from futures, timers, microtasks and bodies started in it) go to
   * {@code onError}, which runs in the parent zone. A synchronous throw from {@code body} also goes
   * to {@code onError} (called directly, in the caller's zone; an error it throws then propagates
   * to the caller), and this returns null. For asynchronous errors, an error {@code onError} throws
   * goes to the parent zone's handler.
   *
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null} (or onError)
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <R> R runZonedGuarded(
      Callable<R> body, BiConsumer<? super Throwable, ? super StackTrace> onError) {
    return runZonedGuarded(body, onError, null, null);
  }

  /** {@link #runZonedGuarded(Callable, BiConsumer)} for a body without a value. */
  public static void runZonedGuarded(
      Runnable body, BiConsumer<? super Throwable, ? super StackTrace> onError) {
    runZonedGuarded(body, onError, null, null);
  }

  /** Dart's {@code runZonedGuarded(body, onError, zoneValues: zoneValues)}. */
  public static <R> R runZonedGuarded(
      Callable<R> body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Map<?, ?> zoneValues) {
    return runZonedGuarded(body, onError, zoneValues, null);
  }

  /** {@link #runZonedGuarded(Callable, BiConsumer, Map)} for a body without a value. */
  public static void runZonedGuarded(
      Runnable body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Map<?, ?> zoneValues) {
    runZonedGuarded(body, onError, zoneValues, null);
  }

  /** Dart's {@code runZonedGuarded(body, onError, zoneSpecification: spec)}. */
  public static <R> R runZonedGuarded(
      Callable<R> body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      ZoneSpecification zoneSpecification) {
    return runZonedGuarded(body, onError, null, zoneSpecification);
  }

  /** {@link #runZonedGuarded(Callable, BiConsumer, ZoneSpecification)} without a value. */
  public static void runZonedGuarded(
      Runnable body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      ZoneSpecification zoneSpecification) {
    runZonedGuarded(body, onError, null, zoneSpecification);
  }

  /**
   * Dart's {@code runZonedGuarded(body, onError, zoneValues: ..., zoneSpecification: ...)}: as
   * {@link #runZonedGuarded(Callable, BiConsumer)}, in a zone that also has {@code zoneValues} and
   * the handlers of {@code zoneSpecification}, except that its handleUncaughtError is replaced by
   * the one that calls {@code onError}.
   *
   * @param zoneValues the new zone's values (see {@link Zone#get}), or null
   * @param zoneSpecification the new zone's other handlers, or null
   * @throws ArgumentError {@code Invalid argument(s) (body): Must not be null} (or onError)
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <R> R runZonedGuarded(
      Callable<R> body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Map<?, ?> zoneValues,
      ZoneSpecification zoneSpecification) {
    Checks.notNull(body, "body");
    Checks.notNull(onError, "onError");
    ZoneImpl parentZone = ZoneImpl.current();
    HandleUncaughtErrorHandler handler =
        (self, parent, zone, error, stackTrace) -> {
          try {
            parentZone.runBinary(
                (Throwable e, StackTrace s) -> {
                  onError.accept(e, s);
                  return null;
                },
                error,
                stackTrace);
          } catch (Throwable e) {
            dev.dartasync.internal.IsolateImpl.rethrowIfExit(e);
            // The same object rethrown keeps its stack trace (zone.dart, runZonedGuarded).
            parent.handleUncaughtError(zone, e, e == error ? stackTrace : StackTrace.of(e));
          }
        };
    ZoneSpecification spec =
        (zoneSpecification == null
                ? ZoneSpecification.builder()
                : ZoneSpecification.from(zoneSpecification))
            .handleUncaughtError(handler)
            .build();
    try {
      return parentZone.fork(spec, zoneValues).run(body);
    } catch (Throwable e) {
      dev.dartasync.internal.IsolateImpl.rethrowIfExit(e); // Isolate.exit in the body: no error.
      // Dart calls onError directly here (zone.dart, runZonedGuarded): in the caller's zone, and
      // an error it throws propagates to the caller.
      onError.accept(e, StackTrace.of(e));
      return null;
    }
  }

  /** {@link #runZonedGuarded(Callable, BiConsumer, Map, ZoneSpecification)} without a value. */
  public static void runZonedGuarded(
      Runnable body,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Map<?, ?> zoneValues,
      ZoneSpecification zoneSpecification) {
    Checks.notNull(body, "body");
    runZonedGuarded(callable(body), onError, zoneValues, zoneSpecification);
  }

  private static Callable<Void> callable(Runnable body) {
    return () -> {
      body.run();
      return null;
    };
  }
}
