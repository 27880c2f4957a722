package dev.dartasync.internal;

/**
 * The buffer of a stream subscription (Dart's {@code _PendingEvents} in stream_impl.dart): a linked
 * list of events, delivered <b>one per microtask</b>. A scheduled microtask delivers exactly one
 * event; the subscription reschedules after it if more remain, so other microtasks interleave.
 *
 * <p>A queued microtask cannot be removed from the queue: cancelling the schedule only marks it
 * {@link #CANCELED} (it will do nothing when it runs), and scheduling again while that microtask is
 * still queued just flips the mark back to {@link #SCHEDULED}, reusing the queue slot.
 */
final class PendingEvents<T> {
  /** No microtask is queued. */
  private static final int UNSCHEDULED = 0;

  /** A microtask is queued and will deliver the first event. */
  private static final int SCHEDULED = 1;

  /** A microtask is queued but will do nothing (pause or cancel came after it was queued). */
  private static final int CANCELED = 3;

  private int state = UNSCHEDULED;
  private DelayedEvent first;
  private DelayedEvent last;
  /** Where the queued microtask delivers; set by each {@link #schedule}. */
  private EventDispatch<T> dispatch;
  /** The microtask {@link #schedule} queues, made once: {@link #runScheduled}. */
  private Runnable deliverFirst;

  boolean isScheduled() {
    return state == SCHEDULED;
  }

  /** Whether a microtask is queued, live or cancelled. */
  private boolean eventScheduled() {
    return state >= SCHEDULED;
  }

  boolean isEmpty() {
    return last == null;
  }

  /**
   * Makes sure one microtask will deliver the first event to {@code dispatch}: queues one in the
   * current zone, or revives a cancelled one that is still queued.
   */
  void schedule(EventDispatch<T> dispatch) {
    if (isScheduled()) {
      return;
    }
    if (eventScheduled()) {
      // Still queued but cancelled: revive it; it keeps its place in the microtask queue.
      state = SCHEDULED;
      return;
    }
    if (this.dispatch != dispatch) {
      // Only the first time in practice: a store into an old object costs a GC barrier.
      this.dispatch = dispatch;
    }
    Runnable task = deliverFirst;
    if (task == null) {
      task = deliverFirst = this::runScheduled;
    }
    ZoneImpl.current().scheduleMicrotaskFromCurrent(task);
    // A live microtask is queued.
    state = SCHEDULED;
  }

  /** The queued microtask: delivers the first event unless the schedule was cancelled meanwhile. */
  private void runScheduled() {
    int old = state;
    // The microtask has run: nothing is queued any more.
    state = UNSCHEDULED;
    if (old == CANCELED) {
      return;
    }
    handleNext(dispatch);
  }

  void cancelSchedule() {
    if (isScheduled()) {
      // The queued microtask will do nothing when it runs.
      state = CANCELED;
    }
  }

  void add(DelayedEvent event) {
    if (last == null) {
      first = last = event;
    } else {
      last.setNext(event);
      last = event;
    }
  }

  /** Drops every event and the schedule (the queued microtask, if any, will do nothing). */
  void clear() {
    cancelSchedule();
    first = last = null;
  }

  /** Removes the first event and delivers it now. */
  void handleNext(EventDispatch<T> dispatch) {
    DelayedEvent event = first;
    DelayedEvent next = event.next();
    first = next;
    if (next == null) {
      last = null;
    }
    event.perform(dispatch);
  }
}
