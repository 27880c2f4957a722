package dev.dartasync.internal;

import dev.dartasync.Timer;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The zone side of {@link Timer}'s factories (Dart's {@code Timer(...)} and {@code
 * Timer.periodic} factory constructors, timer.dart): outside the root zone the callback is bound
 * guarded to the current zone, and the timer is made by that zone's createTimer handler.
 */
public final class ZoneTimers {
  private ZoneTimers() {}

  /**
   * Whether {@code new Timer(...)} in {@code zone} ends in the root createTimer handler with no
   * handler before it: the constructor then makes the isolate's timer itself, as that object.
   */
  public static boolean usesRootCreateTimer(ZoneImpl zone) {
    return !zone.customizes(ZoneImpl.bit(ZoneImpl.CREATE_TIMER));
  }

  /**
   * The callback the root createTimer handler would give the isolate's timer for {@code new
   * Timer(d, callback)} in {@code zone}: {@code zone.bindCallback(zone.bindCallbackGuarded(f))},
   * or {@code f} itself in the root zone. Without registration or run handlers, that is one guarded
   * run in the zone.
   */
  public static Runnable rootBoundCallback(ZoneImpl zone, Runnable callback) {
    if (zone.isRoot()) {
      return callback;
    }
    int bindingBits = ZoneImpl.bit(ZoneImpl.REGISTER_CALLBACK) | ZoneImpl.bit(ZoneImpl.RUN);
    if (!zone.customizes(bindingBits)) {
      return () -> zone.runGuardedOwned(callback);
    }
    return zone.bindRunnableOwned(zone.bindRunnableGuardedOwned(callback));
  }

  /** Dart's {@code Timer.periodic}: through the current zone's createPeriodicTimer. */
  public static Timer periodic(Duration period, Consumer<Timer> callback) {
    Checks.notNull(period, "duration");
    Checks.notNull(callback, "callback");
    ZoneImpl zone = ZoneImpl.current();
    if (zone.isRoot()) {
      return ZoneHandlers.createPeriodicTimer(zone, zone, period, callback);
    }
    return ZoneHandlers.createPeriodicTimer(
        zone, zone, period, zone.bindConsumerGuardedOwned(callback));
  }
}
