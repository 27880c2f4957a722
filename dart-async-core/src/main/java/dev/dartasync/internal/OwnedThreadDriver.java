package dev.dartasync.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The driver of a loop that owns its thread (the main isolate's: the thread that called {@code
 * Dart.run}): {@link #run} runs the loop on that thread until the isolate ends, and parks the
 * thread while nothing is runnable, until a post, the next timer deadline, or the resume of a
 * pause.
 *
 * <p><b>Sleeping.</b> {@link #sleeping} is set before the loop looks at the queue a last time and
 * parks, and cleared after it wakes (false to true to false, the loop's thread only). A poster
 * offers its event first and then reads the flag ({@link #wake}): either the loop's last look sees
 * the event, or the poster sees the flag and unparks the thread (both fields are volatile, so one
 * of the two orders holds). An unpark that comes early leaves a permit: the next park returns at
 * once and the loop looks again. So a post to an awake loop costs one volatile read.
 *
 * <p>The last look covers the events, the control messages and the pause: a control message (a
 * kill, a ping) or a resume that arrives after {@link EventLoopDriver#nextEvent} looked at them and
 * before {@link #sleeping} is set is seen by it. (It once looked at the events only, and such a
 * message waited for the next post or timer: forever in an isolate waiting on a port.)
 */
final class OwnedThreadDriver extends EventLoopDriver {

  /** The loop's thread: the one that made it, for the loop's whole life. */
  private final Thread thread;

  /** Set while the loop's thread is about to park or parked; posters must unpark it then. */
  private volatile boolean sleeping;

  /**
   * Tests only ({@code Testing.beforeLoopSleeps}): run on the loop's thread after the loop looked
   * at its queues and found nothing, just before it marks itself sleeping, where a message from
   * another thread that the last look must not miss can be made to arrive. Null otherwise: one
   * volatile read per park.
   */
  static volatile Runnable beforeSleeping;

  OwnedThreadDriver(EventLoop loop, Thread thread) {
    super(loop);
    this.thread = thread;
  }

  @Override
  Thread thread() {
    return thread;
  }

  /**
   * Runs the loop on the calling thread (which must be the one that created it) until the isolate
   * ends: nothing left to do, an uncaught error, or an interrupt of this thread.
   */
  void run() {
    if (Thread.currentThread() != thread) {
      throw new IllegalStateException("An event loop runs on the thread that created it.");
    }
    enter();
    try {
      // The main isolate's blocked-loop detector (an owned thread runs a main isolate).
      long threshold = BlockedLoopWatch.mainThresholdNanos();
      if (threshold > 0) {
        BlockedLoopWatch.install(loop, threshold);
      }
      runEvents();
    } finally {
      end();
    }
  }

  /** Unparks the loop's thread if it sleeps; any thread. One volatile read if it does not. */
  @Override
  void wake() {
    if (sleeping) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Parks until woken (no timer, or paused), until the next timer deadline, or, on a virtual clock,
   * not at all (the clock jumps to the deadline); then the loop looks again.
   */
  @Override
  boolean awaitWork(boolean paused) {
    EventQueue queue = loop.queue;
    LoopClock clock = loop.clock();
    Runnable hook = beforeSleeping;
    if (hook != null) {
      hook.run();
    }
    sleeping = true;
    try {
      // The last look, after the flag is up: whatever arrived since nextEvent looked, an event, a
      // control message, or the end of the pause, is seen now, or its poster sees the flag.
      if (queue.controlPending() || (paused && !loop.control.paused())) {
        return true;
      }
      if (queue.isEmpty() || paused) {
        long deadline = paused ? Long.MAX_VALUE : loop.timers.nextDeadline();
        if (deadline == Long.MAX_VALUE) {
          LockSupport.park(loop);
        } else if (clock.advanceTo(deadline)) {
          return true; // Virtual time: the deadline is now.
        } else {
          long waitMillis = deadline - clock.millis();
          if (waitMillis > 0) {
            LockSupport.parkNanos(loop, TimeUnit.MILLISECONDS.toNanos(waitMillis));
          }
        }
      }
    } finally {
      sleeping = false;
    }
    return true;
  }
}
