package dev.dartasync;

import java.util.function.BiFunction;

/**
 * Dart's {@code RunBinaryHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#runBinary}.
 *
 * <p>Runs synchronously, like {@link RunHandler}; {@code parent.runBinary(zone, f, arg1, arg2)}
 * runs {@code f(arg1, arg2)} with {@code zone} current. The library runs two-argument error
 * handlers ({@code (error, stackTrace) -> ...}) through it. What it throws propagates to the
 * caller.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface RunBinaryHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the function to run
   * @param arg1 its first argument
   * @param arg2 its second argument
   * @return the result for the caller of {@code runBinary}
   */
  Object runBinary(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      BiFunction<Object, Object, ?> f,
      Object arg1,
      Object arg2);
}
