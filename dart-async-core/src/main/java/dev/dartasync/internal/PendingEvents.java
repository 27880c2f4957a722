package dev.dartasync.internal;

/**
 * The buffer of a stream subscription (Dart's {@code _PendingEvents} in stream_impl.dart): a FIFO
 * of events, delivered <b>one per microtask</b>. A scheduled microtask delivers exactly one event;
 * the subscription reschedules after it if more remain, so other microtasks interleave.
 *
 * <p>Dart links one {@code _DelayedEvent} object per event. Here the events sit in a {@link
 * ChunkedFifo}: a data event as its bare value, an error or done event as its {@link DelayedEvent}
 * (never a {@link DelayedEvent.Data}: {@link #add} unwraps those). A value can never be a {@code
 * DelayedEvent} itself, as no code outside this package sees one. A buffered data event thus costs
 * one slot instead of one object, which is what garbage collection pays for while a producer runs
 * ahead of its listener.
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

  /** The first chunk's size: most buffers hold a few events at a time. */
  private static final int FIRST_CHUNK = 8;

  /** Marks {@link #first} as holding nothing (a data value may be null). */
  private static final Object NONE = new Object();

  private int state = UNSCHEDULED;
  /**
   * The oldest buffered event, or {@link #NONE}: an event added to an empty buffer goes here, and
   * only the ones behind it go to {@link #events}. A buffer that holds one event at a time (a
   * paused generator's value, a controller between deliveries) then costs no FIFO at all: 104 B
   * less per paused async* generator (the FIFO object, its first chunk and that chunk's array).
   */
  private Object first = NONE;
  /** Values of data events, and DelayedEvents for the others, behind {@link #first}; lazily made. */
  private ChunkedFifo events;
  /** Where the queued microtask delivers; set by each {@link #schedule}. */
  private EventDispatch<T> dispatch;
  /** The microtask {@link #schedule} queues, made once: {@link #runScheduled}. */
  private Runnable deliverFirst;
  /** Its microtask queue entry, when it was queued without zone handlers; reused. */
  private MicrotaskQueue.Entry queued;

  /**
   * The await-for delivery waiting on this buffer's next event, or null (set by the waiting
   * iterator, cleared when its body resumes): the microtask then runs through it, so that the
   * rest of the microtask waits for the body's next suspension (see {@link InlineDelivery}).
   */
  InlineDelivery armed;

  boolean isScheduled() {
    return state == SCHEDULED;
  }

  /** Whether a microtask is queued, live or cancelled. */
  private boolean eventScheduled() {
    return state >= SCHEDULED;
  }

  boolean isEmpty() {
    return first == NONE && (events == null || events.isEmpty());
  }

  /**
   * Makes sure one microtask will deliver the first event to {@code dispatch}: queues one in the
   * current zone (of {@code loop}, the isolate of the caller), or revives a cancelled one that is
   * still queued.
   */
  void schedule(EventDispatch<T> dispatch, EventLoop loop) {
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
    ZoneImpl zone = ZoneImpl.currentOf(loop);
    if (zone.mayElideMicrotask()) {
      // What scheduleMicrotaskFromCurrent does in such a zone, with the entry kept from last time:
      // no microtask of this buffer is queued now, so it is free.
      MicrotaskQueue.Entry entry = queued;
      if (entry == null) {
        entry = queued = new MicrotaskQueue.Entry(zone, task);
      } else if (entry.zone != zone) {
        entry.zone = zone;
      }
      loop.scheduleMicrotask(entry);
    } else {
      zone.scheduleMicrotaskFromCurrent(task);
    }
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
    InlineDelivery waiting = armed;
    if (waiting != null) {
      waiting.deliver(this, dispatch);
    } else {
      handleNext(dispatch);
    }
  }

  /** Whether {@code task} is this buffer's live delivery microtask. */
  boolean isDeliveryTask(Runnable task) {
    return task == deliverFirst && task != null && state == SCHEDULED;
  }

  void cancelSchedule() {
    if (isScheduled()) {
      // The queued microtask will do nothing when it runs.
      state = CANCELED;
    }
  }

  void add(DelayedEvent event) {
    append(event instanceof DelayedEvent.Data data ? data.value() : event);
  }

  /** Buffers a data event. */
  void addData(T value) {
    append(value);
  }

  private void append(Object event) {
    if (isEmpty()) {
      first = event;
    } else {
      buffer().add(event);
    }
  }

  private ChunkedFifo buffer() {
    ChunkedFifo buffer = events;
    if (buffer == null) {
      buffer = events = new ChunkedFifo(FIRST_CHUNK);
    }
    return buffer;
  }

  /** Drops every event and the schedule (the queued microtask, if any, will do nothing). */
  void clear() {
    cancelSchedule();
    first = NONE;
    if (events != null) {
      events.clear();
    }
  }

  /** Removes the first event and delivers it now. */
  @SuppressWarnings("unchecked")
  void handleNext(EventDispatch<T> dispatch) {
    Object event = first;
    if (event != NONE) {
      first = NONE;
    } else {
      event = events.poll();
    }
    if (event instanceof DelayedEvent delayed) {
      delayed.perform(dispatch);
    } else {
      dispatch.sendData((T) event);
    }
  }
}
