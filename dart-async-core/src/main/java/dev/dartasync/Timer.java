package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.TimerAccess;
import dev.dartasync.internal.TimerEntry;
import dev.dartasync.internal.ZoneImpl;
import dev.dartasync.internal.ZoneTimers;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A countdown that runs a callback as an event of this isolate: Dart's {@code Timer}.
 *
 * <p><b>Timing</b> (the Dart VM's): the duration is truncated to whole milliseconds and a negative
 * one counts as zero. A zero-duration timer ({@link #run}, {@code Duration.ZERO}, anything under
 * 1 ms) is an ordinary event queued now, FIFO with every other event. A longer one fires at the
 * first event turn after {@code now + 1 + milliseconds}; timers with equal deadlines fire in
 * creation order. Each timer callback is followed by a full microtask drain, before the next timer
 * of the same batch.
 *
 * <p><b>Errors</b>: in the root zone an error thrown by the callback stops the isolate at once; in
 * a {@link Dart#runZonedGuarded} zone it goes to that zone's handler; in another zone it goes to
 * that zone's uncaught-error handling (and so stops the isolate at the next microtask checkpoint,
 * which follows the callback at once).
 *
 * <p><b>Zones</b>: a timer is made through the current zone ({@link Zone#createTimer}, {@link
 * Zone#createPeriodicTimer}), so a zone's createTimer handler sees and may replace it; the callback
 * runs in the zone that was current when the timer was made.
 *
 * <p>Pending timers keep the isolate alive. Create a timer on its isolate's thread; it may be
 * cancelled from any thread.
 */
public final class Timer {

  /**
   * The isolate's timer behind this object; null when a zone's createTimer handler made the timer
   * ({@link #delegate}). Exactly one of the two is set.
   */
  private final TimerEntry entry;

  /** The timer a zone's createTimer handler returned for {@code new Timer(...)}, or null. */
  private final Timer delegate;

  static {
    TimerAccess.install(Timer::new);
  }

  /**
   * Dart's {@code Timer(duration, callback)}: runs {@code callback} once after {@code duration}, in
   * the zone current now. Outside the root zone the callback is bound guarded to the current zone
   * and the timer is made by the zone's {@link Zone#createTimer} (its createTimer handler, if any,
   * runs synchronously here).
   *
   * @throws ArgumentError {@code Invalid argument(s) (duration): Must not be null} (or callback)
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public Timer(Duration duration, Runnable callback) {
    Checks.notNull(duration, "duration");
    Checks.notNull(callback, "callback");
    ZoneImpl zone = ZoneImpl.current();
    if (ZoneTimers.usesRootCreateTimer(zone)) {
      // What the root createTimer handler would make, made as this object.
      Runnable run = ZoneTimers.rootBoundCallback(zone, callback);
      this.entry = createEntry(duration, timer -> run.run(), false);
      this.delegate = null;
    } else {
      this.entry = null;
      this.delegate = zone.createTimer(duration, zone.bindCallbackGuarded(callback));
    }
  }

  /** The isolate's own timer: no zone involved (the root createTimer handler's result). */
  private Timer(Duration duration, Consumer<Timer> callback, boolean repeating) {
    this.entry = createEntry(duration, callback, repeating);
    this.delegate = null;
  }

  private TimerEntry createEntry(Duration duration, Consumer<Timer> callback, boolean repeating) {
    Checks.notNull(duration, "duration");
    long millis;
    try {
      millis = duration.isNegative() ? 0 : duration.toMillis();
    } catch (ArithmeticException tooLong) {
      millis = Long.MAX_VALUE; // Beyond Long.MAX_VALUE ms: never due.
    }
    TimerEntry e =
        EventLoop.require().createTimer(owner -> callback.accept((Timer) owner), millis, repeating);
    e.setOwner(this);
    return e;
  }

  /**
   * Dart's {@code Timer.periodic(period, callback)}: runs {@code callback} every {@code period},
   * first after one period. If the isolate was busy for more than a period, missed ticks are
   * skipped ({@link #tick()} jumps) rather than delivered in a burst. A zero period fires once per
   * event turn.
   *
   * <p>The callback runs in the zone current now; outside the root zone it is bound guarded to that
   * zone and the timer is made by the zone's {@link Zone#createPeriodicTimer} (its handler, if
   * any, runs synchronously here and decides which timer this returns).
   *
   * @throws ArgumentError {@code Invalid argument(s) (duration): Must not be null} (or callback)
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static Timer periodic(Duration period, Consumer<Timer> callback) {
    return ZoneTimers.periodic(period, callback);
  }

  /**
   * Dart's {@code Timer.run(callback)}: exactly {@code new Timer(Duration.ZERO, callback)}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (callback): Must not be null}
   */
  public static Timer run(Runnable callback) {
    return new Timer(Duration.ZERO, callback);
  }

  /**
   * Whether the timer will still fire: false after {@link #cancel()}, and for a one-shot timer from
   * just before its callback runs.
   */
  public boolean isActive() {
    return entry != null ? entry.isActive() : delegate.isActive();
  }

  /**
   * The number of periods that have passed: increments before each callback; for a periodic timer
   * it also counts skipped ticks.
   */
  public int tick() {
    return entry != null ? entry.tick() : delegate.tick();
  }

  /**
   * Stops the timer; its callback will not run. Cancelling twice is harmless. From a thread that
   * is not the isolate's, the cancellation is posted to the isolate as an event: a callback that
   * is already due in the current event turn may still run.
   */
  public void cancel() {
    if (entry != null) {
      entry.cancel();
    } else {
      delegate.cancel();
    }
  }
}
