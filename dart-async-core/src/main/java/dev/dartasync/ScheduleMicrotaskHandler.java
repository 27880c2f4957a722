package dev.dartasync;

/**
 * Dart's {@code ScheduleMicrotaskHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#scheduleMicrotask}.
 *
 * <p>Runs synchronously whenever a microtask is scheduled in {@code zone}: by {@link
 * Dart#scheduleMicrotask}, {@link Zone#scheduleMicrotask}, and the library's own microtasks (a
 * future completing later, {@code then} on a completed future, {@code await}). The handler decides
 * when {@code f} runs; {@code parent.scheduleMicrotask(zone, f)} queues it (the root appends it to
 * the microtask queue, bound to {@code zone}). Running {@code f} at once, or never, is allowed.
 * What it throws propagates to the code that scheduled the microtask.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface ScheduleMicrotaskHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the microtask
   */
  void scheduleMicrotask(Zone self, ZoneDelegate parent, Zone zone, Runnable f);
}
