package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.AsyncStarBody;
import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/**
 * One call of an {@code async*} function, ported from the VM's {@code _AsyncStarStreamController}
 * (sdk/lib/_internal/vm/lib/async_patch.dart): itself a synchronous single-subscription controller
 * (a subclass) whose hook methods schedule the body, and the sink the body yields to.
 *
 * <ul>
 *   <li>Nothing runs at the call. {@code listen} schedules the body: it starts one microtask later,
 *       as an async body ({@link Dart#async}) on the isolate's carrier.
 *   <li>{@code yield v}: {@code controller.add(v)} (delivered synchronously unless paused); if the
 *       listener is gone the body returns; otherwise the body is scheduled (a microtask, unless
 *       paused) and parks, as in an await, until the scheduled run resumes it with "cancelled
 *       meanwhile?". A paused subscription holds it there: {@code onResume} schedules it.
 *   <li>{@code cancel()}: the cancel future is {@link #cancellationFuture}; a body suspended at a
 *       yield is scheduled so that it returns there; a body in an {@code await} runs on until its
 *       next yield. {@link #bodyEnded} completes the cancel future when the body has ended.
 *   <li>A throw escaping the body: error event, then done (or, after cancel, the cancel future
 *       fails with it).
 * </ul>
 *
 * A body that ended (normally, by throw, or cancelled at a yield) has returned from its virtual
 * thread, so the thread ends; a body parked at a yield of a paused subscription is referenced only
 * through this controller, and is collected with it.
 */
