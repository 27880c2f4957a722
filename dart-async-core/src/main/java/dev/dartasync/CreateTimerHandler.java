package dev.dartasync;

import java.time.Duration;

/**
 * Dart's {@code CreateTimerHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#createTimer}.
 *
 * <p>Runs synchronously when a one-shot timer is created in {@code zone} ({@code new Timer}, {@link
 * Timer#run}, {@link DFuture#run}, {@link DFuture#delayed}, {@code timeout}). It returns the timer;
 * {@code parent.createTimer(zone, duration, f)} makes the isolate's timer (the root binds {@code f}
 * to {@code zone}, so it runs as an event in {@code zone}). What it throws propagates to the code
 * that created the timer.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface CreateTimerHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param duration the delay
   * @param f the callback
   * @return the timer
   */
  Timer createTimer(Zone self, ZoneDelegate parent, Zone zone, Duration duration, Runnable f);
}
