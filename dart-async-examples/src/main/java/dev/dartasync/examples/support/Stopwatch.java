package dev.dartasync.examples.support;

import java.util.function.LongSupplier;

/**
 * Dart's {@code Stopwatch} from dart:core, as much as the lecture uses: {@code Stopwatch()..start()},
 * {@code elapsedMilliseconds}, {@code elapsedMicroseconds}, {@code reset()}. Monotonic ({@link System#nanoTime()}),
 * or on another clock ({@link #started(LongSupplier)}: a FakeAsync's fake time).
 */
public final class Stopwatch {
  private final LongSupplier nanoTime;
  private long startNanos;
  private long elapsedWhileStopped;
  private boolean running;

  public Stopwatch() {
    this(System::nanoTime);
  }

  /** A stopwatch reading {@code nanoTime} (monotonic nanoseconds; only differences matter). */
  public Stopwatch(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** {@code Stopwatch()..start()}. */
  public static Stopwatch started() {
    return started(System::nanoTime);
  }

  /** {@code Stopwatch()..start()} on the clock {@code nanoTime}. */
  public static Stopwatch started(LongSupplier nanoTime) {
    Stopwatch sw = new Stopwatch(nanoTime);
    sw.start();
    return sw;
  }

  public void start() {
    if (!running) {
      startNanos = nanoTime.getAsLong();
      running = true;
    }
  }

  public void stop() {
    if (running) {
      elapsedWhileStopped += nanoTime.getAsLong() - startNanos;
      running = false;
    }
  }

  /** Sets the elapsed time to zero; a running stopwatch keeps running. */
  public void reset() {
    elapsedWhileStopped = 0;
    startNanos = nanoTime.getAsLong();
  }

  /** Whole milliseconds elapsed, truncated as Dart's {@code elapsedMilliseconds}. */
  public long elapsedMilliseconds() {
    return elapsedNanos() / 1_000_000L;
  }

  /** Whole microseconds elapsed, truncated as Dart's {@code elapsedMicroseconds}. */
  public long elapsedMicroseconds() {
    return elapsedNanos() / 1_000L;
  }

  private long elapsedNanos() {
    return elapsedWhileStopped + (running ? nanoTime.getAsLong() - startNanos : 0);
  }
}
