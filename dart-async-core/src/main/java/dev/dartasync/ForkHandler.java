package dev.dartasync;

import java.util.Map;

/**
 * Dart's {@code ForkHandler}: the {@link ZoneSpecification} handler behind {@link Zone#fork}.
 *
 * <p>Runs synchronously when a zone is forked from {@code zone} (also by {@link Dart#runZoned} and
 * {@link Dart#runZonedGuarded}), in the calling zone. It returns the new zone; {@code
 * parent.fork(zone, specification, zoneValues)} makes it (possibly with a modified specification,
 * see {@link ZoneSpecification#from}). What it throws propagates to the caller of {@code fork}.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface ForkHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param specification the new zone's handlers, or null for none
   * @param zoneValues the new zone's values, or null for none
   * @return the new zone
   */
  Zone fork(
      Zone self,
      ZoneDelegate parent,
      Zone zone,
      ZoneSpecification specification,
      Map<?, ?> zoneValues);
}
