package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * One async body (a Dart {@code async} function call): what its isolate's {@link Carrier} runs
 * (a virtual thread), and the future its return completes.
 *
 * <p>Timing, as Dart's VM ({@code async_patch.dart}): the body runs synchronously in its caller
 * until its first await; {@code return} completes the future synchronously; a throw before the
 * first await completes it with the error one microtask later, a throw after an await at once.
 *
 * <p>The body is the thread's {@link Thread.UncaughtExceptionHandler} as well: that is how the
 * carrier, handed a bare continuation by the JDK, knows which body it belongs to (and that it is a
 * body at all) without a map, so an abandoned body stays collectable. A body never lets an
 * exception escape, so the handler is never called for its own sake.
 *
 * <h2>The one owner of a body's suspension</h2>
 *
 * <p>This object alone moves the body's {@link #state}, the number of its current await (the
 * token a resumption names) and the {@link Outcome} it resumes with. Its suspension moves through
 * three movers only, each checking the state it starts from and failing loudly on any other:
 *
 * <pre>
 *               suspend(AWAITING)                  resume(token, outcome)
 *   RUNNING ---------------------------> AWAITING -------------------------+
 *     ^  |      suspend(YIELDED)                   resumeHandOver()        |
 *     |  +----------------------------> YIELDED  -------------------------+--> RESUMING
 *     |                                  AWAITING or YIELDED: abandon      |
 *     |                                  (token, pinned failure), any thread
 *     +------------------ back in suspend(), on the body's own stack ------------+
 * </pre>
 *
 * <ul>
 *   <li>{@link #suspend} (mover 1): the running body itself; it returns when the body runs again.
 *   <li>{@link #resume} and {@link #resumeHandOver} (mover 2): on the isolate's thread (a call
 *       from another thread is posted there); the carrier then runs the body ({@link
 *       Carrier#resume}), which never writes the state itself.
 *   <li>{@link #abandon} (mover 3): the pinned-carrier watchdog, from its own thread, for a body
 *       that could not unmount; a volatile store the waiting body reads with acquire. The
 *       abandoned await's number is kept here ({@link #abandoned}), so that its late resumption is
 *       ignored while a second resumption of any other await fails loudly.
 * </ul>
 *
 * <p>Around the suspension, the carrier reports the body's life, which this object moves too:
 * STARTED to RUNNING at its first mount ({@link #started}), RUNNING to BLOCKED when its thread
 * parked in a blocking JDK call and back when it runs again ({@link #blocked}, {@link
 * #unblocked}), RUNNING to DONE when it ends ({@link #run}).
 */
public final class Body implements Runnable, Thread.UncaughtExceptionHandler {

  private static final Log LOG = Log.named("dev.dartasync.Dart");

  /** The states of a body; the comment on each says who moves it on. */
  enum State {
    /** Created and queued; it runs at its first mount (a thread's start). The carrier: -> RUNNING. */
    STARTED,
    /** Mounted on the carrier, running Dart code. Itself: -> AWAITING, YIELDED, DONE. */
    RUNNING,
    /** Parked in {@code await}; a listener or microtask resumes it: -> RESUMING. */
    AWAITING,
    /** Parked to hand the carrier to another body; the carrier resumes it: -> RESUMING. */
    YIELDED,
    /** Chosen to run next; its continuation is queued on the carrier. Itself: -> RUNNING. */
    RESUMING,
    /**
     * Parked inside a blocking JDK call (sleep, a lock, a socket read): the JDK resumes it, usually
     * from its own threads; holds a keep-alive. The carrier: -> RUNNING when it runs again.
     */
    BLOCKED,
    /** Returned or threw; final. */
    DONE
  }

  final Carrier carrier;
  final FutureImpl<Object> result;
  /**
   * The {@link Callable} to run until the body starts; then null, or the {@link
   * AsyncStarController} of an {@code async*} generator's body (the field is free once the body
   * runs: a field of its own would cost 8 B per body, the object being 56 B).
   */
  private Object code;
  Thread thread;
  /** The zone to restore when the body resumes. */
  ZoneImpl zone;
  State state = State.STARTED;
  /**
   * Counts the awaits of this body; 0 until its first await, never 0 again (it skips 0 when it
   * wraps), so it also answers "has it suspended?" ({@link #hasAwaited}). A resumption names the
   * await it belongs to, so a second resumption of the same await (a DFuture that is not ours
   * calling back twice) fails loudly instead of resuming a later await with the wrong value. The
   * listener or microtask that resumes an await carries its number as a token; only this object
   * decides whether the token is current, abandoned ({@link #abandoned}) or stale.
   */
  int awaitCount;
  /**
   * How many library-invoked callbacks (a then handler, a whenComplete action, a doWhile action,
   * a zone body) are running on this body's stack. Such a callback is not the async body itself:
   * as in Dart, where {@code await} in a non-async closure does not compile, await there throws
   * instead of suspending the body in the middle of, say, a future's propagation.
   */
  int inCallback;
  /**
   * The continuation as the body's zone registered it at the first await, {@link
   * AwaitCallbacks#ROUTED} if the zone sees resumptions without registering, {@link
   * AwaitCallbacks#UNDECIDED} before the first await, null if the zone does not care (the root).
   */
  AwaitCallbacks awaitCallbacks;
  /**
   * What the suspension resumes with: the value itself, an {@link Outcome.Failure} or an {@link
   * Outcome.Pinned} (see {@link Outcome}); null for a hand-over, or a null value. Written by the
   * resumer before the state moves to RESUMING, read and cleared by the body.
   */
  private Object outcome;
  /**
   * The numbers of the awaits the watchdog abandoned ({@link #abandon}), null until the first:
   * looked at only when a resumption does not name the current await, which is rare. A field
   * here (4 B per body) instead of a map beside the watchdog: the body owns its awaits.
   */
  private int[] abandoned;

  /**
   * Acquire/release access to {@link #state} for the two places another thread is involved: the
   * park loop (the watchdog may move a pinned body to RESUMING from its own thread) and
   * {@link #abandon}. Everything else is confined to the isolate and uses plain accesses.
   */
  private static final java.lang.invoke.VarHandle STATE;

  /**
   * Whether this body holds the {@link BatonCarrier}'s baton: set (release) by the isolate's thread
   * handing it over, cleared by the body before it hands it back. Unused by the other carriers.
   */
  @SuppressWarnings("unused") // Through BATON.
  private boolean baton;

  private static final java.lang.invoke.VarHandle BATON;

  static {
    try {
      var lookup = java.lang.invoke.MethodHandles.lookup();
      STATE = lookup.findVarHandle(Body.class, "state", State.class);
      BATON = lookup.findVarHandle(Body.class, "baton", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * One park of {@code self} (the calling thread) in a wait loop: returns whether an interrupt was
   * taken off the thread's flag, for the caller to set again once its wait is over. A park returns
   * at once while the flag is set, so a wait loop that left it set would spin. {@code
   * isInterrupted()} is a field read; {@code Thread.interrupted()}, which clears, runs only when
   * the flag is set (2% of a ping-pong hand-off otherwise, async-profiler).
   */
  static boolean parkKeepingInterrupt(Object blocker, Thread self) {
    LockSupport.park(blocker);
    return self.isInterrupted() && Thread.interrupted();
  }

  /**
   * {@code Thread.uncaughtExceptionHandler}, read directly: {@code getUncaughtExceptionHandler()}
   * first asks whether the thread terminated (a state switch for a virtual thread), which every
   * await and hand-over would pay. Null where {@code java.lang} is not open to the library (the
   * flag-free carrier); then the public getter is used.
   */
  private static final java.lang.invoke.VarHandle HANDLER = findHandlerField();

  private static java.lang.invoke.VarHandle findHandlerField() {
    try {
      return java.lang.invoke.MethodHandles.privateLookupIn(
              Thread.class, java.lang.invoke.MethodHandles.lookup())
          .findVarHandle(
              Thread.class, "uncaughtExceptionHandler", Thread.UncaughtExceptionHandler.class);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The body whose thread {@code thread} is, or null: a body is its thread's uncaught-exception
   * handler (see the class comment), so this is one field read, no map and no thread-local.
   */
  static Body of(Thread thread) {
    Object handler =
        HANDLER != null ? HANDLER.get(thread) : thread.getUncaughtExceptionHandler();
    return handler instanceof Body body ? body : null;
  }

  /**
   * How many times {@link #awaitBaton} looks at the baton, spinning, before it parks: 0, so it
   * parks at once. Only tests set it ({@code Testing.setBatonSpins}): spinning widens the window
   * in which an unpark comes while the body is not parked yet, which is where a wake-up can be
   * lost. (As a speed-up it was measured and left out: 1,000 spins, about 21 us here, bring the
   * flag-free ping-pong from about 1.7 to 0.8 us per hand-off, but a spinning body holds a thread
   * of the JDK's scheduler, which the body it waits for, or any other virtual thread, may need.)
   */
  static volatile int batonSpins;

  /**
   * The holder hands this body the baton ({@link BatonCarrier}): a volatile store, then an unpark.
   * Not a release store: the JDK's unpark first reads the thread's park permit, and does nothing
   * if it is set already (a permit left by an earlier unpark that came while this body was not
   * parked). A release store may be seen after that read, so this body could use up that old
   * permit, read the baton as not yet handed, and park for good, with no unpark left to come: a
   * lost wake-up, which {@code BatonHandOffTest} finds in about one hand-off in a million with a
   * release store. The volatile store orders the two (one locked instruction on x86).
   */
  void handBaton() {
    BATON.setVolatile(this, true);
    LockSupport.unpark(thread);
  }

  /** This body, holding the baton, is about to hand it back. */
  void dropBaton() {
    BATON.set(this, false);
  }

  /**
   * Parks this body's thread until it holds the baton again. An interrupt does not wake it for
   * good: the flag is cleared for the park and set again once it holds the baton.
   */
  void awaitBaton() {
    Thread self = thread;
    boolean interrupted = false;
    for (int i = batonSpins; i > 0; i--) {
      if ((boolean) BATON.getAcquire(this)) {
        return;
      }
      Thread.onSpinWait();
    }
    while (!(boolean) BATON.getAcquire(this)) {
      interrupted |= parkKeepingInterrupt(this, self);
    }
    if (interrupted) {
      self.interrupt();
    }
  }

  Body(Carrier carrier, Callable<?> code, ZoneImpl zone) {
    this.carrier = carrier;
    this.code = code;
    this.zone = zone;
    this.result = new FutureImpl<>(zone);
    this.awaitCallbacks = AwaitCallbacks.atStart(zone);
  }

  /**
   * Marks this running body as an {@code async*} generator's: its await-for loops are never run
   * by their source ({@link LoopDriver}), since a yield of its own belongs on its own thread.
   */
  void markGenerator(AsyncStarController<?> generator) {
    code = generator;
  }

  /** Whether {@link #markGenerator} was called. */
  boolean isGenerator() {
    return generator() != null;
  }

  /** The controller given to {@link #markGenerator}, or null. */
  AsyncStarController<?> generator() {
    return code instanceof AsyncStarController<?> g ? g : null;
  }

  /** The carrier mounts this body for the first time: STARTED to RUNNING. */
  void started() {
    transition(State.STARTED, State.RUNNING);
  }

  /** The carrier saw this body's thread park in a blocking JDK call: RUNNING to BLOCKED. */
  void blocked() {
    transition(State.RUNNING, State.BLOCKED);
  }

  /** A blocked body runs again: BLOCKED to RUNNING. */
  void unblocked() {
    transition(State.BLOCKED, State.RUNNING);
  }

  /** Whether the body is suspended (in an await or a hand-over): AWAITING or YIELDED. */
  boolean isSuspended() {
    return state == State.AWAITING || state == State.YIELDED;
  }

  /** Moves the state on; a transition from any other state is a bug and fails loudly. */
  private void transition(State from, State to) {
    if (state != from) {
      throw badTransition(from, to);
    }
    state = to;
  }

  /** The error of a transition the protocol does not allow; apart, so that transition inlines. */
  private IllegalStateException badTransition(State from, State to) {
    return new IllegalStateException(
        "async body state is " + state + ", expected " + from + " (moving to " + to + ")");
  }

  @Override
  public void run() {
    if (EventLoop.BODIES_SET_CURRENT) {
      EventLoop.CURRENT.set(carrier.loop);
    }
    carrier.loop.zone = zone;
    Callable<?> body = (Callable<?>) code;
    code = null; // Nothing the body captured stays reachable from its thread after it ends.
    Object value;
    try {
      value = body.call();
    } catch (Throwable e) {
      if (e instanceof IsolateStop || carrier.loop.stopping()) {
        // Isolate.exit or a kill unwound this body: nothing may run after it, not even its
        // listeners. The carrier stops the isolate when this thread ends (which frees it: a body
        // parked for good would stay reachable from the JDK's thread container).
        transition(State.RUNNING, State.DONE);
        return;
      }
      boolean suspended = hasAwaited();
      AsyncError error = new AsyncError(e, StackTrace.of(e, suspended));
      if (suspended) {
        result.completeError(error);
      } else {
        result.asyncCompleteError(error); // The caller gets one microtask to attach handlers.
      }
      transition(State.RUNNING, State.DONE);
      return;
    }
    // Still RUNNING while listeners run: one of them may resume another body, and this one then
    // yields the carrier to it (and resumes, to end, when that one suspends).
    result.completeWithValue(value);
    transition(State.RUNNING, State.DONE);
  }

  /**
   * Mover 1: the running body suspends itself, RUNNING to {@code why} (AWAITING or YIELDED), until
   * a resumption moves it to RESUMING; then it is RUNNING again, mounted, in the zone it suspended
   * in, and {@link #takeOutcome} gives what it resumed with. How the body leaves the isolate's
   * thread meanwhile is the carrier's ({@link Carrier#suspend}).
   */
  void suspend(State why) {
    zone = carrier.loop.zone;
    transition(State.RUNNING, why);
    carrier.suspend(this);
    resumed();
  }

  /**
   * Mover 1 for an await: suspends AWAITING until a resumption names this await, then returns
   * what it resumed with (or throws the error); an isolate killed while the body waited (resumed
   * in the same event) stops the body instead, by {@link IsolateStop}: no further line runs.
   */
  Object awaitResumption() {
    suspend(State.AWAITING);
    carrier.loop.exitIfStopping();
    return takeOutcome();
  }

  /** Whether the carrier resumed this suspended body (read with acquire: see {@link #STATE}). */
  boolean isResuming() {
    return (State) STATE.getAcquire(this) == State.RESUMING;
  }

  /** Back from a suspension: running again, mounted, in the zone it suspended in. */
  private void resumed() {
    transition(State.RESUMING, State.RUNNING);
    carrier.mounted = this;
    carrier.loop.zone = zone;
  }

  /**
   * The fallback of a yield that did not unmount: {@link #suspend}, but parked. Used by the test
   * seam ({@code Testing.awaitByPark}) to take this path on purpose.
   */
  void suspendByPark(State why) {
    zone = carrier.loop.zone;
    transition(State.RUNNING, why);
    parkOnCarrier();
    resumed();
  }

  /**
   * Parks a body whose yield did not unmount, until the watchdog or a resumption moves it to
   * RESUMING. Usually the park cannot unmount either (pinned) and parks the carrier thread, where
   * the watchdog finds it. But after a yield that failed for lack of memory the park may find
   * memory and unmount after all, as a PARKED thread that only an unpark brings back: the carrier
   * sees that its resumption did not run and unparks it ({@code Carrier.mount}). A virtual
   * thread's park returns at once while its interrupt flag is set, so the flag is cleared for the
   * park and set again after: no spin, nothing lost.
   */
  void parkOnCarrier() {
    Thread self = thread;
    // isInterrupted() is a field read; Thread.interrupted() clears, a heavier call (2% of a
    // ping-pong hand-off, async-profiler), so it only runs when the flag is set.
    boolean interrupted = self.isInterrupted() && Thread.interrupted();
    while ((State) STATE.getAcquire(this) != State.RESUMING) {
      interrupted |= parkKeepingInterrupt(this, self);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Step 1 of every suspension of this running body (an await, a generator's yield): an exiting
   * or killed isolate's body stops here instead, by {@link IsolateStop} (it never suspends again);
   * the rest of the await-for delivery it took last runs now, on its own stack, which is where Dart
   * runs it ({@link InlineDelivery}); then the await gets its number, the token {@link #resume}
   * names. Runs even when the await then continues without parking: to Dart, every await suspends.
   */
  int beginAwait() {
    EventLoop loop = carrier.loop;
    loop.exitIfStopping();
    if (loop.deferred != null) {
      InlineDelivery.runDeferredOf(loop, this);
    }
    int n = awaitCount + 1;
    if (n == 0) {
      n = 1; // 0 means "never awaited" (hasAwaited).
    }
    return awaitCount = n;
  }

  /** Has suspended in an await at least once: a throw now completes its future synchronously. */
  boolean hasAwaited() {
    return awaitCount != 0;
  }

  /**
   * Mover 2: resumes await number {@code token} with {@code outcome} (the value itself, or an
   * {@link Outcome.Failure}): AWAITING to RESUMING, then the carrier runs the body, synchronously
   * from the caller's point of view. On the caller's stack if it runs on the body's own isolate,
   * else by a post to that isolate (a body only ever runs on its own carrier). A resumption of an
   * await the watchdog abandoned is ignored (its late result has no taker).
   *
   * @throws IllegalStateException if that await was already resumed (or is not the current one)
   */
  void resume(int token, Object outcome) {
    Carrier c = carrier;
    if (!c.isOwnerThread()) {
      c.loop.post(() -> resume(token, outcome));
      return;
    }
    if (!isResumable(token)) {
      return;
    }
    this.outcome = outcome;
    state = State.RESUMING; // Checked by isResumable: AWAITING, and the current await.
    c.resume(this);
  }

  /**
   * Mover 2 without the carrier's run: AWAITING to RESUMING with {@code outcome}, for a carrier
   * that mounts this body itself next ({@link Carrier#resumeFromNextMicrotask}), which checked
   * with {@link #isCurrentAwait} that {@code token} is the current await.
   */
  void resumeDirectly(int token, Object outcome) {
    if (!isCurrentAwait(token)) {
      throw resumedTwice();
    }
    this.outcome = outcome;
    state = State.RESUMING;
  }

  /** Whether this body waits in await number {@code token} now. */
  boolean isCurrentAwait(int token) {
    return token == awaitCount && state == State.AWAITING;
  }

  /**
   * Mover 2 for a hand-over: the carrier resumes this body, which YIELDED the carrier to another
   * one, now that that one suspended. Resumes with nothing.
   */
  void resumeHandOver() {
    outcome = null;
    transition(State.YIELDED, State.RESUMING);
  }

  /**
   * Whether await number {@code token} may be resumed now: false for an await the watchdog
   * abandoned (its late result has no taker).
   *
   * @throws IllegalStateException if that await was already resumed (or is not the current one)
   */
  boolean isResumable(int token) {
    if (token != awaitCount || state != State.AWAITING) {
      if (wasAbandoned(token)) {
        return false;
      }
      throw resumedTwice();
    }
    return true;
  }

  private IllegalStateException resumedTwice() {
    return new IllegalStateException(
        "An async body was resumed twice for the same await (state "
            + state
            + "): a DFuture that is not the library's called its callback twice.");
  }

  /**
   * Mover 3, from the pinned-carrier watchdog's thread: the body parked without unmounting, so its
   * carrier (the whole isolate) is parked with it. Gives up on await number {@code token} (or on
   * the hand-over, if the body YIELDED) with {@code failure} and wakes the body, which then runs
   * on, still mounted, and throws it. The await is remembered as abandoned: its late resumption
   * is ignored.
   */
  void abandon(int token, IllegalStateException failure) {
    if (state == State.AWAITING) {
      // Written by the watchdog's one thread only; the isolate reads it after the release below.
      int[] old = abandoned;
      int[] grown = old == null ? new int[1] : java.util.Arrays.copyOf(old, old.length + 1);
      grown[grown.length - 1] = token;
      abandoned = grown;
    }
    outcome = new Outcome.Pinned(failure);
    STATE.setVolatile(this, State.RESUMING); // Not release: see handBaton (a lost wake-up).
    LockSupport.unpark(thread);
  }

  /** Whether the watchdog abandoned await number {@code token} ({@link #abandon}). */
  boolean wasAbandoned(int token) {
    int[] a = abandoned;
    if (a != null) {
      for (int t : a) {
        if (t == token) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * What the suspension that just ended resumed with: returns the value, or throws the error (the
   * awaited future's, or the watchdog's pinned failure); cleared.
   */
  Object takeOutcome() {
    Object o = outcome;
    outcome = null;
    if (o instanceof Outcome failed) {
      throw Sneaky.<RuntimeException>rethrow(
          failed instanceof Outcome.Failure f ? f.error() : ((Outcome.Pinned) failed).error());
    }
    return o;
  }

  /**
   * After a hand-over ({@link #suspend} with YIELDED): the watchdog's failure if it gave up on it,
   * else null; cleared. A hand-over resumes with nothing else.
   */
  IllegalStateException takeHandOverFailure() {
    Object o = outcome;
    outcome = null;
    return o instanceof Outcome.Pinned p ? p.error() : null;
  }

  /** Never called for a body's own sake: a body catches everything its code throws. */
  @Override
  public void uncaughtException(Thread t, Throwable e) {
    LOG.error("An async body's thread died", e);
  }

  @Override
  public String toString() {
    return "async body (" + state + ")";
  }
}
