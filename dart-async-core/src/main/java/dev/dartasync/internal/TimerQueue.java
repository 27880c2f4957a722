package dev.dartasync.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The timers of one isolate, ported from the VM's {@code timer_impl.dart}.
 *
 * <ul>
 *   <li>A zero timer joins a FIFO list and posts one event of its own to the isolate's event
 *       queue at creation, so zero timers interleave with other events in posting order.
 *   <li>A non-zero timer goes into a heap ordered by (wakeup time, id). When the earliest deadline
 *       has passed, the loop appends one "timeout" event to the event queue (at most one
 *       outstanding), as the VM's event-handler thread does.
 *   <li>Handling a zero event runs the heap timers that order before the first zero timer, then
 *       that zero timer; handling a timeout event runs every heap timer that is due. Each timer
 *       callback is followed by a full microtask drain; a timer cancelled by an earlier callback of
 *       the same batch is skipped; timers created in callbacks wait for a later event.
 * </ul>
 *
 * Confined to the isolate's thread.
 */
final class TimerQueue {

  private final EventLoop loop;
  private final TimerHeap heap = new TimerHeap();
  private TimerEntry firstZero;
  private TimerEntry lastZero;
  private long nextId;
  /** A timeout event is in the event queue and has not been handled yet. */
  private boolean timeoutPosted;

  TimerQueue(EventLoop loop) {
    this.loop = loop;
  }

  /** Whether any timer is pending: pending timers keep the isolate alive. */
  boolean hasPending() {
    return firstZero != null || !heap.isEmpty();
  }

  /** The earliest heap deadline in loop-clock milliseconds, or {@code Long.MAX_VALUE}. */
  long nextDeadline() {
    TimerEntry first = heap.first();
    return first == null ? Long.MAX_VALUE : first.wakeupTime;
  }

  TimerEntry create(Consumer<Object> callback, long milliseconds, boolean repeating) {
    loop.exitIfStopping(); // A timer of an exiting or killed isolate would never run.
    if (milliseconds < 0) {
      milliseconds = 0; // Negative durations are treated as zero, as in the VM.
    }
    FakeClock fake = loop.fake;
    TimerEntry timer =
        new TimerEntry(
            this, callback, milliseconds, repeating, loop.clock().millis(), fake == null ? 1 : 0);
    if (fake != null || loop.timersRecordCreation) {
      timer.created = dev.dartasync.StackTrace.current();
    }
    enqueue(timer);
    return timer;
  }

  private void enqueue(TimerEntry timer) {
    // The VM gives a re-armed periodic timer a new id, so it fires after a timer made before its
    // re-arm with the same deadline. fake_async keeps it in creation order: on a fake clock, so do we.
    if (loop.fake == null || timer.tick == 0) {
      timer.id = nextId++;
    }
    if (timer.milliseconds == 0) {
      if (firstZero == null) {
        firstZero = lastZero = timer;
      } else {
        lastZero.nextZero = timer;
        lastZero = timer;
      }
      loop.postLocal(this::handleZeroEvent); // Every zero timer gets its own event.
    } else {
      heap.add(timer);
    }
  }

  /** The active timers, zero timers first then the heap's (in no promised order); loop only. */
  List<TimerEntry> active() {
    List<TimerEntry> list = new ArrayList<>();
    for (TimerEntry t = firstZero; t != null; t = t.nextZero) {
      if (t.callback != null) {
        list.add(t);
      }
    }
    for (int i = 0; i < heap.size(); i++) {
      TimerEntry t = heap.at(i);
      if (t.callback != null) {
        list.add(t);
      }
    }
    return list;
  }

  void cancel(TimerEntry timer) {
    if (!loop.isOwnerThread()) {
      // An isolate that is ending (its code swallowed the stop) changes nothing of another.
      EventLoop.exitCurrentIfStopping();
      loop.post(new ForeignCancel(timer)); // The heap belongs to the isolate's thread.
      return;
    }
    timer.callback = null;
    // Zero timers stay listed: each must consume its own pending event.
    heap.remove(timer);
  }

