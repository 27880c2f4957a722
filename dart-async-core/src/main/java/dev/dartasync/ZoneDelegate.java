package dev.dartasync;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code ZoneDelegate}: how a {@link ZoneSpecification} handler passes a request on to the
 * parent of its zone.
 *
 * <p>Every handler receives one, for the parent of the zone that holds the handler. Each method
 * runs the parent's handler for the same request (the nearest ancestor that has one, or the root's
 * behaviour), with {@code zone} (the zone that first received the request) passed along unchanged.
 * Calling the parent zone's own methods instead would start the request over from that zone and
 * lose {@code zone}.
 *
 * <p>Each method runs synchronously and behaves as the same-named {@link Zone} method described
 * there; an error a handler throws propagates to the caller. A {@code zone} argument must be a zone
 * of this library ({@link ArgumentError} {@code Invalid argument (zone): Can only run in platform
 * zones: <zone>} otherwise)
 * and, except for {@link #handleUncaughtError} and {@link #scheduleMicrotask}, the call must come
 * from the zone's isolate. A null argument Dart does not allow (all but the specification and zone
 * values of {@link #fork}, the stack trace of {@link #errorCallback} and the arguments passed on to
 * a callback) is {@link ArgumentError} {@code Invalid argument(s) (<name>): Must not be null}.
 */
public interface ZoneDelegate {

  /**
   * Passes an uncaught error to the parent's handler; see {@link Zone#handleUncaughtError}. The
   * root's behaviour: rethrow it from the front of the microtask queue, which stops the isolate.
   */
  void handleUncaughtError(Zone zone, Throwable error, StackTrace stackTrace);

  /** Runs {@code f} through the parent's run handler; the root's: with {@code zone} current. */
  <R> R run(Zone zone, Callable<R> f);

  /** Runs {@code f(arg)} through the parent's runUnary handler; the root's: in {@code zone}. */
  <T, R> R runUnary(Zone zone, Function<? super T, ? extends R> f, T arg);

  /** Runs {@code f(arg1, arg2)} through the parent's runBinary handler; the root's: in zone. */
  <T1, T2, R> R runBinary(
      Zone zone, BiFunction<? super T1, ? super T2, ? extends R> f, T1 arg1, T2 arg2);

  /** Registers {@code f} with the parent's handler; the root returns {@code f} itself. */
  <R> Callable<R> registerCallback(Zone zone, Callable<R> f);

  /** Registers {@code f} with the parent's handler; the root returns {@code f} itself. */
  <T, R> Function<T, R> registerUnaryCallback(Zone zone, Function<T, R> f);

  /** Registers {@code f} with the parent's handler; the root returns {@code f} itself. */
  <T1, T2, R> BiFunction<T1, T2, R> registerBinaryCallback(Zone zone, BiFunction<T1, T2, R> f);

  /**
   * Asks the parent's handler for a replacement of an error about to be handed to a future; the
   * root returns null (keep it). See {@link Zone#errorCallback}.
   */
  AsyncError errorCallback(Zone zone, Throwable error, StackTrace stackTrace);

  /**
   * Schedules {@code f} through the parent's handler; the root appends it to the microtask queue,
   * bound to {@code zone} (run there, guarded if {@code zone} handles its own errors).
   */
  void scheduleMicrotask(Zone zone, Runnable f);

  /** Creates a timer through the parent's handler; the root's runs {@code f} in {@code zone}. */
  Timer createTimer(Zone zone, Duration duration, Runnable f);

  /** Creates a periodic timer through the parent's handler; the root's runs f in {@code zone}. */
  Timer createPeriodicTimer(Zone zone, Duration period, Consumer<Timer> f);

  /** Prints {@code line} through the parent's handler; the root writes it and a newline out. */
  void print(Zone zone, String line);

  /**
   * Forks {@code zone} through the parent's handler; the root makes a child of {@code zone} with
   * {@code specification}'s handlers and {@code zoneValues}.
   */
  Zone fork(Zone zone, ZoneSpecification specification, Map<?, ?> zoneValues);
}
