package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * What runs an {@link EventLoop}: a thread runs microtasks and events until the isolate ends, or
 * (pooled) until nothing is runnable now, and ends the isolate on its own thread. Two kinds, one
 * per loop, chosen when it is made: {@link OwnedThreadDriver} (the loop owns the thread that made
 * it and parks it when idle: the main isolate) and {@link PooledTurnDriver} (the loop holds no
 * thread; each turn is carried by a pool thread: spawned isolates). Not to be confused with
 * {@link LoopDriver}, an {@code await for} run by its generator.
 *
 * <p>This class holds what both share: the loop's steps ({@link #runEvents}: drain the microtasks,
 * take the next event, run it; an error that escapes is the isolate's fatal error unless its hooks
 * say otherwise), the choice of the next event ({@link #nextEvent}), and the thread's entry into
 * and the isolate's end ({@link #enter}, {@link #end}). A subclass decides what a loop with nothing
 * to run now does ({@link #awaitWork}), how a post wakes it ({@link #wake}), and what its end
 * gives back ({@link #afterEnd}).
 */
abstract sealed class EventLoopDriver permits OwnedThreadDriver, PooledTurnDriver {

  final EventLoop loop;
  /**
   * The blocked-loop detector's turn count for this isolate ({@link BlockedLoopWatch}), or null
   * while it has no threshold: then the loop pays one null check per event.
   */
  BlockedLoopWatch.Turns turns;

  /** Returned by {@link #nextEvent} when the loop has nothing to run now and does not wait. */
  private static final Runnable NOTHING_NOW = () -> {};

  EventLoopDriver(EventLoop loop) {
    this.loop = loop;
  }

  // ---- what each driver does its own way ------------------------------------------------------

  /** The thread carrying the isolate now, or null (a pooled loop between turns). */
  abstract Thread thread();

  /**
   * Makes the loop look at its queues; any thread, after every post (the queue's wake-up hook).
   * Cheap when the loop is awake: it is called on every cross-thread hand-off.
   */
  abstract void wake();

  /**
   * On the isolate's thread, when no event is runnable now but the isolate goes on (a timer, a
   * keep-alive handle, or the pause holds it): waits until there may be one and returns true (the
   * loop looks again), or returns false at once (the thread is given back; a post or the timer
   * wake-up brings the loop back). {@code paused}: whether the pause held the events back.
   */
  abstract boolean awaitWork(boolean paused) throws InterruptedException;

  /** On the isolate's thread, as it closes: withdraw whatever would wake it later. */
  void cancelWakeUps() {}

  /** On the isolate's thread, last of its end before the hooks hear of it. */
  void afterEnd() {}

  // ---- shared ------------------------------------------------------------------------------

  /**
   * Makes the calling thread the isolate's thread (see {@link EventLoop#current()}) and has the
   * carrier's watchdog look at it ({@link Carrier#watch}).
   */
  final void enter() {
    loop.enter();
    loop.carrier.watch();
  }

  /**
   * Runs microtasks and events until the isolate ends (true) or, when {@link #awaitWork} gives the
   * thread back, until nothing is runnable now (false). An uncaught error ends the isolate unless
   * the isolate's hooks say its errors are not fatal.
   */
  final boolean runEvents() {
    IsolateControl control = loop.control;
    while (true) {
      try {
        while (true) {
          if (LoopEvents.AVAILABLE && LoopEvents.recorderRunning()) {
            LoopEvents.drainMicrotasks(loop); // A Flight Recorder event if a recording asks.
          } else {
            loop.drainMicrotasks();
          }
          BlockedLoopWatch.Turns watched = turns;
          if (watched != null) {
            watched.stepBack(); // Odd: back in the loop, looking for the next event.
          }
          Runnable event = nextEvent();
          if (event == null) {
            return true;
          }
          if (event == NOTHING_NOW) {
            return false; // Still odd: a pooled isolate between turns is not blocked.
          }
          if (watched != null) {
            watched.count++; // Even: running an event (a stall from here on is a blocked loop).
          }
          loop.zone = loop.root;
          if (LoopEvents.AVAILABLE && LoopEvents.recorderRunning()) {
            LoopEvents.run(loop, event, event == loop.timers.timeoutEvent);
          } else {
            event.run();
          }
          Carrier carrier = loop.carrier;
          if (carrier.hasReady()) {
            carrier.drain();
          }
        }
      } catch (IsolateStop stop) {
        control.markStopped();
        return true;
      } catch (Uncaught u) {
        if (control.stopping()) { // A killed isolate reports nothing more.
          control.markStopped();
          return true;
        }
        if (control.fatal(u.error, u.stackTrace)) {
          return true;
        }
      } catch (Throwable t) {
        if (control.stopping()) { // The stop wrapped in user code, or an error of a killed isolate.
          control.markStopped();
          return true;
        }
        if (control.fatal(t, StackTrace.of(t))) {
          return true;
        }
      }
    }
  }

  /**
   * The next event to run; null when nothing can ever arrive (no event, timer or keep-alive handle
   * left, not paused: the isolate ends); {@link #NOTHING_NOW} when {@link #awaitWork} gave up. In
   * order: an interrupt of the thread stops the isolate, control messages run, a stop throws, then
   * (unless paused) a due timer posts its event and the oldest event is taken.
   */
  private Runnable nextEvent() throws InterruptedException {
    EventQueue queue = loop.queue;
    IsolateControl control = loop.control;
    TimerQueue timers = loop.timers;
    while (true) {
      if (Thread.interrupted()) {
        throw new InterruptedException(EventLoop.INTERRUPTED);
      }
      queue.runControlIfPending();
      loop.exitIfStopping();
      boolean paused = control.paused();
      if (!paused) {
        timers.postTimeoutIfDue(loop.clock().millis());
        Runnable event = queue.poll();
        if (event != null) {
          return event;
        }
        FakeClock fake = loop.fake;
        if (fake != null) {
          switch (fake.idle(loop)) {
            case LOOK_AGAIN:
              continue;
            case END:
              return null;
            default:
              break;
          }
        }
      }
      if (!paused && !timers.hasPending() && !loop.keptAlive()) {
        return null; // Nothing can ever arrive: the isolate ends.
      }
      if (!awaitWork(paused)) {
        return NOTHING_NOW;
      }
    }
  }

  /**
   * Ends the isolate on its thread: closes the queue, drops what is left, runs the close hooks,
   * then makes the thread an ordinary thread again and tells the hooks (whoever waits for the end).
   */
  final void end() {
    loop.carrier.unwatch(true);
    BlockedLoopWatch.unwatch(this);
    try {
      close();
    } finally {
      loop.isolateLocals = null; // Its IsolateLocal values die with it, handles kept or not.
      loop.leave(); // Do not keep an ended isolate reachable from the thread.
      afterEnd();
      loop.control.ended();
    }
  }

  /**
   * Closes the queue (posts drop from now on), disowns the thread, drops the timers and the
   * wake-ups, drops what is left in the queue, and runs the close hooks: in that order.
   */
  private void close() {
    EventQueue queue = loop.queue;
    queue.close();
    loop.carrier.disown();
    loop.timers.dropAll();
    cancelWakeUps();
    queue.dropLeft();
    loop.runCloseHooks();
  }
}
