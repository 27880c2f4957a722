package dev.dartasync;

/**
 * Dart's {@code ErrorCallbackHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#errorCallback}.
 *
 * <p>Runs synchronously, in the zone current at that moment, whenever an error is handed to a
 * future by program code rather than thrown by a registered callback: {@link
 * Completer#completeError}, {@link DFuture#error}, and a throw from the computation of {@link
 * DFuture#run}, {@link DFuture#microtask}, {@link DFuture#sync}, {@link DFuture#delayed} or {@link
 * DFuture#doWhile}. Returning an {@link AsyncError} replaces the error and its stack trace;
 * returning null keeps them. {@code parent.errorCallback(zone, error, stackTrace)} asks the parent
 * (the root returns null). What it throws propagates to the code that handed the error over.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface ErrorCallbackHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param error the error
   * @param stackTrace its stack trace, or null if the caller gave none
   * @return a replacement error and stack trace, or null to keep them
   */
  AsyncError errorCallback(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      Throwable error,
      StackTrace stackTrace);
}
