package dev.dartasync;

import java.util.function.Function;

/**
 * Dart's {@code RunUnaryHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#runUnary}.
 *
 * <p>Runs synchronously, like {@link RunHandler}; {@code parent.runUnary(zone, f, arg)} runs {@code
 * f(arg)} with {@code zone} current. The library runs {@code then} value callbacks, {@code
 * catchError} tests and one-argument error handlers through it. What it throws propagates to the
 * caller.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface RunUnaryHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the function to run
   * @param arg its argument
   * @return the result for the caller of {@code runUnary}
   */
  Object runUnary(Zone self, ZoneDelegate parent, Zone zone, Function<Object, ?> f, Object arg);
}
