package dev.dartasync.examples.support;

import static dev.dartasync.Dart.await;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Timer;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * The lecture's 16 ms "frame" timer, running while operations are timed: it measures how long an
 * operation took and how late it made the timer. For each operation, the largest timer gap is the
 * longest stretch without a tick from the operation's start until the first tick after it ended
 * (its start counts as a tick): about half a period on average when nothing blocks the isolate,
 * and the blocking time when something does. So a largest gap under 16 ms means no tick was late.
 *
 * <p>Used on one isolate, in its async bodies; {@link #cancel()} it when done, or the periodic
 * timer keeps the isolate alive.
 */
public final class FrameTimer {
  /** The frame period: 16 ms, 60 frames a second. */
  public static final Duration PERIOD = Duration.ofMillis(16);

  /** What one operation cost: its time and the largest timer gap, in milliseconds. */
  public record Timed(double millis, double largestGapMillis) {}

  private final Timer timer;
  private long lastEventNanos;
  private long largestGapNanos;
  private Completer<Void> nextTick;

  private FrameTimer() {
    timer = Timer.periodic(PERIOD, t -> tick());
  }

  /** Starts the timer on the calling isolate; its first tick comes one period later. */
  public static FrameTimer start() {
    return new FrameTimer();
  }

  private void tick() {
    long now = System.nanoTime();
    largestGapNanos = Math.max(largestGapNanos, now - lastEventNanos);
    lastEventNanos = now;
    if (nextTick != null) {
      Completer<Void> waiting = nextTick;
      nextTick = null;
      waiting.complete();
    }
  }

  /**
   * Runs {@code operation} (the call, then awaiting its future) and measures it as the class comment
   * says; returns after the first tick that follows its end. Call it from an async body.
   */
  public Timed time(Callable<? extends DFuture<?>> operation) throws Exception {
    long start = System.nanoTime();
    lastEventNanos = start;
    largestGapNanos = 0;
    await(operation.call());
    long took = System.nanoTime() - start;
    nextTick = new Completer<>();
    await(nextTick.future());
    return new Timed(took / 1e6, largestGapNanos / 1e6);
  }

  /** Stops the timer. */
  public void cancel() {
    timer.cancel();
  }
}
