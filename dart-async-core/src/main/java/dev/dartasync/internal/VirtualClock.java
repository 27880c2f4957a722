package dev.dartasync.internal;

/**
 * A clock for tests: time stands still while code runs and jumps straight to the next timer
 * deadline when the loop has nothing else to do. Timer order then depends only on durations and
 * creation order, never on how fast the machine runs the code in between, and a test of a
 * one-hour timer takes no time.
 *
 * <p>Only the loop advances it; events posted from other threads still wake the loop at once. A
 * loop with no timer and a keep-alive (a body blocked in a JDK call, a pending interop call) waits
 * in real time, since only the outside world can end that wait.
 */
public final class VirtualClock implements LoopClock {
  private volatile long now;

  public VirtualClock() {
    this(0);
  }

  public VirtualClock(long startMillis) {
    this.now = startMillis;
  }

  @Override
  public long millis() {
    return now;
  }

  @Override
  public boolean advanceTo(long deadlineMillis) {
    if (deadlineMillis > now) {
      now = deadlineMillis;
    }
    return true;
  }

  /** Moves time forward by {@code millis}, as if the code had run that long. */
  public void elapse(long millis) {
    now += millis;
  }
}
