package dev.dartasync;

import java.util.concurrent.Callable;

/**
 * Dart's {@code RegisterCallbackHandler}: the {@link ZoneSpecification} handler behind {@link
 * Zone#registerCallback}.
 *
 * <p>Runs synchronously when a callback without arguments is handed to {@code zone} to run later (a
 * whenComplete action, a timer callback, a microtask scheduled with {@link
 * Dart#scheduleMicrotask}), in the zone current at that moment. It returns the callback to store in
 * its place, typically a wrapper that restores some context captured now; {@code
 * parent.registerCallback(zone, f)} is the parent's choice (the root returns {@code f} itself).
 * What it throws propagates to the code that registered the callback.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface RegisterCallbackHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param f the callback being registered
   * @return the callback to use in place of {@code f}
   */
  Callable<?> registerCallback(Zone self, ZoneDelegate parent, Zone zone, Callable<?> f);
}
