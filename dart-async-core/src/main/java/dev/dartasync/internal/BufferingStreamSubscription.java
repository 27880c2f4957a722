package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The subscription that every stream of this library hands out, ported from Dart's {@code
 * _BufferingStreamSubscription} (stream_impl.dart). The source puts events in with {@link #add},
 * {@link #addError} and {@link #close}; they are delivered at once if the subscription can fire
 * (not paused, not inside one of its callbacks, nothing buffered, not closed or cancelled), else
 * buffered in {@link PendingEvents} and delivered one per microtask. Subclasses connect the
 * source through the hooks {@link #onPauseHook}, {@link #onResumeHook} and {@link #onCancelHook}.
 *
 * <p>The whole state is one int of bit flags, as in Dart; the pause count lives in the bits from
 * {@link #PAUSE_COUNT} up, so {@code state < IN_CALLBACK} tests "can fire" in one comparison.
 */
public class BufferingStreamSubscription<T> implements StreamSubscription<T>, EventDispatch<T> {
  /** The {@code cancelOnError} flag given to listen. */
  static final int CANCEL_ON_ERROR = 1;

  /** The done event has been received: no further events are accepted. */
  static final int CLOSED = 1 << 1;

  /**
   * The source has been asked not to send events. Not the same as paused: after the last resume
   * the input stays paused while buffered events remain.
   */
  static final int INPUT_PAUSED = 1 << 2;

  /** Cancelled: by {@link #cancel}, by delivering done, or by an error with cancelOnError. */
  static final int CANCELED = 1 << 3;

  /**
   * A done event, or an error with cancelOnError, waits for the cancel future before it is
   * delivered. A user cancel meanwhile clears this flag, and the waiting event is dropped.
   */
  static final int WAIT_FOR_CANCEL = 1 << 4;

  /** A user error handler is set (not the one that reports errors as uncaught). */
  static final int HAS_ERROR_HANDLER = 1 << 5;

  /** A callback of this subscription is running; events that arrive now are buffered. */
  static final int IN_CALLBACK = 1 << 6;

  /** {@link #pending} holds events (or is being drained). */
  static final int HAS_PENDING = 1 << 7;

  /** One pause; the pause count is {@code state / PAUSE_COUNT}. */
  static final int PAUSE_COUNT = 1 << 8;

  private final ZoneImpl zone;
  private Consumer<? super T> onData;
  /** A registered two-argument handler, or a {@link UnaryErrorHandler} of a registered one. */
  private BiConsumer<? super Throwable, ? super StackTrace> onError;
  private Runnable onDone;
  private int state;
  /** What the cancel hook returned; null if nothing (Dart's {@code _cancelFuture}). */
  private DFuture<?> cancelFuture;
  private PendingEvents<T> pending;

  /** A subscription in the current zone, registering the handlers there. */
  public BufferingStreamSubscription(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    this.zone = ZoneImpl.current();
    this.state = (cancelOnError ? CANCEL_ON_ERROR : 0) | (onError != null ? HAS_ERROR_HANDLER : 0);
    this.onData = registerData(zone, onData);
    this.onError = registerError(zone, onError);
    this.onDone = registerDone(zone, onDone);
  }

  /**
   * Hands over events buffered before the subscription existed (once, at creation) and schedules
   * the first of them.
   */
  void setPendingEvents(PendingEvents<T> events) {
    if (events == null) {
      return;
    }
    pending = events;
    if (!events.isEmpty()) {
      state |= HAS_PENDING;
      events.schedule(this, zone.loop);
    }
  }

  // ---- handlers -----------------------------------------------------------------------------

  /** Dart's {@code _nullDataHandler}: ignores the event. One shared instance. */
  private static final Consumer<Object> NULL_DATA_HANDLER = value -> {};

  /**
   * Registers a data handler with the zone as a one-argument callback. No handler: Dart's {@code
   * _nullDataHandler}, registered all the same (Dart's {@code _registerDataHandler} registers
   * {@code handleData ?? _nullDataHandler}), so a zone sees one registration per data handler.
   */
  private static <T> Consumer<? super T> registerData(ZoneImpl zone, Consumer<? super T> handler) {
    if (handler == null) {
      return zone.registerConsumerOwned(NULL_DATA_HANDLER);
    }
    return zone.registerConsumerOwned(handler);
  }

  /**
   * Registers an error handler with the zone as a one- or two-argument callback, as its shape says.
   * No handler: Dart's {@code _nullErrorHandler}, which reports the error to the zone current when
   * it runs (the subscription's).
   */
  static BiConsumer<? super Throwable, ? super StackTrace> registerError(
      ZoneImpl zone, BiConsumer<? super Throwable, ? super StackTrace> handler) {
    if (handler == null) {
      handler = (error, stack) -> ZoneImpl.current().handleUncaughtError(error, stack);
    }
    if (handler instanceof UnaryErrorHandler unary) {
      return new UnaryErrorHandler(zone.registerConsumerOwned(unary.handler()));
    }
    return registerBinary(zone, handler);
  }

  private static <A, B> BiConsumer<A, B> registerBinary(ZoneImpl zone, BiConsumer<A, B> handler) {
    if ((zone.custom & ZoneImpl.bit(ZoneImpl.REGISTER_BINARY_CALLBACK)) == 0) {
      return handler;
    }
    return Adapt.biConsumer(zone.registerBinaryCallback(Adapt.biFunction(handler)));
  }

  private static Runnable registerDone(ZoneImpl zone, Runnable handler) {
    return zone.registerRunnableOwned(handler != null ? handler : () -> {});
  }

  @Override
  public void onData(Consumer<? super T> handleData) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onData", () -> onData(handleData));
      return;
    }
    onData = registerData(zone, handleData);
  }

  @Override
  public void onError(BiConsumer<? super Throwable, ? super StackTrace> handleError) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onError", () -> onError(handleError));
      return;
    }
    if (handleError == null) {
      state &= ~HAS_ERROR_HANDLER; // Errors will be uncaught again.
    } else {
      state |= HAS_ERROR_HANDLER;
    }
    onError = registerError(zone, handleError);
  }

  @Override
  public void onDone(Runnable handleDone) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onDone", () -> onDone(handleDone));
      return;
    }
    onDone = registerDone(zone, handleDone);
  }

  // ---- pause, resume, cancel ----------------------------------------------------------------

  @Override
  public void pause() {
    pause(null);
  }

  @Override
  public void pause(DFuture<?> resumeSignal) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.pause", () -> pause(resumeSignal));
      return;
    }
    if (isCanceled()) {
      return;
    }
    boolean wasPaused = isPaused();
    boolean wasInputPaused = isInputPaused();
    // One more pause, and the input is (now) paused.
    state = (state + PAUSE_COUNT) | INPUT_PAUSED;
    if (resumeSignal != null) {
      resumeSignal.whenComplete(this::resume);
    }
    if (!wasPaused && pending != null) {
      pending.cancelSchedule();
    }
    if (!wasInputPaused && !inCallback()) {
      // Inside a callback, checkState reports the change after the callback instead.
      guardCallback(this::onPauseHook);
    }
  }

  @Override
  public void resume() {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.resume", this::resume);
      return;
    }
    resumeOwned();
  }

  /** {@link #resume} on the isolate's thread (the caller knows it is there). */
  final void resumeOwned() {
    if (isCanceled() || !isPaused()) {
      return;
    }
    // One pause fewer; the input stays paused until the buffer is empty.
    state -= PAUSE_COUNT;
    if (isPaused()) {
      return;
    }
    if (hasPending() && !pending.isEmpty()) {
      // Input is still paused: deliver the buffer first; checkState resumes the input after it.
      pending.schedule(this, zone.loop);
    } else {
      // Nothing buffered: the input resumes now.
      state &= ~INPUT_PAUSED;
      if (!inCallback()) {
        guardCallback(this::onResumeHook);
      }
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public DFuture<Void> cancel() {
    if (StreamThreads.isForeign(zone.loop)) {
      return StreamThreads.postFuture(zone.loop, "StreamSubscription.cancel", this::cancel);
    }
    DFuture<?> future = cancelForFuture();
    return future != null ? (DFuture<Void>) future : nullFuture();
  }

  /** {@link #cancel()}, returning null where Dart returns its shared {@code _nullFuture}. */
  private DFuture<?> cancelForFuture() {
    // The user wants no more events: a done or error event waiting for the cancel future is dropped.
    state &= ~WAIT_FOR_CANCEL;
    if (!isCanceled()) {
      cancelInternal();
    }
    return cancelFuture;
  }

  /**
   * Dart's {@code Future._nullFuture}: a future of the root zone, already completed with null, and
   * recognisable ({@link NullFuture}) where Dart tests {@code identical(f, Future._nullFuture)}: a
   * subscription whose cancel hook forwards another subscription's {@code cancel()} can tell "no
   * real clean-up future".
   */
  static FutureImpl<Void> nullFuture() {
    return new NullFuture((ZoneImpl) ZoneImpl.current().loop.rootZone());
  }

  /** Whether {@code future} is a real clean-up future: not null and not {@link #nullFuture()}. */
  static boolean isRealFuture(DFuture<?> future) {
    return !NullFuture.isNull(future);
  }

  @Override
  public <E> DFuture<E> asFuture(E futureValue) {
    if (StreamThreads.isForeign(zone.loop)) {
      throw StreamThreads.refused("StreamSubscription.asFuture");
    }
    FutureImpl<E> result = new FutureImpl<>();
    onDone = () -> result.complete(futureValue);
    state |= HAS_ERROR_HANDLER;
    onError =
        (Throwable error, StackTrace stack) -> {
          DFuture<?> future = cancelForFuture();
          AsyncError asyncError = new AsyncError(error, stack);
          if (isRealFuture(future)) {
            future.whenComplete(() -> result.completeError(asyncError));
          } else {
            result.completeError(asyncError);
          }
        };
    return result;
  }

  // ---- state --------------------------------------------------------------------------------

  /** The isolate that listened, whose thread may run this subscription's members. */
  final EventLoop owner() {
    return zone.loop;
  }

  /** The done event has been received (Dart's {@code _isClosed}). */
  boolean isClosed() {
    return (state & CLOSED) != 0;
  }

  boolean isInputPaused() {
    return (state & INPUT_PAUSED) != 0;
  }

  boolean isCanceled() {
    return (state & CANCELED) != 0;
  }

  private boolean waitsForCancel() {
    return (state & WAIT_FOR_CANCEL) != 0;
  }

  private boolean inCallback() {
    return (state & IN_CALLBACK) != 0;
  }

  private boolean hasPending() {
    return (state & HAS_PENDING) != 0;
  }

  @Override
  public boolean isPaused() {
    return state >= PAUSE_COUNT;
  }

  /** Not paused, not in a callback, nothing buffered, not closed or cancelled. */
  private boolean canFire() {
    return state < IN_CALLBACK;
  }

  private boolean mayResumeInput() {
    return !isPaused() && (pending == null || pending.isEmpty());
  }

  private boolean cancelOnError() {
    return (state & CANCEL_ON_ERROR) != 0;
  }

  /** Marks cancelled, drops the buffer (unless a callback is draining it) and runs the cancel hook. */
  private void cancelInternal() {
    // Cancelled: nothing more is delivered.
    state |= CANCELED;
    if (hasPending()) {
      pending.cancelSchedule();
    }
    if (!inCallback()) {
      pending = null;
    }
    cancelFuture = onCancelHook();
  }

  // ---- input from the source ----------------------------------------------------------------

  /** A data event from the source: delivered now if possible, else buffered. */
  void add(T data) {
    if (isCanceled()) {
      return;
    }
    if (canFire()) {
      sendData(data);
    } else {
      bufferData(data);
    }
  }

  /** An error event from the source: delivered now if possible, else buffered. */
  void addError(Throwable error, StackTrace stackTrace) {
    if (isCanceled()) {
      return;
    }
    if (canFire()) {
      sendError(error, stackTrace);
    } else {
      addPending(new DelayedEvent.Error(error, stackTrace));
    }
  }

  /** The done event from the source: delivered now if possible, else buffered. */
  void close() {
    if (isCanceled()) {
      return;
    }
    // Closed: the source sends nothing more.
    state |= CLOSED;
    if (canFire()) {
      sendDone();
    } else {
      addPending(DelayedEvent.Done.INSTANCE);
    }
  }

  /** The source must stop sending; runs inside a guarded callback. Must not throw. */
  void onPauseHook() {}

  /** The source may send again. Must not throw. */
  void onResumeHook() {}

  /** The subscription is cancelled; returns the source's clean-up future or null. Must not throw. */
  DFuture<?> onCancelHook() {
    return null;
  }

  /** Buffers an event; schedules delivery if it is the first one and the subscription is not paused. */
  void addPending(DelayedEvent event) {
    pendingEvents().add(event);
    pendingAdded();
  }

  /** {@link #addPending} of a data event, which the buffer keeps without a {@link DelayedEvent}. */
  void bufferData(T data) {
    pendingEvents().addData(data);
    pendingAdded();
  }

  private PendingEvents<T> pendingEvents() {
    PendingEvents<T> events = pending;
    if (events == null) {
      events = pending = new PendingEvents<>();
    }
    return events;
  }

  /** After an event was buffered: schedules delivery if it is the first one and not paused. */
  private void pendingAdded() {
    if (!hasPending()) {
      // The buffer now holds events.
      state |= HAS_PENDING;
      if (!isPaused()) {
        pending.schedule(this, zone.loop);
      }
    }
  }

  // ---- delivery -----------------------------------------------------------------------------

  @Override
  public void sendData(T data) {
    boolean wasInputPaused = isInputPaused();
    // In the callback: events that arrive now are buffered.
    state |= IN_CALLBACK;
    zone.runUnaryGuardedOwned(onData, data);
    InlineDelivery inline = zone.loop.inline;
    if (inline != null && inline.triggered()) {
      // An await-for body took the value: the rest runs at its next suspension, as in Dart.
      inline.defer(this, wasInputPaused);
      return;
    }
    endCallback(wasInputPaused);
  }

  /** The end of a data callback: out of it, then the state checks (deferred by InlineDelivery). */
  final void endCallback(boolean wasInputPaused) {
    // Out of the callback.
    state &= ~IN_CALLBACK;
    checkState(wasInputPaused);
  }

  /**
   * The buffer whose delivery microtask brings this subscription its next event with nothing run
   * after the delivery but the ends of the callbacks on the way ({@link InlineDelivery}): this
   * subscription's own buffer (created empty if there is none yet), or null once it is cancelled
   * or closed. A forwarding subscription may answer with its source's buffer.
   */
  PendingEvents<?> inlineSource() {
    if ((state & (CANCELED | CLOSED)) != 0) {
      return null;
    }
    PendingEvents<T> events = pending;
    if (events == null) {
      events = pending = new PendingEvents<>();
    }
    return events;
  }

  /** Whether events are buffered here now (a forwarding subscription then answers for itself). */
  final boolean buffersEvents() {
    return hasPending();
  }

  @Override
  public void sendError(Throwable error, StackTrace stackTrace) {
    boolean wasInputPaused = isInputPaused();
    Runnable deliver =
        () -> {
          // Cancelled by the user while waiting for the cancel future: the error is dropped.
          if (isCanceled() && !waitsForCancel()) {
            return;
          }
          // In the error callback.
          state |= IN_CALLBACK;
          if (onError instanceof UnaryErrorHandler unary) {
            zone.runUnaryGuardedOwned(unary.handler(), error);
          } else {
            zone.runBinaryGuarded(onError, error, stackTrace);
          }
          // Out of the error callback.
          state &= ~IN_CALLBACK;
        };
    if (cancelOnError()) {
      // The error waits for the cancel: the source's cancel hook runs first.
      state |= WAIT_FOR_CANCEL;
      cancelInternal();
      DFuture<?> future = cancelFuture;
      if (isRealFuture(future)) {
        future.whenComplete(deliver::run);
      } else {
        deliver.run();
      }
    } else {
      deliver.run();
      checkState(wasInputPaused);
    }
  }

  @Override
  public void sendDone() {
    Runnable deliver =
        () -> {
          // Cancelled by the user while waiting for the cancel future: done is dropped.
          if (!waitsForCancel()) {
            return;
          }
          // Done: cancelled, closed, and in the done callback.
          state |= CANCELED | CLOSED | IN_CALLBACK;
          zone.runGuardedOwned(onDone);
          // Out of the done callback.
          state &= ~IN_CALLBACK;
        };
    cancelInternal();
    // Done waits for the cancel future, if any.
    state |= WAIT_FOR_CANCEL;
    DFuture<?> future = cancelFuture;
    if (isRealFuture(future)) {
      future.whenComplete(deliver::run);
    } else {
      deliver.run();
    }
  }

  /**
   * Runs a source hook (onListen, onPause, onResume) as a callback of this subscription: events
   * added meanwhile are buffered, and pause-state changes it causes are reported after it.
   */
  void guardCallback(Runnable callback) {
    boolean wasInputPaused = isInputPaused();
    // In a callback.
    state |= IN_CALLBACK;
    callback.run();
    // Out of the callback.
    state &= ~IN_CALLBACK;
    checkState(wasInputPaused);
  }

  /**
   * After a callback: tells the source about pause-state changes made during it (repeating while
   * the hooks change it again), and schedules the next buffered event. After a cancel, only drops
   * the buffer.
   */
  private void checkState(boolean wasInputPaused) {
    if (hasPending() && pending.isEmpty()) {
      // The buffer has been drained.
      state &= ~HAS_PENDING;
      if (isInputPaused() && mayResumeInput()) {
        // Resumed while the buffer drained: the input may resume now.
        state &= ~INPUT_PAUSED;
      }
    }
    while (true) {
      if (isCanceled()) {
        pending = null;
        return;
      }
      boolean inputPaused = isInputPaused();
      if (wasInputPaused == inputPaused) {
        break;
      }
      // The hook runs as a callback.
      state ^= IN_CALLBACK;
      if (inputPaused) {
        onPauseHook();
      } else {
        onResumeHook();
      }
      // Out of the hook.
      state &= ~IN_CALLBACK;
      wasInputPaused = inputPaused;
    }
    if (hasPending() && !isPaused()) {
      pending.schedule(this, zone.loop);
    }
  }
}
