package dev.dartasync.internal;

import java.util.function.Consumer;

/**
 * The state of one timer (the VM's {@code _Timer}), owned by an isolate's {@link TimerQueue}.
 *
 * <p>{@code callback} is null once the timer is cancelled or, for a one-shot timer, just before it
 * fires: {@code isActive == (callback != null)}. A zero timer ({@code milliseconds == 0}) sits in
 * the queue's FIFO list and has an event of its own in the isolate's event queue; a non-zero timer
 * sits in the heap ({@code heapIndex >= 0}) with {@code wakeupTime = now + 1 + milliseconds}.
 */
public final class TimerEntry implements Comparable<TimerEntry> {

  final TimerQueue queue;
  /** The public timer handed to the callback; set once by the owner. */
  Object owner;
  Consumer<Object> callback;
  final long milliseconds;
  final boolean repeating;
  long wakeupTime;
  long id;
  int tick;
  int heapIndex = -1;
  /** Next zero timer in the FIFO list. */
  TimerEntry nextZero;
  /** Where the timer was made: kept on a fake clock only (its pending-timer list shows it). */
  dev.dartasync.StackTrace created;

  TimerEntry(
      TimerQueue queue,
      Consumer<Object> callback,
      long milliseconds,
      boolean repeating,
      long now,
      long slack) {
    this.queue = queue;
    this.callback = callback;
    this.milliseconds = milliseconds;
    this.repeating = repeating;
    // The VM adds one (slack 1): its millisecond clock rounds down, and a timer must never fire
    // early. A fake clock does not round (slack 0): a timer is due exactly its duration later.
    this.wakeupTime = milliseconds == 0 ? now : saturatedAdd(now, slack + milliseconds);
  }

  /**
   * {@code a + b} for b &gt;= 0, or {@code Long.MAX_VALUE} where it would overflow: a timer of
   * {@code Long.MAX_VALUE} ms is never due (it fired at once before, its deadline wrapped round).
   */
  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < a ? Long.MAX_VALUE : sum;
  }

  @Override
  public int compareTo(TimerEntry other) {
    int c = Long.compare(wakeupTime, other.wakeupTime);
    return c != 0 ? c : Long.compare(id, other.id);
  }

  public boolean isActive() {
    return callback != null;
  }

  /** The timer's duration in milliseconds (its period, for a periodic one). */
  public long milliseconds() {
    return milliseconds;
  }

  public boolean isPeriodic() {
    return repeating;
  }

  /** Where the timer was made, on a fake clock; null otherwise. */
  public dev.dartasync.StackTrace created() {
    return created;
  }

  public int tick() {
    return tick;
  }

  /** Cancels the timer; from another thread the cancellation is posted to the isolate. */
  public void cancel() {
    queue.cancel(this);
  }

  public void setOwner(Object owner) {
    this.owner = owner;
  }
}
