package dev.dartasync.internal;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * An isolate's event queue: multi-producer (any thread posts), single-consumer (the isolate's
 * thread takes), FIFO; beside it the control messages, which run before the next event; and the
 * closed state, after which nothing posted runs. Every post ends with the wake-up hook of the
 * loop's driver ({@link EventLoopDriver#wake}), which makes a sleeping loop look again.
 *
 * <p><b>Closing.</b> {@link #closed} goes from false to true once, when the isolate ends
 * ({@link #close}), on the isolate's thread. A poster that sees it set removes its own event again
 * and drops it; the isolate's thread drops whatever it finds left after setting it
 * ({@link #dropLeft}). The queue's removal decides which of the two drops a racing event: exactly
 * one. Dropping is logged; a {@link DroppableEvent} says itself what was lost.
 *
 * <p><b>Control messages</b> ({@code Isolate.kill}, {@code ping}) run before the next event, ahead
 * of the queued ones, also while the isolate is paused. {@link #controlPending} is set after each
 * offer and cleared by the isolate's thread before it polls them, so that the driver reads one
 * volatile flag per event instead of polling a second queue. A control message posted after the
 * isolate ended is never run.
 */
final class EventQueue {

  private static final Log LOG = Log.named("dev.dartasync.isolate.Isolate");

  /** The events, oldest first. Offered by any thread; polled by the isolate's thread only. */
  private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();

  /** Control messages, oldest first. Offered by any thread; polled by the isolate's thread only. */
  private final ConcurrentLinkedQueue<Runnable> controlMessages = new ConcurrentLinkedQueue<>();

  /**
   * Set by a poster after it offered a control message (false to true, any thread); cleared by the
   * isolate's thread just before it runs the queued ones (true to false), so a message offered
   * meanwhile sets it again and is not missed.
   */
  private volatile boolean controlPending;

  /**
   * False until the isolate ends, then true for good (set on its thread by {@link #close}): from
   * then on nothing posted runs (see the class comment).
   */
  private volatile boolean closed;

  /** Told after every post: the loop may be asleep. */
  private final EventLoopDriver wakeUp;

  EventQueue(EventLoopDriver wakeUp) {
    this.wakeUp = wakeUp;
  }

  // ---- producers: any thread -----------------------------------------------------------------

  /**
   * Appends an event; callable from any thread. If the isolate ended, the event is dropped and
   * logged (see {@link DroppableEvent}).
   */
  void post(Runnable event) {
    events.offer(event);
    if (closed) {
      if (events.remove(event)) {
        dropped(event);
      }
      return;
    }
    wakeUp.wake();
  }

  /** Appends an event from the isolate's own thread (no wake-up needed: it is awake). */
  void postLocal(Runnable event) {
    events.offer(event);
  }

  /**
   * Runs {@code message} on the isolate before its next event (after the event or microtask
   * running now), even while it is paused; any thread. Never run if the isolate ended.
   */
  void postControl(Runnable message) {
    controlMessages.offer(message);
    controlPending = true;
    wakeUp.wake();
  }

  /** Makes the loop look at its queues (see {@link EventLoopDriver#wake}); any thread. */
  void wake() {
    wakeUp.wake();
  }

  // ---- the consumer: the isolate's thread ------------------------------------------------------

  /** The oldest event, removed, or null. */
  Runnable poll() {
    return events.poll();
  }

  boolean isEmpty() {
    return events.isEmpty();
  }

  /** Whether a control message waits (one volatile read); any thread. */
  boolean controlPending() {
    return controlPending;
  }

  /** Runs the queued control messages, if any; a throw (a kill's stop) leaves the rest queued. */
  void runControlIfPending() {
    if (!controlPending) {
      return;
    }
    controlPending = false;
    Runnable message;
    while ((message = controlMessages.poll()) != null) {
      message.run();
    }
  }

  // ---- closing -------------------------------------------------------------------------------

  /** Whether the isolate ended: the queue is closed; any thread. */
  boolean isClosed() {
    return closed;
  }

  /**
   * Closes the queue, on the isolate's thread as it ends: from now on posts drop their event. Call
   * {@link #dropLeft} after it.
   */
  void close() {
    closed = true;
  }

  /** Drops (and logs) every event still queued; after {@link #close}. */
  void dropLeft() {
    Runnable left;
    while ((left = events.poll()) != null) {
      dropped(left);
    }
  }

  /**
   * Closes the queue of an isolate that never started (its first turn was refused) and forgets
   * its events, unlogged: the spawn fails with an error instead.
   */
  void abandon() {
    closed = true;
    events.clear();
  }

  private static void dropped(Runnable event) {
    if (event instanceof DroppableEvent d) {
      try {
        d.dropped();
      } catch (RuntimeException e) {
        LOG.warn("dropping an event of an ended isolate failed", e);
      }
    } else {
      LOG.debug("The isolate ended; an event posted to it was dropped: {}", event);
    }
  }
}