  /**
   * The isolate ended: forgets every pending timer and its callback, so that nothing a callback
   * captured stays reachable through a {@code Timer} someone still holds (which then reports
   * inactive), or through the loop. Dart drops an ended isolate's timers the same way, unreported.
   */
  void dropAll() {
    while (!heap.isEmpty()) {
      heap.removeFirst().callback = null;
    }
    for (TimerEntry t = firstZero; t != null; t = t.nextZero) {
      t.callback = null;
    }
    firstZero = lastZero = null;
  }

  /** The event that runs due timers (one object: the loop tells timer events apart by it). */
  final Runnable timeoutEvent = this::handleTimeoutEvent;

  /** Called by the loop before it takes an event: posts the timeout event once a deadline passed. */
  void postTimeoutIfDue(long now) {
    if (!timeoutPosted && !heap.isEmpty() && heap.first().wakeupTime <= now) {
      timeoutPosted = true;
      loop.postLocal(timeoutEvent);
    }
  }

  /** A cancel from another thread; if the isolate ended, the timer can never fire: done. */
  private final class ForeignCancel implements DroppableEvent {
    private final TimerEntry timer;

    ForeignCancel(TimerEntry timer) {
      this.timer = timer;
    }

    @Override
    public void run() {
      cancel(timer);
    }

    @Override
    public void dropped() {
      timer.callback = null;
    }

    @Override
    public String toString() {
      return "Timer.cancel()";
    }
  }

  private void handleZeroEvent() {
    List<TimerEntry> pending = new ArrayList<>();
    TimerEntry zero = firstZero;
    if (zero != null) {
      while (!heap.isEmpty() && heap.first().compareTo(zero) < 0) {
        pending.add(heap.removeFirst());
      }
      firstZero = zero.nextZero;
      if (firstZero == null) {
        lastZero = null;
      }
      zero.nextZero = null;
      pending.add(zero);
    }
    runTimers(pending);
  }

  private void handleTimeoutEvent() {
    timeoutPosted = false;
    List<TimerEntry> pending = new ArrayList<>();
    if (firstZero != null) {
      // The first zero timer was created before now: everything ordered before it is overdue.
      while (!heap.isEmpty() && heap.first().compareTo(firstZero) < 0) {
        pending.add(heap.removeFirst());
      }
    } else {
      long now = loop.clock().millis();
      while (!heap.isEmpty() && heap.first().wakeupTime <= now) {
        pending.add(heap.removeFirst());
      }
    }
    runTimers(pending);
  }

  private void runTimers(List<TimerEntry> pending) {
    int i = 0;
    try {
      for (; i < pending.size(); i++) {
        TimerEntry timer = pending.get(i);
        Consumer<Object> callback = timer.callback;
        if (callback == null) {
          continue; // Cancelled earlier, possibly by a callback of this batch.
        }
        if (!timer.repeating) {
          timer.callback = null; // Inactive just before its callback runs.
        } else if (timer.milliseconds > 0 && loop.fake == null) {
          // On a fake clock a periodic timer makes up every missed period, as fake_async's do.
          long overdue = loop.clock().millis() - timer.wakeupTime;
          if (overdue > timer.milliseconds) {
            long missed = overdue / timer.milliseconds;
            timer.wakeupTime += missed * timer.milliseconds;
            timer.tick += (int) missed;
          }
        }
        timer.tick += 1;
        callback.accept(timer.owner);
        if (timer.repeating && timer.callback != null) {
          if (timer.milliseconds > 0) {
            timer.wakeupTime = TimerEntry.saturatedAdd(timer.wakeupTime, timer.milliseconds);
          } else {
            timer.wakeupTime = loop.clock().millis();
          }
          enqueue(timer);
        }
        loop.drainMicrotasks();
      }
    } finally {
      // A callback threw (fatal in the root zone): re-queue the timers not reached.
      for (i++; i < pending.size(); i++) {
        TimerEntry timer = pending.get(i);
        if (timer.milliseconds == 0) {
          continue; // Its own zero event is still queued behind us.
        }
        heap.add(timer);
      }
    }
  }
}
