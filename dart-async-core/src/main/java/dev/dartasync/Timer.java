package dev.dartasync;

import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.TimerEntry;
import dev.dartasync.internal.ZoneImpl;
import java.time.Duration;
import java.util.Objects;
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
 * a {@link Dart#runZonedGuarded} zone it goes to that zone's handler.
 *
 * <p>Pending timers keep the isolate alive. Create a timer on its isolate's thread; it may be
 * cancelled from any thread.
 */
public final class Timer {

  private final TimerEntry entry;

  /**
   * Dart's {@code Timer(duration, callback)}: runs {@code callback} once after {@code duration}.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public Timer(Duration duration, Runnable callback) {
    Objects.requireNonNull(callback, "callback");
    Runnable bound = ZoneImpl.current().bindCallbackGuarded(callback);
    this.entry = create(duration, timer -> bound.run(), false);
  }

  private Timer(Duration duration, Consumer<Timer> callback) {
    Objects.requireNonNull(callback, "callback");
    ZoneImpl zone = ZoneImpl.current();
    this.entry =
        create(
            duration,
            timer -> zone.bindCallbackGuarded(() -> callback.accept((Timer) timer)).run(),
            true);
  }

  private TimerEntry create(Duration duration, Consumer<Object> callback, boolean repeating) {
    Objects.requireNonNull(duration, "duration");
    long millis;
    try {
      millis = duration.isNegative() ? 0 : duration.toMillis();
    } catch (ArithmeticException tooLong) {
      millis = Long.MAX_VALUE; // Beyond Long.MAX_VALUE ms: never due.
    }
    TimerEntry e = EventLoop.require().createTimer(callback, millis, repeating);
    e.setOwner(this);
    return e;
  }

  /**
   * Dart's {@code Timer.periodic(period, callback)}: runs {@code callback} every {@code period},
   * first after one period. If the isolate was busy for more than a period, missed ticks are
   * skipped ({@link #tick()} jumps) rather than delivered in a burst. A zero period fires once per
   * event turn.
   */
  public static Timer periodic(Duration period, Consumer<Timer> callback) {
    return new Timer(period, callback);
  }

  /** Dart's {@code Timer.run(callback)}: exactly {@code new Timer(Duration.ZERO, callback)}. */
  public static Timer run(Runnable callback) {
    return new Timer(Duration.ZERO, callback);
  }

  /**
   * Whether the timer will still fire: false after {@link #cancel()}, and for a one-shot timer from
   * just before its callback runs.
   */
  public boolean isActive() {
    return entry.isActive();
  }

  /**
   * The number of periods that have passed: increments before each callback; for a periodic timer
   * it also counts skipped ticks.
   */
  public int tick() {
    return entry.tick();
  }

  /**
   * Stops the timer; its callback will not run. Cancelling twice is harmless. From a thread that
   * is not the isolate's, the cancellation is posted to the isolate as an event: a callback that
   * is already due in the current event turn may still run.
   */
  public void cancel() {
    entry.cancel();
  }
}
