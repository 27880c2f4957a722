package dev.dartasync.examples.support;

/**
 * Dart's {@code Stopwatch} from dart:core, as much as the lecture uses: {@code Stopwatch()..start()},
 * {@code elapsedMilliseconds}, {@code elapsedMicroseconds}, {@code reset()}. Monotonic ({@link System#nanoTime()}).
 */
public final class Stopwatch {
  private long startNanos;
  private long elapsedWhileStopped;
  private boolean running;

  /** {@code Stopwatch()..start()}. */
  public static Stopwatch started() {
    Stopwatch sw = new Stopwatch();
    sw.start();
    return sw;
  }

  public void start() {
    if (!running) {
      startNanos = System.nanoTime();
      running = true;
    }
  }

  public void stop() {
    if (running) {
      elapsedWhileStopped += System.nanoTime() - startNanos;
      running = false;
    }
  }

  /** Sets the elapsed time to zero; a running stopwatch keeps running. */
  public void reset() {
    elapsedWhileStopped = 0;
    startNanos = System.nanoTime();
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
    return elapsedWhileStopped + (running ? System.nanoTime() - startNanos : 0);
  }
}
