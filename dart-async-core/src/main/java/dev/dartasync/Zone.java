package dev.dartasync;

import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.ZoneImpl;
import java.util.concurrent.Callable;

/**
 * A zone: the context that decides where uncaught asynchronous errors go (Dart's {@code Zone},
 * the error-routing part).
 *
 * <p>Every callback (a {@code then} handler, a timer, a microtask, the code after an {@code await})
 * is registered in the zone current at registration time and later runs in that zone. A zone
 * created by {@link Dart#runZonedGuarded} has its own uncaught-error handler and is an <em>error
 * zone</em>; a zone created by {@link Dart#runZoned} shares its parent's. A future never delivers
 * an error to a listener in a different error zone: the error is reported as uncaught in the
 * future's own zone instead, and the listener's future never completes.
 *
 * <p>In the root zone an uncaught error is rethrown from the front of the microtask queue (before
 * any microtask already queued) and stops the isolate: {@link Dart#run} throws it and
 * {@link Dart#runMain} prints {@code Unhandled exception:} and exits with code 255.
 */
public interface Zone {

  /**
   * The zone current on this thread's isolate.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  static Zone current() {
    return ZoneImpl.current();
  }

  /**
   * The root zone of this thread's isolate.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  static Zone root() {
    return EventLoop.require().rootZone();
  }

  /** The zone this one was forked from; null for the root zone. */
  Zone parent();

  /** The nearest zone, this one or an ancestor, that handles uncaught errors (the root at worst). */
  Zone errorZone();

  /** Whether errors can flow between this zone and {@code other}: they share an error zone. */
  boolean inSameErrorZone(Zone other);

  /**
   * Reports an uncaught error to this zone's error zone. A runZonedGuarded handler runs
   * synchronously, in the parent zone; if it throws, that error goes to the parent's handler. In
   * the root zone the error is rethrown from a priority microtask and stops the isolate. From a
   * thread that is not the isolate's, the report is posted to the isolate as an event.
   */
  void handleUncaughtError(Throwable error, StackTrace stackTrace);

  /**
   * Runs {@code action} synchronously with this zone current; its errors propagate to the caller.
   *
   * @throws IllegalStateException if called from a thread that is not this zone's isolate's
   */
  <R> R run(Callable<R> action);

  /** Runs {@code action} synchronously with this zone current; its errors propagate to the caller. */
  void run(Runnable action);

  /**
   * Runs {@code action} synchronously with this zone current; an error it throws goes to
   * {@link #handleUncaughtError} instead of the caller.
   */
  void runGuarded(Runnable action);

  /**
   * Queues {@code task} at the end of the microtask queue, to run in this zone. In the root error
   * zone an error it throws stops the isolate; in a guarded zone it goes to the zone's handler.
   * From a thread that belongs to no isolate, the task is posted to the zone's isolate first.
   */
  void scheduleMicrotask(Runnable task);

  /** Prints the Dart text of {@code line} (see {@link Dart#print}) followed by a newline. */
  void print(Object line);
}
