package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;

/**
 * Where an error handed to a future meets the zone's errorCallback handler (Dart's {@code
 * _interceptUserError} and {@code _completeWithErrorCallback}, future_impl.dart): errors that
 * program code gives a future ({@code Completer.completeError}, {@code Future.error}) or that a
 * computation the library calls unregistered throws ({@code Future(...)}, {@code Future.microtask},
 * {@code Future.sync}, {@code Future.delayed}, {@code Future.doWhile}). Errors thrown by registered
 * callbacks ({@code then}, {@code catchError}, ...) and by async bodies are not intercepted, as in
 * Dart's VM.
 */
public final class ZoneErrors {
  private ZoneErrors() {}

  /**
   * The error and stack trace to complete a future with, after {@code zone}'s errorCallback (a
   * non-null answer replaces both); a missing stack trace becomes Dart's default one. Call on the
   * isolate's thread.
   */
  public static AsyncError intercept(ZoneImpl zone, Throwable error, StackTrace stackTrace) {
    if (zone.customizes(ZoneImpl.bit(ZoneImpl.ERROR_CALLBACK))) {
      AsyncError replacement = ZoneHandlers.errorCallback(zone, zone, error, stackTrace);
      if (replacement != null) {
        return replacement;
      }
    }
    return new AsyncError(error, stackTrace); // null: Dart's AsyncError.defaultStackTrace.
  }

  /** {@link #intercept} in the current zone for an error caught from a computation. */
  static AsyncError caught(Throwable error) {
    return intercept(ZoneImpl.current(), error, StackTrace.of(error));
  }

  /**
   * The zone whose errorCallback sees an error handed to {@code future} by the calling thread: the
   * current zone on the future's isolate, the future's own zone on any other thread (the
   * interception then runs on the isolate, when the completion arrives there).
   */
  public static ZoneImpl callerZone(FutureImpl<?> future) {
    EventLoop loop = future.loop();
    return loop.isOwnerThread() ? loop.zone : future.zone;
  }
}
