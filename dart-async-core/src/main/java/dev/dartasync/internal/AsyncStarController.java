package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.AsyncStarBody;
import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;

/**
 * One call of an {@code async*} function, ported from the VM's {@code _AsyncStarStreamController}
 * (sdk/lib/_internal/vm/lib/async_patch.dart): a synchronous single-subscription controller whose
 * hooks schedule the body.
 *
 * <ul>
 *   <li>Nothing runs at the call. {@code listen} schedules the body: it starts one microtask later,
 *       as an async body ({@link Dart#async}) on the isolate's carrier.
 *   <li>{@code yield v}: {@code controller.add(v)} (delivered synchronously unless paused); if the
 *       listener is gone the body returns; otherwise the body is scheduled (a microtask, unless
 *       paused) and suspends on a pending future that the scheduled run completes with "cancelled
 *       meanwhile?". A paused subscription holds it there: {@code onResume} schedules it.
 *   <li>{@code cancel()}: the cancel future is {@link #cancellationFuture}; a body suspended at a
 *       yield is scheduled so that it returns there; a body in an {@code await} runs on until its
 *       next yield. {@link #close} completes the cancel future when the body has ended.
 *   <li>A throw escaping the body: error event, then done (or, after cancel, the cancel future
 *       fails with it).
 * </ul>
 *
 * A body that ended (normally, by throw, or cancelled at a yield) has returned from its virtual
 * thread, so the thread ends; a body parked at a yield of a paused subscription is referenced only
 * through this controller, and is collected with it.
 */
public final class AsyncStarController<T> implements AsyncStarSink<T>, Runnable {
  private final StreamControllerImpl<T> controller = new StreamControllerImpl<>(true);

  /** The body to start; cleared at start so that nothing it captured outlives it needlessly. */
  private AsyncStarBody<T> body;

  private boolean started;
  private boolean isAdding;
  private boolean isScheduled;
  private boolean isSuspendedAtYield;

  /** Created by the first cancel while the body may still run; completed when it has ended. */
  private FutureImpl<Void> cancellationFuture;

  /** While suspended at a yield: completed by {@link #runBody} with "listener gone". */
  private FutureImpl<Boolean> resumption;

  /** While a {@code yield*} forwards a stream. */
  private AddStreamState<T> addState;

  /** The body's virtual thread while it runs; yield is refused on any other thread. */
  private Thread bodyThread;

  public AsyncStarController(AsyncStarBody<T> body) {
    this.body = body;
    controller.setOnListen(this::scheduleGenerator);
    controller.setOnPause(this::onPause);
    controller.setOnResume(this::onResume);
    controller.setOnCancel(this::onCancel);
  }

  public DStream<T> stream() {
    return controller.stream();
  }

  // ---- scheduling ---------------------------------------------------------------------------

  private void scheduleGenerator() {
    if (isScheduled || controller.isPaused() || isAdding) {
      return;
    }
    isScheduled = true;
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
    isScheduled = false;
    isSuspendedAtYield = false;
    if (!started) {
      started = true;
      AsyncStarBody<T> code = body;
      body = null;
      // The returned future always completes with null: runGenerator catches everything.
      Dart.async(() -> runGenerator(code));
      return;
    }
    FutureImpl<Boolean> waiting = resumption;
    if (waiting != null) {
      resumption = null;
      // This microtask does nothing after the resumption: the body runs in tail position, so at
      // its next yield it may run this microtask itself (see suspend).
      Thread t = bodyThread;
      Body body = t != null && t.getUncaughtExceptionHandler() instanceof Body b ? b : null;
      if (body == null) {
        waiting.completeWithValue(!controller.hasListener());
        return;
      }
      Body savedTail = body.carrier.enterTail(body);
      try {
        waiting.completeWithValue(!controller.hasListener());
      } finally {
        body.carrier.exitTail(savedTail);
      }
    }
  }

  /** The body's whole life on its virtual thread. */
  private void runGenerator(AsyncStarBody<T> code) {
    bodyThread = Thread.currentThread();
    try {
      code.run(this);
    } catch (GeneratorCancelled returned) {
      // The listener cancelled at a yield: the body returned there.
    } catch (Throwable error) {
      addError(error, StackTrace.of(error));
    } finally {
      bodyThread = null;
    }
    close();
  }

  // ---- the sink -----------------------------------------------------------------------------