public final class AsyncStarController<T> extends StreamControllerImpl<T>
    implements AsyncStarSink<T>, Runnable {
  // The generator is its own synchronous controller (a subclass, not a field) and its own hooks
  // (the overridden hook methods): one object of 64 B where there were six of 152 B (controller,
  // generator and four method references; 56 B before the controller's owner field, which the
  // thread rule needs, see StreamThreads). Its flags are bits of the controller's state int.

  /** The body has been started (its first run was scheduled and ran). */
  private static final int STARTED = FIRST_SUBCLASS_BIT;

  /** A {@code yield*} forwards a stream; its add-stream future's callback clears this bit. */
  private static final int ADDING = FIRST_SUBCLASS_BIT << 1;

  /** A {@link #runBody} microtask is queued. */
  private static final int SCHEDULED = FIRST_SUBCLASS_BIT << 2;

  /**
   * Dart's {@code isSuspendedAtYield}: the body waits at a yield (or a finished {@code yield*}) for
   * a run; {@code onResume} and a cancel schedule one.
   */
  private static final int AT_YIELD = FIRST_SUBCLASS_BIT << 3;

  /**
   * The body is parked in {@link #suspend}, an await whose only resumer is {@link #runBody} (where
   * the VM's body awaits its {@code _SuspendState}): no future and no listener are made for it.
   */
  private static final int PARKED = FIRST_SUBCLASS_BIT << 4;

  /**
   * The {@code add} of a yield is running: an await-for loop parked on this stream may run its
   * loop body here, on the body's stack ({@link LoopDriver}). Set and cleared by {@link #yield}.
   */
  private static final int IN_ADD = FIRST_SUBCLASS_BIT << 5;

  /**
   * A loop body that this yield's add ran suspended and then ended the loop: the body already
   * waits at this yield, as in Dart since that suspension ({@link #drivenEnd}); the yield only
   * suspends. Set by the driver, cleared by {@link #yield}.
   */
  private static final int DRIVEN_END = FIRST_SUBCLASS_BIT << 6;

  /**
   * The body made a blocking JDK call while its yield's add ran (in a loop body it runs, {@link
   * LoopDriver}): the loop went on meanwhile, as in an await. Set by the carrier ({@link
   * #blockedCall}), cleared with {@link #IN_ADD}.
   */
  private static final int BLOCKED_IN_ADD = FIRST_SUBCLASS_BIT << 7;

  /**
   * The body in its three stages, one field: the {@link AsyncStarBody} to start (until it
   * starts; cleared then, so that nothing it captured outlives it needlessly), the async {@link
   * Body} running it (set on its own thread when it starts: yield is refused on any other thread,
   * and {@link #runBody} resumes it), null once it ended.
   */
  private Object body;

  /** Created by the first cancel while the body may still run; completed when it has ended. */
  private FutureImpl<Void> cancellationFuture;

  /** While a {@code yield*} forwards a stream. */
  private AddStreamState<T> addState;

  public AsyncStarController(AsyncStarBody<T> code) {
    super(true);
    this.body = code;
  }

  /** The running body; only called while it runs or is parked. */
  private Body runner() {
    return (Body) body;
  }

  // ---- scheduling ---------------------------------------------------------------------------

  private void scheduleGenerator() {
    if (hasBit(SCHEDULED) || isPaused() || hasBit(ADDING)) {
      return;
    }
    setBits(SCHEDULED);
    // This object is the microtask (no capture to allocate), and the body can recognise it.
    Dart.scheduleMicrotask(this);
  }

  /** The scheduled microtask ({@link #runBody}); not for other callers. */
  @Override
  public void run() {
    runBody();
  }

  /** The scheduled microtask: starts the body, or resumes it at its yield. */
  private void runBody() {
    boolean parked = hasBit(PARKED);
    // Not scheduled any more, no longer waiting at a yield; a parked body is resumed below.
    clearBits(SCHEDULED | AT_YIELD | PARKED);
    if (!hasBit(STARTED)) {
      setBits(STARTED);
      // The returned future always completes with null: runGenerator catches everything.
      Dart.async(this::runGenerator);
      return;
    }
    if (parked) {
      // This microtask does nothing after the resumption: the body runs in tail position, so at
      // its next yield it may run this microtask itself (see resumeInline).
      Body running = runner();
      Body savedTail = running.carrier.enterTail(running);
      try {
        resumeParked(!hasListener());
      } finally {
        running.carrier.exitTail(savedTail);
      }
    }
  }

  /** The body's whole life on its virtual thread. */
  private Object runGenerator() {
    @SuppressWarnings("unchecked")
    AsyncStarBody<T> code = (AsyncStarBody<T>) body;
    // An async body is its thread's uncaught-exception handler (see Body).
    body = Thread.currentThread().getUncaughtExceptionHandler();
    runner().markGenerator(this);
    try {
      code.run(this);
    } catch (GeneratorCancelled returned) {
      // The listener cancelled at a yield: the body returned there.
    } catch (Throwable error) {
      IsolateStop.rethrowIfStop(error);
      bodyThrew(error, StackTrace.of(error));
    } finally {
      body = null;
    }
    bodyEnded();
    return null;
  }

  // ---- the sink -----------------------------------------------------------------------------

  @Override
  public void yield(T value) {
    requireBody("yield");
    setBits(IN_ADD);
    try {
      add(value);
    } finally {
      clearBits(IN_ADD | BLOCKED_IN_ADD);
    }
    if (hasBit(DRIVEN_END)) {
      clearBits(DRIVEN_END);
      suspend(); // Already at this yield (drivenEnd): the cancel resumes it.
      return;
    }
    if (!hasListener()) {
      throw new GeneratorCancelled();
    }
    if (passesWithoutHop()) {
      return;
    }
    scheduleGenerator();
    setBits(AT_YIELD);
    suspend();
  }

  /**
   * The yield's microtask hop elided: if nothing is queued, the body was resumed in tail position,
   * no other body waits and no zone handler is involved, the microtask the yield would schedule is
   * the very next thing to run, and it would only resume this body ({@link #resumeInline} without
   * the queue). The order cannot differ; the cost is a few field reads.
   */
  private boolean passesWithoutHop() {
    Body running = runner();
    if (running.awaitCallbacks != null
        || !InlineDelivery.enabled
        || hasBit(SCHEDULED | ADDING)
        || isPaused()) {
      return false;
    }
    EventLoop loop = running.carrier.loop;
    if (loop.deferred != null
        || !loop.zone.mayElideMicrotask()
        || !loop.microtasksEmpty()
        || !running.carrier.mayRunNextMicrotask(running)) {
      return false;
    }
    running.beginAwait(); // The yield is a suspension, as in suspend(); a stopping isolate stops.
    return true;
  }

  @Override
  public void yieldAll(DStream<? extends T> stream) {
    Checks.notNull(stream, "stream");
    requireBody("yieldAll");
    if (!hasListener()) {
      throw new GeneratorCancelled();
    }
    setBits(ADDING);
    AddStreamState<T> state = new AddStreamState<>();
    addState = state;
    state.listen(this, stream, this::sourceDone);
    state.addStreamFuture.then(
        ignored -> {
          clearBits(ADDING);
          scheduleGenerator();
          if (!hasBit(SCHEDULED)) {
            setBits(AT_YIELD);
          }
          return null;
        });
    suspend();
  }

  /**
   * The body if it is mounted and running the {@code add} of its yield on its own thread (an
   * await-for loop on this stream may run its loop body there, {@link LoopDriver}), else null.
   */
  Body drivingBody() {
    if (!hasBit(IN_ADD) || !(body instanceof Body running)) {
      return null;
    }
    Thread current = Thread.currentThread();
    return running.carrier.mounted == running && running.thread == current ? running : null;
  }

  /**
   * A loop body that the add of this yield ran suspended, and now ends its loop: puts the body at
   * the yield, where Dart's has waited since that suspension (with the subscription paused, so not
   * scheduled), so that the loop's cancel schedules its resumption there; the yield then only
   * suspends.
   */
  void drivenEnd() {
    setBits(AT_YIELD | DRIVEN_END);
  }

  /** Called by the carrier when the body parks in a blocking JDK call. */
  void blockedCall() {
    if (hasBit(IN_ADD)) {
      setBits(BLOCKED_IN_ADD);
    }
  }

  /** Whether the body made a blocking JDK call in the add of the yield running now. */
  boolean blockedInAdd() {
    return hasBit(BLOCKED_IN_ADD);
  }

  /** The inner stream of a {@code yield*} is done. */
  private void sourceDone() {
    AddStreamState<T> state = addState;
    addState = null;
    if (state != null) {
      state.complete();
    }
  }

  /**
   * Parks the body until {@link #runBody} resumes it; returns there if the listener is gone. An
   * await in every respect (a numbered await of the body, resumed through the zone as an await of
   * a pending future is) but the future: {@link #runBody} resumes it directly.
   */
  private void suspend() {
    Body running = runner();
    // As FutureImpl.thenAwait does, before the await begins (and runs the rest of an await-for
    // delivery): a zone's register handler sees the body's callbacks first.
    AwaitCallbacks.decide(running, running.carrier.loop.zone);
    running.beginAwait();
    Boolean cancelled = resumeInline(running);
    if (cancelled == null) {
      setBits(PARKED);
      try {
        running.suspend(Body.State.AWAITING);
        cancelled = (Boolean) running.takeOutcome();
      } catch (RuntimeException | Error e) {
        // It could not suspend (pinned: the watchdog's error comes out of takeOutcome): nothing
        // waits at this yield any more, so the scheduled runBody must not resume the body's next
        // await in its place.
        clearBits(PARKED);
        throw e;
      }
    }
    if (cancelled) {
      throw new GeneratorCancelled();
    }
  }

  /**
   * The yield's microtask hop without a park: if the microtask that resumes this body is the next
   * thing that would run anyway (it is first in the queue, the body was resumed in tail position,
   * no other body is waiting, no zone handler is involved), the body runs it on its own stack. The
   * order is the same as a park and a resume; the cost is a microtask's instead of two carrier
   * switches. Returns "cancelled meanwhile?" as the resumption would, or null to park.
   */
  private Boolean resumeInline(Body running) {
    if (running.awaitCallbacks != null || !InlineDelivery.enabled || !hasBit(SCHEDULED)) {
      return null;
    }
    EventLoop loop = running.carrier.loop; // Its await-for delivery ended in beginAwait.
    MicrotaskQueue.Entry head = loop.peekMicrotask();
    if (head == null
        || head.task != this
        || !hasBit(SCHEDULED)
        || !loop.zone.mayElideMicrotask()
        || !running.carrier.mayRunNextMicrotask(running)) {
      return null;
    }
    loop.pollMicrotask();
    ((ZoneImpl) head.zone).runMicrotask(this);
    return !hasListener();
  }

  /**
   * Resumes the body parked in {@link #suspend} with {@code cancelled}, in the zone it parked in,
   * as the completion of the future it would have awaited does: what the resumption throws (a
   * zone's run handler) is that zone's uncaught error.
   */
  private void resumeParked(boolean cancelled) {
    Body parked = runner();
    ZoneImpl zone = parked.zone; // Saved by Body.suspend: the zone current at the yield.
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Throwable failed = null;
    try {
      AwaitCallbacks.resumeAwait(parked, parked.awaitCount, zone, cancelled);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      failed = e;
    } finally {
      loop.zone = saved;
    }
    if (failed != null) {
      zone.handleUncaughtError(failed, StackTrace.of(failed));
    }
  }

  private void requireBody(String what) {
    Thread current = Thread.currentThread();
    if (!(body instanceof Body running)
        || current != running.thread
        || current.getUncaughtExceptionHandler() != running
        || running.inCallback > 0
        || hasBit(IN_ADD)) { // A loop body that this body's yield runs (LoopDriver).
      throw new IllegalStateException(
          what + " may only be called by its own async* body, on the body's own stack");
    }
  }

  // ---- ending -------------------------------------------------------------------------------

  /** Dart's {@code addError}: the body threw. */
  private void bodyThrew(Throwable error, StackTrace stackTrace) {
    FutureImpl<Void> cancelled = cancellationFuture;
    if (cancelled != null && cancelled.mayComplete()) {
      cancelled.completeError(new AsyncError(error, stackTrace));
      return;
    }
    if (!hasListener()) {
      return;
    }
    addError(error, stackTrace);
  }

  /** Dart's {@code close}: the body ended. */
  private void bodyEnded() {
    FutureImpl<Void> cancelled = cancellationFuture;
    if (cancelled != null && cancelled.mayComplete()) {
      cancelled.completeWithValue(null);
    }
    close();
  }

  // ---- controller hooks ---------------------------------------------------------------------

  @Override
  void onListenHook() {
    scheduleGenerator();
  }

  @Override
  void onPauseHook() {
    if (addState != null) {
      addState.pause();
    }
  }

  @Override
  void onResumeHook() {
    if (addState != null) {
      addState.resume();
    }
    if (hasBit(AT_YIELD)) {
      scheduleGenerator();
    }
  }

  @Override
  Callable<?> onCancelHook() {
    return this::onCancel; // Made at cancel only: one per generator cancelled, none parked.
  }

  /**
   * Dart's {@code _recordCancel} with an add-stream in progress (the inner subscription is
   * cancelled first, the generator's own cancel follows its future), then {@code onCancel}.
   */
  private Object onCancel() {
    AddStreamState<T> state = addState;
    if (state != null) {
      addState = null;
      return state.cancel().whenComplete(this::generatorCancel);
    }
    return generatorCancel();
  }

  /** The VM's {@code onCancel}: null once closed, else the future completed when the body ends. */
  private DFuture<Void> generatorCancel() {
    if (isClosed()) {
      return null;
    }
    if (cancellationFuture == null) {
      cancellationFuture = new FutureImpl<>();
      // Only a body suspended at a yield is resumed (to return there); one in an await runs on.
      if (hasBit(AT_YIELD)) {
        scheduleGenerator();
      }
    }
    return cancellationFuture;
  }
}
