package dev.dartasync;

import java.util.concurrent.Callable;

/**
 * Dart's {@code RunHandler}: the {@link ZoneSpecification} handler behind {@link Zone#run}.
 *
 * <p>Runs synchronously, in the zone that was current when {@code zone.run(f)} was called (not yet
 * {@code zone}): the handler decides whether and how {@code f} runs. {@code parent.run(zone, f)}
 * runs {@code f} with {@code zone} current and returns its result. Called for every {@code run} of
 * the zone, including the library's own: microtasks, timers and the callbacks of {@code then},
 * {@code catchError} and {@code whenComplete} (through {@link RunUnaryHandler} and {@link
 * RunBinaryHandler} for the callbacks that take arguments). What it throws propagates to the caller
 * of {@code run}.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface RunHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the function to run
   * @return the result for the caller of {@code run}
   */
  Object run(Zone self, ZoneDelegate parent, Zone zone, Callable<?> f) throws Exception;
}