  @Override
  public void yield(T value) {
    requireBody("yield");
    controller.add(value);
    if (!controller.hasListener()) {
      throw new GeneratorCancelled();
    }
    scheduleGenerator();
    isSuspendedAtYield = true;
    suspend();
  }

  @Override
  public void yieldAll(DStream<? extends T> stream) {
    Checks.notNull(stream, "stream");
    requireBody("yieldAll");
    if (!controller.hasListener()) {
      throw new GeneratorCancelled();
    }
    isAdding = true;
    AddStreamState<T> state = new AddStreamState<>();
    addState = state;
    state.listen(controller, stream, this::sourceDone);
    state.addStreamFuture.then(
        ignored -> {
          isAdding = false;
          scheduleGenerator();
          if (!isScheduled) {
            isSuspendedAtYield = true;
          }
          return null;
        });
    suspend();
  }

  /** The inner stream of a {@code yield*} is done. */
  private void sourceDone() {
    AddStreamState<T> state = addState;
    addState = null;
    if (state != null) {
      state.complete();
    }
  }

  /** Parks the body until {@link #runBody} resumes it; returns there if the listener is gone. */
  private void suspend() {
    FutureImpl<Boolean> waiting = new FutureImpl<>();
    resumption = waiting;
    boolean cancelled =
        resumeInline(waiting) ? waiting.value() : (boolean) Dart.await(waiting);
    if (cancelled) {
      throw new GeneratorCancelled();
    }
  }

  /**
   * The yield's microtask hop without a park: if the microtask that resumes this body is the next
   * thing that would run anyway (it is first in the queue, the body was resumed in tail position,
   * no other body is waiting, no zone handler is involved), the body runs it on its own stack. The
   * order is the same as a park and a resume; the cost is a microtask's instead of two carrier
   * switches. Returns whether {@code waiting} is now complete.
   */
  private boolean resumeInline(FutureImpl<Boolean> waiting) {
    Body body = Awaits.awaitableBody();
    if (body == null || !isScheduled || body.awaitCallbacks != null || !InlineDelivery.enabled) {
      return false;
    }
    EventLoop loop = body.carrier.loop;
    if (loop.deferred != null) {
      InlineDelivery.runDeferredOf(loop, body); // The body suspends: an await-for delivery ends.
    }
    MicrotaskQueue.Entry head = loop.peekMicrotask();
    if (head == null
        || head.task != this
        || !isScheduled
        || !loop.zone.mayElideMicrotask()
        || !body.carrier.mayRunNextMicrotask(body)) {
      return false;
    }
    loop.pollMicrotask();
    ((ZoneImpl) head.zone).runMicrotask(this);
    return waiting.isComplete();
  }

  private void requireBody(String what) {
    Thread current = Thread.currentThread();
    if (current != bodyThread
        || !(current.getUncaughtExceptionHandler() instanceof Body b)
        || b.inCallback > 0) {
      throw new IllegalStateException(
          what + " may only be called by its own async* body, on the body's own stack");
    }
  }

  // ---- ending -------------------------------------------------------------------------------

  /** Dart's {@code addError}: the body threw. */
  private void addError(Throwable error, StackTrace stackTrace) {
    FutureImpl<Void> cancelled = cancellationFuture;
    if (cancelled != null && cancelled.mayComplete()) {
      cancelled.completeError(new AsyncError(error, stackTrace));
      return;
    }
    if (!controller.hasListener()) {
      return;
    }
    controller.addError(error, stackTrace);
  }

  /** Dart's {@code close}: the body ended. */
  private void close() {
    FutureImpl<Void> cancelled = cancellationFuture;
    if (cancelled != null && cancelled.mayComplete()) {
      cancelled.completeWithValue(null);
    }
    controller.close();
  }

  // ---- controller hooks ---------------------------------------------------------------------

  private void onPause() {
    if (addState != null) {
      addState.pause();
    }
  }

  private void onResume() {
    if (addState != null) {
      addState.resume();
    }
    if (isSuspendedAtYield) {
      scheduleGenerator();
    }
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
    if (controller.isClosed()) {
      return null;
    }
    if (cancellationFuture == null) {
      cancellationFuture = new FutureImpl<>();
      // Only a body suspended at a yield is resumed (to return there); one in an await runs on.
      if (isSuspendedAtYield) {
        scheduleGenerator();
      }
    }
    return cancellationFuture;
  }
}
