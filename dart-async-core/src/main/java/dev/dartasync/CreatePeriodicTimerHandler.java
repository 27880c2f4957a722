package dev.dartasync;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Dart's {@code CreatePeriodicTimerHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#createPeriodicTimer}.
 *
 * <p>Runs synchronously when a periodic timer is created in {@code zone} ({@link Timer#periodic}).
 * It returns the timer; {@code parent.createPeriodicTimer(zone, period, f)} makes the isolate's
 * timer, whose callback runs as an event in {@code zone} every period. What it throws propagates to
 * the code that created the timer.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface CreatePeriodicTimerHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param period the period
   * @param f the callback, given the timer at each tick
   * @return the timer
   */
  Timer createPeriodicTimer(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      Duration period,
      Consumer<Timer> f);
}
