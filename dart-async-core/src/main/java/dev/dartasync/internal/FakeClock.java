package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import java.time.Duration;
import java.util.List;

/**
 * The clock behind {@code FakeAsync}: time moves only when told. Unlike {@link VirtualClock} it
 * never jumps to a timer by itself; a loop that has nothing to run now asks it ({@link #idle})
 * what to do:
 *
 * <ul>
 *   <li>while an {@code elapse} runs, the clock moves to the next timer deadline within the target,
 *       and, once none is left, to the target itself, and the elapsing body is resumed;
 *   <li>while a {@code flushTimers} runs, it moves to the next deadline until no timer (or no
 *       non-periodic one) is left, or fails the flush past its timeout;
 *   <li>otherwise nothing can happen without the outside world: a body blocked in a JDK call
 *       ({@code Thread.sleep}, a socket) is the isolate's error, naming the call; a loop held by
 *       another keep-alive (an open port) waits for it; any other ends (its timers are dropped; a
 *       run body still suspended then is the run's loud failure).
 * </ul>
 *
 * A timer on this clock is due exactly its duration after it was made (the VM's extra millisecond
 * is not added), records the stack it was made on, and a periodic one makes up every missed
 * period. Time is kept in nanoseconds; timers see whole milliseconds. Confined to the loop's
 * thread and its bodies.
 */
public final class FakeClock implements LoopClock {

  /** What {@link #idle} tells the loop. */
  enum Idle {
    /** Look at the queues again: the clock moved or an event was posted. */
    LOOK_AGAIN,
    /** Nothing can ever arrive: end the isolate. */
    END,
    /** Do what a loop on a real clock does (wait for a keep-alive's event). */
    WAIT
  }

  private enum Mode {
    NONE,
    ELAPSE,
    FLUSH_TIMERS
  }

  private volatile long nanos;
  private Mode mode = Mode.NONE;
  /** The end of the running elapse, or the timeout of the running flushTimers, in nanoseconds. */
  private long limit;
  private boolean flushPeriodic;
  private Duration flushTimeout;
  private Completer<Void> timersWaiter;
  private Completer<Void> microtaskWaiter;
  /** The bodies of the loop blocked in a JDK call now (the carrier tells). */
  private final java.util.Set<Body> blocked = new java.util.LinkedHashSet<>();

  @Override
  public long millis() {
    return nanos / 1_000_000L;
  }

  /** The fake time since the run began. */
  public Duration elapsed() {
    return Duration.ofNanos(nanos);
  }

  // ---- called by the loop ------------------------------------------------------------------

  /** The loop ran its microtasks dry: resumes a flushMicrotasks waiter (true) if there is one. */
  boolean microtasksDrained() {
    Completer<Void> waiter = microtaskWaiter;
    if (waiter == null) {
      return false;
    }
    microtaskWaiter = null;
    waiter.complete();
    return true;
  }

  /** The loop has no microtask and no event to run now. */
  Idle idle(EventLoop loop) {
    TimerQueue timers = loop.timers;
    long next = timers.nextDeadline();
    long nextNanos = next == Long.MAX_VALUE ? Long.MAX_VALUE : Math.multiplyExact(next, 1_000_000L);
    switch (mode) {
      case ELAPSE -> {
        if (nextNanos <= limit) {
          nanos = Math.max(nanos, nextNanos);
          return Idle.LOOK_AGAIN;
        }
        nanos = Math.max(nanos, limit);
        finish(loop, null);
        return Idle.LOOK_AGAIN;
      }
      case FLUSH_TIMERS -> {
        if (next != Long.MAX_VALUE && nextNanos > limit) {
          finish(
              loop,
              new StateError(
                  "Exceeded timeout "
                      + DartText.duration(flushTimeout)
                      + " while flushing timers"));
          return Idle.LOOK_AGAIN;
        }
        if (next != Long.MAX_VALUE && (flushPeriodic || flushGoesOn(timers))) {
          nanos = Math.max(nanos, nextNanos);
          return Idle.LOOK_AGAIN;
        }
        finish(loop, null);
        return Idle.LOOK_AGAIN;
      }
      default -> {
        if (!loop.keptAlive()) {
          return Idle.END;
        }
        if (!blocked.isEmpty()) {
          throw new StateError(blockedText(blocked.iterator().next()));
        }
        return Idle.WAIT; // An open port, a pending call of another thread: real time ends it.
      }
    }
  }

  /** A body of this loop parked in a blocking JDK call (the carrier saw it); loop thread. */
  void blocked(Body body) {
    blocked.add(body);
  }

  /** That body runs again. */
  void unblocked(Body body) {
    blocked.remove(body);
  }

  /**
   * The error for a body blocked in a call the fake clock does not own, naming the call: the JDK
   * method the body's own code called last ({@code java.lang.Thread.sleep}), and where.
   */
  static String blockedText(Body body) {
    Thread thread = body.thread;
    StackTraceElement[] frames = thread == null ? new StackTraceElement[0] : thread.getStackTrace();
    String call = "a blocking call";
    String where = "";
    for (int i = 0; i < frames.length; i++) {
      if (!isJdk(frames[i])) {
        if (i > 0) {
          call = frames[i - 1].getClassName() + "." + frames[i - 1].getMethodName();
        }
        where = " (at " + frames[i] + ")";
        break;
      }
    }
    return "FakeAsync.run: an async body is blocked in "
        + call
        + where
        + ", which the fake clock does not own: no elapse can end it, only real time or the"
        + " outside world. Under FakeAsync wait with a timer (DFuture.delayed) or a future, not a"
        + " blocking call.";
  }

