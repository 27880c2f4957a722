package dev.dartasync;

import java.util.function.BiFunction;

/**
 * Dart's {@code RegisterBinaryCallbackHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#registerBinaryCallback}.
 *
 * <p>As {@link RegisterCallbackHandler}, for two-argument callbacks: the {@code (error, stackTrace)
 * -> ...} handlers of {@code then} and {@code catchError}. Runs synchronously when the callback is
 * registered; returns the callback to store in its place.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface RegisterBinaryCallbackHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the callback being registered
   * @return the callback to use in place of {@code f}
   */
  BiFunction<Object, Object, ?> registerBinaryCallback(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      BiFunction<Object, Object, ?> f);
}
