package dev.dartasync.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The driver of a loop that holds no thread (a spawned isolate's, docs/architecture.md §13): it
 * runs in <em>turns</em>, each carried by a thread of {@link #pool}, taken when an event is posted
 * or a timer is due and given back when nothing is runnable now. So 1,000 isolates waiting on
 * their ports cost 1,000 loops, not 1,000 threads.
 *
 * <p><b>Turn state</b> ({@link #turnState}, changed by compare-and-set):
 *
 * <ul>
 *   <li>{@link #IDLE}: no thread; waiting for an event, a control message or a timer.
 *   <li>IDLE to {@link #SCHEDULED}: by whoever posts or wakes the loop ({@link #wake}, {@link
 *       #start}); only the winner of the compare-and-set hands a turn to the pool, so a loop has at
 *       most one turn on its way. A refused turn sets IDLE again (the next post tries again).
 *   <li>SCHEDULED to {@link #RUNNING}: by the turn, on its pool thread ({@link #turn}).
 *   <li>RUNNING to IDLE: by the turn when nothing is runnable now, after it detached the thread. A
 *       poster that saw RUNNING scheduled nothing, so the turn then looks once more and takes the
 *       loop back (IDLE to RUNNING) if something arrived in between; if it loses that
 *       compare-and-set, a poster scheduled a turn, which runs it.
 *   <li>RUNNING for good: at the isolate's end ({@link #afterEnd}); nothing schedules an ended
 *       isolate.
 * </ul>
 *
 * <p><b>Timer wake-up.</b> A loop going idle with timers pending asks the pool's single timer
 * thread ({@link IsolatePool#wakeAt}) to wake it 1 ms after its next deadline: late rather than
 * early, since an early wake finds nothing due and must ask again; a stale wake finds nothing and
 * costs one empty turn. The request holds the loop until it fires, so a request for a later
 * deadline is cancelled when an earlier one replaces it, and the last one when the isolate ends.
 */
final class PooledTurnDriver extends EventLoopDriver {

  private static final Log LOG = Log.named("dev.dartasync.isolate.Isolate");

  private static final int IDLE = 0;
  private static final int SCHEDULED = 1;
  private static final int RUNNING = 2;

  /** The pool whose threads carry the turns. */
  private final Executor pool;

  /** {@link #turn}, made once: a wake-up hands the pool this instead of a new method reference. */
  private final Runnable turn = this::turn;

  /** The loop's scheduling state: {@link #IDLE}, {@link #SCHEDULED} or {@link #RUNNING}. */
  private final AtomicInteger turnState = new AtomicInteger(IDLE);

  /**
   * The pool thread carrying the current turn, null between turns (written by that thread only, at
   * the start and the end of its turn).
   */
  private volatile Thread thread;

  /**
   * The timer deadline a wake-up is already asked for, or {@code Long.MAX_VALUE}: set by a turn
   * going idle, reset by the timer thread when the wake-up fires.
   */
  private volatile long wakeArmedFor = Long.MAX_VALUE;

  /**
   * The wake-up asked of the shared timer thread, or null: withdrawn when an earlier deadline
   * replaces it and when the isolate ends, since the request holds the loop (and so its timers'
   * callbacks) until it fires. Written and read by the loop's turns only, one at a time.
   */
  private ScheduledFuture<?> timerWakeTask;

  PooledTurnDriver(EventLoop loop, Executor pool) {
    super(loop);
    this.pool = pool;
  }

  @Override
  Thread thread() {
    return thread;
  }

  /**
   * Posts {@code first} (run as the first event) and hands the first turn to the pool.
   *
   * @throws RejectedExecutionException if the pool refuses the turn (or cannot start a thread);
   *     the loop is then closed and never runs
   */
  void start(Runnable first) {
    loop.queue.postLocal(first);
    if (!turnState.compareAndSet(IDLE, SCHEDULED)) {
      return; // A turn is already on its way (a control message woke it); it takes the event.
    }
    try {
      pool.execute(turn);
    } catch (RejectedExecutionException | OutOfMemoryError e) {
      loop.queue.abandon();
      throw e instanceof RejectedExecutionException r
          ? r
          : new RejectedExecutionException(e.toString(), e);
    }
  }

  /**
   * Hands an idle loop's next turn to the pool; any thread. Does nothing (one volatile read) if a
   * turn is already scheduled or running, or the isolate ended.
   */
  @Override
  void wake() {
    if (turnState.get() == IDLE
        && !loop.queue.isClosed()
        && turnState.compareAndSet(IDLE, SCHEDULED)) {
      try {
        pool.execute(turn);
      } catch (RejectedExecutionException e) {
        turnState.set(IDLE);
        LOG.warn("the isolate pool refused a turn of an isolate; the next post tries again", e);
      }
    }
  }

  /** A turn never waits: it gives the thread back. */
  @Override
  boolean awaitWork(boolean paused) {
    return false;
  }

  /**
   * One turn, on a pool thread: runs events until none is runnable now, then gives the thread back
   * (or, when the isolate can never receive anything again, ends it).
   */
  private void turn() {
    if (!turnState.compareAndSet(SCHEDULED, RUNNING)) {
      return;
    }
    attach();
    boolean ended = false;
    try {
      while (true) {
        ended = runEvents();
        if (ended) {
          return;
        }
        armTimerWake();
        detach();
        turnState.set(IDLE);
        // A post that saw RUNNING did not schedule a turn: look once more (for what this turn
        // could run: queued events wait while paused, or the turn would spin).
        if (!hasRunnableWork() || loop.queue.isClosed()) {
          return;
        }
        if (!turnState.compareAndSet(IDLE, RUNNING)) {
          return; // A poster scheduled a turn; it runs this.
        }
        attach();
      }
    } catch (Throwable t) {
      ended = true; // runEvents ends the isolate itself; anything else escaping here is a bug.
      LOG.error("an isolate's turn failed", t);
    } finally {
      if (ended) {
        end();
      }
    }
  }

  /** Makes the calling pool thread the isolate's thread for this turn. */
  private void attach() {
    Thread current = Thread.currentThread();
    thread = current;
    loop.carrier.attach(current);
    enter();
  }

  /** Ends a turn without ending the isolate: the thread is an ordinary pool thread again. */
  private void detach() {
    loop.carrier.unwatch(false);
    loop.carrier.detach();
    thread = null;
    loop.leave();
  }

  @Override
  void afterEnd() {
    loop.carrier.detach();
    thread = null;
    turnState.set(RUNNING); // Never IDLE again: nothing schedules an ended isolate.
  }

  /** Whether a turn would find something to run now: control, or events and due timers unpaused. */
  private boolean hasRunnableWork() {
    return loop.queue.controlPending()
        || (!loop.control.paused() && (!loop.queue.isEmpty() || timerDue()));
  }

  /** Whether a timer is due now. */
  private boolean timerDue() {
    TimerQueue timers = loop.timers;
    return !loop.control.paused()
        && timers.hasPending()
        && timers.nextDeadline() <= loop.clock().millis();
  }

  /** Asks the timer thread for a turn at the next timer deadline, as the loop goes idle. */
  private void armTimerWake() {
    TimerQueue timers = loop.timers;
    if (!timers.hasPending()) {
      return;
    }
    LoopClock clock = loop.clock();
    long deadline = timers.nextDeadline();
    if (deadline >= wakeArmedFor && wakeArmedFor > clock.millis()) {
      return; // A wake-up at or before it is already on its way.
    }
    wakeArmedFor = deadline;
    ScheduledFuture<?> superseded = timerWakeTask;
    if (superseded != null) {
      superseded.cancel(false); // A later deadline's request: it would hold this loop till then.
    }
    // One millisecond late rather than early: an early wake finds nothing due and must re-arm.
    timerWakeTask = IsolatePool.wakeAt(this, Math.max(0, deadline - clock.millis()) + 1);
  }

  /** Called by the pool's timer thread at a deadline this loop asked for. */
  void timerWake() {
    wakeArmedFor = Long.MAX_VALUE; // Fired: the next idle turn arms again if still needed.
    wake();
  }

  @Override
  void cancelWakeUps() {
    ScheduledFuture<?> wake = timerWakeTask;
    if (wake != null) {
      timerWakeTask = null;
      wake.cancel(false); // The shared timer thread would hold this loop until the deadline.
    }
  }
}