  private static boolean isJdk(StackTraceElement frame) {
    String module = frame.getModuleName();
    return module != null && (module.startsWith("java.") || module.startsWith("jdk."));
  }

  /** Without the periodic timers: any non-periodic one left, or a periodic one due now. */
  private boolean flushGoesOn(TimerQueue timers) {
    long now = millis();
    for (TimerEntry t : timers.active()) {
      if (!t.repeating || t.wakeupTime <= now) {
        return true;
      }
    }
    return false;
  }

  /** Ends the running elapse or flush: its waiter resumes by an event of its own. */
  private void finish(EventLoop loop, RuntimeException error) {
    Completer<Void> waiter = timersWaiter;
    timersWaiter = null;
    mode = Mode.NONE;
    loop.postLocal(
        () -> {
          if (error == null) {
            waiter.complete();
          } else {
            waiter.completeError(error);
          }
        });
  }

  // ---- called by FakeAsync -----------------------------------------------------------------

  /** The loop this clock drives, checked against the caller's; {@code what} names the call. */
  private EventLoop own(String what) {
    EventLoop current = EventLoop.current();
    if (current == null || current.fake != this) {
      throw new StateError(
          what
              + " was called outside its FakeAsync.run: call it in the run's body or in code that"
              + " body runs on its isolate.");
    }
    return current;
  }

  private static void notNegative(Duration duration) {
    Checks.notNull(duration, "duration");
    if (duration.isNegative()) {
      throw ArgumentError.value(duration, "duration", "may not be negative");
    }
  }

  /** The body that may wait here, or the error for a call from a callback. */
  private static void requireBody(String what) {
    if (Awaits.awaitableBody() == null) {
      throw new StateError(
          what
              + " was called from a callback (a timer, a microtask or a listener), not from an"
              + " async body: it cannot run timers from inside one of them. Call it in the body"
              + " of FakeAsync.run or of an async(...) it started.");
    }
  }

  /** {@code FakeAsync.elapse}: waits in the calling body until the timers within it have run. */
  public void elapse(Duration duration) {
    notNegative(duration);
    EventLoop loop = own("FakeAsync.elapse");
    requireBody("FakeAsync.elapse");
    if (mode != Mode.NONE) {
      throw new StateError("Cannot elapse until previous elapse is complete.");
    }
    long target = nanos + duration.toNanos();
    waitForTimers(loop, Mode.ELAPSE, target);
  }

  /** {@code FakeAsync.flushTimers}. */
  public void flushTimers(Duration timeout, boolean flushPeriodicTimers) {
    Checks.notNull(timeout, "timeout");
    EventLoop loop = own("FakeAsync.flushTimers");
    requireBody("FakeAsync.flushTimers");
    if (mode != Mode.NONE) {
      throw new StateError("Cannot elapse until previous elapse is complete.");
    }
    flushPeriodic = flushPeriodicTimers;
    flushTimeout = timeout;
    waitForTimers(loop, Mode.FLUSH_TIMERS, nanos + timeout.toNanos());
  }

  private void waitForTimers(EventLoop loop, Mode mode, long limit) {
    Completer<Void> waiter = new Completer<>();
    this.mode = mode;
    this.limit = limit;
    this.timersWaiter = waiter;
    Dart.await(waiter.future());
  }

  /** {@code FakeAsync.elapseBlocking}: moves time, runs nothing. */
  public void elapseBlocking(Duration duration) {
    Checks.notNull(duration, "duration");
    if (duration.isNegative()) {
      throw new ArgumentError("Cannot call elapse with negative duration"); // fake_async's text
    }
    own("FakeAsync.elapseBlocking");
    nanos += duration.toNanos();
    if (mode == Mode.ELAPSE && nanos > limit) {
      limit = nanos;
    }
  }

  /** {@code FakeAsync.flushMicrotasks}: runs the microtasks queued now and those they queue. */
  public void flushMicrotasks() {
    EventLoop loop = own("FakeAsync.flushMicrotasks");
    if (loop.microtasksEmpty()) {
      return;
    }
    if (Awaits.awaitableBody() == null) {
      loop.drainMicrotasks(); // A callback on the loop's own stack: run them right here.
      return;
    }
    Completer<Void> waiter = new Completer<>();
    microtaskWaiter = waiter;
    DFuture<Void> future = waiter.future();
    Dart.await(future);
  }

  /** The active timers of the run's isolate. */
  public List<TimerEntry> pendingTimers() {
    return own("FakeAsync.pendingTimers").timers.active();
  }

  /** How many microtasks are queued on the run's isolate. */
  public int microtaskCount() {
    return own("FakeAsync.microtaskCount").microtaskCount();
  }

  /** Runs {@code main} on a new isolate on this clock; see {@link IsolateRuntime#run}. */
  public IsolateRuntime run(java.util.concurrent.Callable<?> main) {
    return IsolateRuntime.run(main, this);
  }
}
