package dev.dartasync;

/**
 * Dart's {@code HandleUncaughtErrorHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#handleUncaughtError}.
 *
 * <p>Runs synchronously when an uncaught error reaches {@code zone} (an error future with no
 * listener, a throwing timer or microtask in a guarded zone, {@link Zone#runGuarded}), with the
 * <em>parent</em> of {@code self} as the current zone. A zone with this handler is an <em>error
 * zone</em>: errors never cross into or out of it through futures. To pass the error on, call
 * {@code parent.handleUncaughtError(zone, error, stackTrace)}. If the handler throws, the thrown
 * error (with the original stack trace if it is the same object) goes to the parent's handler.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface HandleUncaughtErrorHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param error the uncaught error
   * @param stackTrace its stack trace
   */
  void handleUncaughtError(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      Throwable error,
      StackTrace stackTrace);
}
