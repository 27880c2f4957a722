package dev.dartasync.internal;

/**
 * The millisecond clock an event loop reads for timer deadlines (the VM's
 * {@code timerMillisecondClock}): monotonic, never adjusted. One object per loop, so that a fake
 * clock can replace the system one in tests.
 */
public interface LoopClock {

  /** Monotonic milliseconds; only differences mean anything. */
  long millis();

  /**
   * Called when the loop would sleep until {@code deadlineMillis} with nothing else to do. A
   * virtual clock jumps to the deadline and returns true; the system clock returns false and the
   * loop waits in real time.
   */
  default boolean advanceTo(long deadlineMillis) {
    return false;
  }

  /** The system's monotonic clock ({@link System#nanoTime()}). */
  static LoopClock system() {
    return () -> System.nanoTime() / 1_000_000L;
  }
}
