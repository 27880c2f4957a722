package dev.dartasync.internal;

import dev.dartasync.StateError;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The flag-free carrier: every body is an ordinary virtual thread on the JDK's own scheduler, and
 * one baton, passed from thread to thread, makes sure that exactly one of them, or the isolate's
 * own thread, runs at a time. It needs no JVM flag and no JDK-internal API.
 *
 * <p><b>The baton.</b> The isolate's thread holds it while it runs the loop's code. To run a body
 * ({@link #runMounted}) it hands the baton to the body (a volatile store of the body's flag and an
 * unpark, or the thread's start) and parks until a body hands it back (an acquire load of {@link
 * #loopHolds}). A body gives the baton up when it suspends ({@link #suspend}) or ends: directly to
 * the next body if mounting that body is all the loop would do next ({@link #passOn}: a body it
 * resumed, the body that handed over to it, or the body that the next microtask would resume and
 * do nothing else, which the suspending body then runs itself: {@link
 * Carrier#resumeFromNextMicrotask}), else back to the isolate's thread; then it parks until a
 * holder hands it the baton again. Each hand-off is a volatile store followed by an unpark (a
 * release store would now and then lose the wake-up: {@link Body#handBaton}), each wait an acquire
 * load in a park loop, so everything one holder wrote is seen by the next, and the carrier's plain
 * fields ({@link Carrier#mounted}, the ready queue) need nothing more. An interrupt never takes the
 * baton: a waiter woken by one clears its flag for the park and sets it again when it holds the
 * baton (no busy loop, nothing lost).
 *
 * <p>What differs from {@link VirtualThreadCarrier}: a blocking JDK call inside a body (sleep, a
 * lock, a socket read) keeps the baton, so the whole isolate waits for it, as a synchronous call
 * does in Dart, and an interrupt of the isolate's thread stops it only when the call returns; the
 * isolate's thread is itself a virtual thread (a hand-off through a platform thread costs 6.7 to
 * 58 us against about 0.4 to 1.4 us between virtual threads, measured); a hand-off costs the JDK's
 * unpark and park instead of a continuation run on the isolate's thread; and every body of every
 * isolate is a virtual thread of the JDK's one scheduler (one thread per core, no preemption), so
 * bodies busy with CPU work on as many isolates as there are cores hold up all the others, and
 * every other virtual thread of the program, until their work ends. A body that awaits while
 * pinned (inside a class initializer, under a native frame) parks the scheduler thread under it
 * until it is resumed: it works, but holds that thread (as many such awaits as the scheduler has
 * threads stop every virtual thread of the JVM, which {@link StarvedSchedulerWatch} turns into an
 * error).
 */
final class BatonCarrier extends Carrier {

  /**
   * Whether the isolate's thread holds the baton: set (release) by a body handing it back, cleared
   * by the isolate's thread before it hands the baton to a body. Read with acquire by the waiting
   * isolate's thread.
   */
  @SuppressWarnings("unused") // Through LOOP_HOLDS.
  private boolean loopHolds = true;

  /**
   * The thread waiting in {@link #runMounted} for the baton: the isolate's thread of this turn.
   * Written before the baton is handed to a body, so the body sees it (the release publishes it).
   */
  private Thread waiter;

  /**
   * The body that handed the baton back to the isolate's thread last: the one {@link
   * #runMounted} reports (it may be another than the one it ran, after direct passes). Written
   * before the release that hands the baton back.
   */
  private Body lastHolder;

  /**
   * Set by the isolate's thread when an interrupt woke it while it waited for the baton: it clears
   * its flag for the wait (so that the park does not spin) and sets it again once it holds the
   * baton, so its flag alone would not tell a holder. A holder that sees this hands the baton back
   * instead of on, and the loop stops the isolate at its next look.
   */
  private volatile boolean loopInterrupted;

  private static final VarHandle LOOP_HOLDS;

  static {
    try {
      LOOP_HOLDS =
          MethodHandles.lookup().findVarHandle(BatonCarrier.class, "loopHolds", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  BatonCarrier(EventLoop loop, Thread thread) {
    super(loop, thread);
  }

  @Override
  void launch(Body body) {
    Thread t = Thread.ofVirtual().unstarted(() -> runBody(body));
    t.setUncaughtExceptionHandler(body); // How the await path finds its body from the thread.
    body.thread = t;
    wake(body);
  }

  /** A body's whole thread: it holds the baton from its start, and passes it on at its end. */
  private void runBody(Body body) {
    body.run();
    passOn(body);
  }

  /**
   * A pinned body holds a thread of the JDK's scheduler, not the isolate's: it resumes, unless
   * such bodies hold every scheduler thread, which the starved-scheduler watch reports.
   */
  @Override
  void watch() {
    if (!watched) { // Once per isolate, not per pooled turn: two shared-map updates saved a turn.
      watched = true;
      StarvedSchedulerWatch.watch(this);
    }
  }

  @Override
  void unwatch(boolean ended) {
    if (ended && watched) {
      watched = false;
      StarvedSchedulerWatch.unwatch(this);
    }
  }

  /** Whether {@link StarvedSchedulerWatch} has this carrier; the isolate's threads only. */
  private boolean watched;

  @Override
  Body runMounted(Body body, boolean first) {
    Thread self = Thread.currentThread();
    waiter = self;
    LOOP_HOLDS.set(this, false);
    if (first) {
      try {
        body.thread.start(); // Starts holding the baton.
      } catch (RuntimeException | OutOfMemoryError e) {
        LOOP_HOLDS.set(this, true); // It never ran: the baton never left.
        throw e;
      }
    } else {
      body.handBaton();
    }
    boolean interrupted = false;
    FakeClock fake = loop.fake;
    int blockedLooks = 0;
    while (!(boolean) LOOP_HOLDS.getAcquire(this)) {
      if (fake == null
          ? Body.parkKeepingInterrupt(this, self)
          : parkBrieflyKeepingInterrupt(self)) {
        interrupted = true; // Kept for the loop: it stops the isolate at its next look.
        loopInterrupted = true; // And no holder passes the baton on past it (passOn).
      }
      if (fake != null) {
        // FakeAsync: a holder blocked in a JDK call keeps the baton, so nothing else of the
        // isolate can run and no elapse can end the call: the run's error, as under the other
        // carrier (FakeClock.idle). Two looks in a row, so that a holder caught between two
        // parks of its own is not taken for one.
        Body holder = mounted; // Racy: the holder as of its last pass; a stale one is not blocked.
        blockedLooks = holder != null && blockedInJdkCall(holder) ? blockedLooks + 1 : 0;
        if (blockedLooks >= BLOCKED_LOOKS) {
          if (interrupted) {
            self.interrupt();
          }
          throw new StateError(FakeClock.blockedText(holder));
        }
      }
    }
    if (interrupted) {
      loopInterrupted = false;
      self.interrupt();
    }
    return lastHolder;
  }

  /** How many looks in a row find a FakeAsync body blocked in a JDK call before the run fails. */
  private static final int BLOCKED_LOOKS = 2;

  /** The pause between two such looks: 20 ms, so a blocked FakeAsync run fails within 0.1 s. */
  private static final long LOOK_NANOS = 20_000_000L;

  /** {@link Body#parkKeepingInterrupt}, but for at most {@link #LOOK_NANOS}. */
  private boolean parkBrieflyKeepingInterrupt(Thread self) {
    LockSupport.parkNanos(this, LOOK_NANOS);
    return self.isInterrupted() && Thread.interrupted();
  }

  /**
   * Whether {@code body}, holding the baton, is parked in something that is not the library's:
   * its thread waits or is blocked, and not on the body itself (the blocker of every park of
   * ours: {@link Body#awaitBaton}, {@link Body#parkOnCarrier}).
   */
  private static boolean blockedInJdkCall(Body body) {
    Thread t = body.thread;
    if (t == null) {
      return false;
    }
    Thread.State state = t.getState();
    if (state != Thread.State.WAITING
        && state != Thread.State.TIMED_WAITING
        && state != Thread.State.BLOCKED) {
      return false;
    }
    return LockSupport.getBlocker(t) != body;
  }

  @Override
  void suspend(Body body) {
    body.dropBaton();
    passOn(body);
    body.awaitBaton();
  }

  /**
   * On {@code body}, which holds the baton and gives it up (it suspended or ended): hands it to
   * the body the loop would mount next, directly ({@link Carrier#mountNextDirectly}: body to
   * body, one park and unpark instead of two), or else back to the isolate's thread.
   */
  private void passOn(Body body) {
    Thread w = waiter;
    boolean interrupted = loopInterrupted || w.isInterrupted();
    Body next = mountNextDirectly(interrupted);
    if (next == null && !interrupted) {
      next = resumeFromNextMicrotask(body);
    }
    if (next == null) {
      lastHolder = body;
      LOOP_HOLDS.setVolatile(this, true); // Not release: see Body.handBaton (a lost wake-up).
      LockSupport.unpark(w);
    } else {
      next.handBaton();
    }
  }
}
