package dev.dartasync;

import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.ZoneImpl;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A zone: the asynchronous context in which callbacks run (Dart's {@code Zone}).
 *
 * <p><b>Where callbacks run.</b> Every callback (a {@code then} handler, a timer, a microtask, the
 * code after an {@code await}) is registered in the zone current at registration time and later
 * runs in that zone. The root zone ({@link #root()}) is current when an isolate starts; other zones
 * are {@link #fork forked} from it, usually through {@link Dart#runZoned} and {@link
 * Dart#runZonedGuarded}. {@link #run} makes a zone current for the duration of a call.
 *
 * <p><b>What a zone can change.</b> A zone forked with a {@link ZoneSpecification} replaces any of
 * the operations below with its own handler (print, scheduleMicrotask, createTimer, run,
 * registerCallback, handleUncaughtError, ...); the library itself goes through them: {@link
 * Dart#print} through {@link #print}, {@link Dart#scheduleMicrotask} and every future's microtask
 * through {@link #scheduleMicrotask}, {@link Timer} through {@link #createTimer}, future callbacks
 * through the register and run operations (registered when attached, run when they run), the
 * continuation of an async body likewise (registered once, at its first await, and run at each
 * resumption), program-supplied future errors through {@link #errorCallback}. A zone also carries
 * values ({@link #get}), looked up through its ancestors.
 *
 * <p><b>Errors.</b> A zone that has an uncaught-error handler (any zone created by {@link
 * Dart#runZonedGuarded}) is an <em>error zone</em>; other zones share their parent's. A future
 * never delivers an error to a listener in a different error zone: the error is reported as
 * uncaught in the future's own zone instead, and the listener's future never completes. In the root
 * zone an uncaught error is rethrown from the front of the microtask queue (before any microtask
 * already queued) and stops the isolate: {@link Dart#run} throws it and {@link Dart#runMain} prints
 * {@code Unhandled exception:} and exits with code 255.
 *
 * <p><b>Threads.</b> A zone belongs to one isolate. The operations that run code synchronously
 * (run, register, bind, fork, errorCallback, createTimer) must be called on that isolate's thread
 * and throw {@link IllegalStateException} elsewhere; {@link #handleUncaughtError}, {@link
 * #scheduleMicrotask} and {@link #print} called from another thread are posted to the isolate.
 * {@link #get} works from any thread.
 *
 * <p><b>Null.</b> Each method throws {@link ArgumentError} {@code Invalid argument(s) (<name>): Must
 * not be null}, before doing anything, for a null argument Dart does not allow (callbacks, actions,
 * durations, the error and stack trace of {@link #handleUncaughtError}); the zone values and
 * specification of {@link #fork}, the stack trace of {@link #errorCallback}, the arguments passed
 * on to a callback and the key of {@link #get} may be null.
 *
 * <p>Zones are made by this library only: methods that take a zone reject other implementations.
 */
public interface Zone {

  /**
   * The zone current on this thread's isolate: Dart's {@code Zone.current}.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  static Zone current() {
    return ZoneImpl.current();
  }

  /**
   * The root zone of this thread's isolate: Dart's {@code Zone.root}.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  static Zone root() {
    return EventLoop.require().rootZone();
  }

  // ---- the tree ---------------------------------------------------------------------------------

  /** The zone this one was forked from; null for the root zone. */
  Zone parent();

  /**
   * The nearest zone, this one or an ancestor, with an uncaught-error handler (the root at worst).
   */
  Zone errorZone();

  /** Whether errors can flow between this zone and {@code other}: they share an error zone. */
  boolean inSameErrorZone(Zone other);

  /** {@link #fork(ZoneSpecification, Map)} with no handlers and no values. */
  default Zone fork() {
    return fork(null, null);
  }

  /** {@link #fork(ZoneSpecification, Map)} with no values. */
  default Zone fork(ZoneSpecification specification) {
    return fork(specification, null);
  }

  /** {@link #fork(ZoneSpecification, Map)} with no handlers. */
  default Zone fork(Map<?, ?> zoneValues) {
    return fork(null, zoneValues);
  }

  /**
   * Creates a child of this zone: Dart's {@code zone.fork(specification: ..., zoneValues: ...)}.
   * Runs synchronously, through this zone's fork handler if it (or an ancestor) has one. The child
   * behaves as this zone except for the handlers in {@code specification}, and has this zone's
   * values plus {@code zoneValues} (a copy, taken now; its entries shadow equal keys of this zone).
   *
   * @param specification the child's handlers, or null for none
   * @param zoneValues the child's own values, or null for none; null keys and values are allowed
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  Zone fork(ZoneSpecification specification, Map<?, ?> zoneValues);

  /**
   * The value stored under {@code key} in this zone or the nearest ancestor that has the key:
   * Dart's {@code zone[key]}. Keys compare with {@code equals}; Dart code often uses a {@code
   * #symbol}, Java code a private constant object. Null if no zone up to the root has the key (or
   * if the value stored is null).
   */
  Object get(Object key);

  // ---- running code -----------------------------------------------------------------------------

  /**
   * Runs {@code action} synchronously with this zone current, through this zone's run handler if it
   * has one; returns its result, and its errors propagate to the caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <R> R run(Callable<R> action);

  /** {@link #run(Callable)} for an action without a value. */
  void run(Runnable action);

  /**
   * Runs {@code action.apply(argument)} synchronously with this zone current, through this zone's
   * runUnary handler if it has one; returns its result, and its errors propagate to the caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <T, R> R runUnary(Function<? super T, ? extends R> action, T argument);

  /**
   * Runs {@code action.apply(argument1, argument2)} synchronously with this zone current, through
   * this zone's runBinary handler if it has one; returns its result, and its errors propagate to
   * the caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <T1, T2, R> R runBinary(
      BiFunction<? super T1, ? super T2, ? extends R> action, T1 argument1, T2 argument2);

  /**
   * As {@link #run(Runnable)}, but an error {@code action} throws goes to {@link
   * #handleUncaughtError} instead of the caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  void runGuarded(Runnable action);

  /** As {@link #runUnary}, but errors go to {@link #handleUncaughtError}. */
  <T> void runUnaryGuarded(Consumer<? super T> action, T argument);

  /** As {@link #runBinary}, but errors go to {@link #handleUncaughtError}. */
  <T1, T2> void runBinaryGuarded(
      BiConsumer<? super T1, ? super T2> action, T1 argument1, T2 argument2);

  // ---- callbacks --------------------------------------------------------------------------------

  /**
   * Registers a callback that will run later in this zone, through this zone's registerCallback
   * handler if it has one, and returns the callback to use in its place (the root zone returns
   * {@code callback} itself). Runs synchronously. Registering does not bind: run the result with
   * {@link #run}, or use {@link #bindCallback}.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <R> Callable<R> registerCallback(Callable<R> callback);

  /** {@link #registerCallback} for a one-argument callback. */
  <T, R> Function<T, R> registerUnaryCallback(Function<T, R> callback);

  /** {@link #registerCallback} for a two-argument callback. */
  <T1, T2, R> BiFunction<T1, T2, R> registerBinaryCallback(BiFunction<T1, T2, R> callback);

  /**
   * Registers {@code callback} now and returns a callable that runs the registered callback in this
   * zone ({@code () -> zone.run(registered)}), wherever it is called from. Its errors propagate to
   * its caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <R> Callable<R> bindCallback(Callable<R> callback);

  /** {@link #bindCallback} for a one-argument callback, run with {@link #runUnary}. */
  <T, R> Function<T, R> bindUnaryCallback(Function<T, R> callback);

  /** {@link #bindCallback} for a two-argument callback, run with {@link #runBinary}. */
  <T1, T2, R> BiFunction<T1, T2, R> bindBinaryCallback(BiFunction<T1, T2, R> callback);

  /**
   * Registers {@code callback} now and returns a runnable that runs the registered callback in this
   * zone with {@link #runGuarded}: its errors go to this zone's uncaught-error handling.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  Runnable bindCallbackGuarded(Runnable callback);

  /** {@link #bindCallbackGuarded} for a one-argument callback, run with runUnaryGuarded. */
  <T> Consumer<T> bindUnaryCallbackGuarded(Consumer<T> callback);

  /** {@link #bindCallbackGuarded} for a two-argument callback, run with runBinaryGuarded. */
  <T1, T2> BiConsumer<T1, T2> bindBinaryCallbackGuarded(BiConsumer<T1, T2> callback);

  // ---- errors -----------------------------------------------------------------------------------

  /**
   * Lets this zone replace an error that program code is about to hand to a future (Dart's {@code
   * zone.errorCallback}): returns the replacement error and stack trace, or null to keep them (the
   * root zone always returns null). Runs this zone's errorCallback handler synchronously; the
   * library calls it for {@link Completer#completeError}, {@link DFuture#error} and a throw from
   * the computation of {@link DFuture#run}, {@link DFuture#microtask}, {@link DFuture#sync}, {@link
   * DFuture#delayed} and {@link DFuture#doWhile}.
   *
   * @param stackTrace the error's stack trace, or null if none was given
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} if {@code error} is
   *     null
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  AsyncError errorCallback(Throwable error, StackTrace stackTrace);

  /**
   * Reports an uncaught error to this zone's error handling: synchronously runs the
   * handleUncaughtError handler of this zone (or of the nearest ancestor that has one) with that
   * handler's parent zone current; if it throws, the thrown error (keeping {@code stackTrace} if it
   * is the same object) goes to the parent's handling. Without any handler up to the root, the
   * error is rethrown from a priority microtask and stops the isolate. From a thread that is not
   * the isolate's, the report is posted to the isolate as an event.
   */
  void handleUncaughtError(Throwable error, StackTrace stackTrace);

  // ---- scheduling -------------------------------------------------------------------------------

  /**
   * Schedules {@code callback} to run as a microtask in this zone (Dart's {@code
   * zone.scheduleMicrotask}): through this zone's scheduleMicrotask handler if it has one, else it
   * is appended to the microtask queue, to run after the microtasks already queued and before the
   * next event. It runs in this zone, guarded if this zone is not in the root's error zone (its
   * errors go to {@link #handleUncaughtError}); in the root's error zone an error it throws stops
   * the isolate. From a thread that belongs to no isolate the request is posted to the isolate
   * first.
   */
  void scheduleMicrotask(Runnable callback);

  /**
   * Creates a timer that runs {@code callback} in this zone after {@code duration} (Dart's {@code
   * zone.createTimer}), through this zone's createTimer handler if it has one; see {@link Timer}
   * for the timing. Unlike {@code new Timer}, the callback is not guarded here: an error it throws
   * escapes the timer and stops the isolate, whatever the zone.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  Timer createTimer(Duration duration, Runnable callback);

  /**
   * Creates a periodic timer that runs {@code callback} in this zone every {@code period} (Dart's
   * {@code zone.createPeriodicTimer}), through this zone's createPeriodicTimer handler if it has
   * one; see {@link Timer#periodic}. The callback is not guarded here: an error it throws stops the
   * isolate, whatever the zone.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  Timer createPeriodicTimer(Duration period, Consumer<Timer> callback);

  /**
   * Prints the Dart text of {@code line} (see {@link Dart#print}) through this zone's print
   * handler, synchronously; without a handler it is written to standard output followed by a
   * newline. From another thread, a zone with a print handler posts the request to its isolate.
   */
  void print(Object line);
}
