package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A single-subscription stream controller, ported from Dart's {@code _StreamController} with its
 * {@code _SyncStreamControllerDispatch} and {@code _AsyncStreamControllerDispatch} (chosen here by
 * {@link #sync}). Before the listener arrives, events are buffered in a {@link PendingEvents};
 * afterwards they go to the subscription: synchronously ({@code sync}) or as buffered events, one
 * per microtask (async).
 */
public class StreamControllerImpl<T> implements StreamControllerBase<T>, ControllerLifecycle<T> {
  /** Nobody listened yet; events are buffered. */
  private static final int INITIAL = 0;

  /** A listener is subscribed. */
  private static final int SUBSCRIBED = 1;

  /** The listener cancelled (or got done); nobody can listen again. */
  private static final int CANCELED = 2;

  /** The two bits above. */
  private static final int SUBSCRIPTION_MASK = 3;

  /** {@code close()} was called: no more events may be added. */
  private static final int CLOSED = 4;

  /** An {@code addStream} is in progress: no events may be added meanwhile. */
  private static final int ADDSTREAM = 8;

  private final boolean sync;
  private int state = INITIAL;

  /** The buffer (before listen), the subscription (while subscribed), or null (after cancel). */
  private Object varData;

  private FutureImpl<Void> doneFuture;

  /** The {@code addStream} in progress, or null (Dart keeps it in {@code _varData}). */
  private AddStreamState<T> addState;

  private Runnable onListen;
  private Runnable onPause;
  private Runnable onResume;
  private Callable<?> onCancel;

  public StreamControllerImpl(boolean sync) {
    this.sync = sync;
  }

  // ---- hooks --------------------------------------------------------------------------------

  @Override
  public void setOnListen(Runnable onListen) {
    this.onListen = onListen;
  }

  @Override
  public void setOnPause(Runnable onPause) {
    this.onPause = onPause;
  }

  @Override
  public void setOnResume(Runnable onResume) {
    this.onResume = onResume;
  }

  @Override
  public void setOnCancel(Callable<?> onCancel) {
    this.onCancel = onCancel;
  }

  // ---- state --------------------------------------------------------------------------------

  @Override
  public dev.dartasync.DStream<T> stream() {
    return new ControllerStream<>(this);
  }

  private boolean isCanceled() {
    return (state & CANCELED) != 0;
  }

  @Override
  public boolean hasListener() {
    return (state & SUBSCRIBED) != 0;
  }

  private boolean isInitialState() {
    return (state & SUBSCRIPTION_MASK) == INITIAL;
  }

  @Override
  public boolean isClosed() {
    return (state & CLOSED) != 0;
  }

  /** Dart's {@code isPaused}: true before a listener arrives, false after it left. */
  @Override
  public boolean isPaused() {
    return hasListener() ? subscription().isInputPaused() : !isCanceled();
  }

  boolean mayAddEvent() {
    return state < CLOSED;
  }

  @SuppressWarnings("unchecked")
  private PendingEvents<T> ensurePendingEvents() {
    if (varData == null) {
      varData = new PendingEvents<T>();
    }
    return (PendingEvents<T>) varData;
  }

  @SuppressWarnings("unchecked")
  ControllerSubscription<T> subscription() {
    return (ControllerSubscription<T>) varData;
  }

  StateError badEventState() {
    return new StateError(
        isClosed() ? "Cannot add event after closing" : "Cannot add event while adding a stream");
  }

  /**
   * Dart's {@code done} ({@code _ensureDoneFuture}): completes once the listener got done or
   * cancelled; created on first use, already complete if that happened before.
   */
  @Override
  public DFuture<Void> done() {
    if (doneFuture == null) {
      doneFuture = isCanceled() ? BufferingStreamSubscription.nullFuture() : new FutureImpl<>();
    }
    return doneFuture;
  }

  // ---- events -------------------------------------------------------------------------------

  @Override
  public void add(T value) {
    if (!mayAddEvent()) {
      throw badEventState();
    }
    addUnchecked(value);
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    if (!mayAddEvent()) {
      throw badEventState();
    }
    AsyncError replacement = ZoneImpl.current().errorCallback(error, stackTrace);
    if (replacement != null) {
      error = replacement.error();
      stackTrace = replacement.stackTrace();
    } else if (stackTrace == null) {
      stackTrace = AsyncError.defaultStackTrace(error);
    }
    addErrorUnchecked(error, stackTrace);
  }

  @Override
  public DFuture<Void> close() {
    if (isClosed()) {
      return done();
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    closeUnchecked();
    return done();
  }

  /** Closed: no more events may be added. */
  void markClosed() {
    state |= CLOSED;
  }

  /** Marks closed and sends (or buffers) the done event. */
  void closeUnchecked() {
    markClosed();
    if (hasListener()) {
      if (sync) {
        subscription().close();
      } else {
        subscription().addPending(DelayedEvent.Done.INSTANCE);
      }
    } else if (isInitialState()) {
      ensurePendingEvents().add(DelayedEvent.Done.INSTANCE);
    }
  }

  void addUnchecked(T value) {
    if (hasListener()) {
      if (sync) {
        subscription().add(value);
      } else {
        subscription().bufferData(value);
      }
    } else if (isInitialState()) {
      ensurePendingEvents().addData(value);
    }
    // Cancelled: dropped silently.
  }

  void addErrorUnchecked(Throwable error, StackTrace stackTrace) {
    if (hasListener()) {
      if (sync) {
        subscription().addError(error, stackTrace);
      } else {
        subscription().addPending(new DelayedEvent.Error(error, stackTrace));
      }
    } else if (isInitialState()) {
      ensurePendingEvents().add(new DelayedEvent.Error(error, stackTrace));
    }
  }

  /**
   * Dart's {@code addStream(source)} ({@code cancelOnError: false}): listens to {@code source} now
   * (paused if this controller is paused), forwarding its events as this controller's own; its done
   * ends the adding and completes the returned future one microtask later. Meanwhile {@code add},
   * {@code addError}, {@code close} and another {@code addStream} throw. After the listener left,
   * returns a future completing with null in a microtask, without listening.
   */
  public DFuture<Void> addStream(dev.dartasync.DStream<? extends T> source) {
    Checks.notNull(source, "source");
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (isCanceled()) {
      return FutureImpl.immediate(null);
    }
    AddStreamState<T> state = new AddStreamState<>();
    addState = state;
    this.state |= ADDSTREAM;
    state.listen(this, source, this::addStreamDone);
    return state.addStreamFuture;
  }

  /** Dart's {@code _close} while adding a stream: the source is done. */
  private void addStreamDone() {
    AddStreamState<T> state = addState;
    addState = null;
    this.state &= ~ADDSTREAM;
    state.complete();
  }

  // ---- the subscription's life --------------------------------------------------------------

  @Override
  @SuppressWarnings("unchecked")
  public StreamSubscription<T> subscribe(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    if (!isInitialState()) {
      throw new StateError("Stream has already been listened to.");
    }
    ControllerSubscription<T> subscription =
        new ControllerSubscription<>(this, onData, onError, onDone, cancelOnError);
    PendingEvents<T> buffered = (PendingEvents<T>) varData;
    // Subscribed: events now go to the subscription.
    state |= SUBSCRIBED;
    varData = subscription;
    if (addState != null) {
      addState.resume(); // Dart's _subscribe: the source was paused while nobody listened.
    }
    subscription.setPendingEvents(buffered);
    subscription.guardCallback(() -> runGuarded(onListen));
    return subscription;
  }

  /**
   * The subscription was cancelled (by the user, cancelOnError, or done): runs {@code onCancel}
   * synchronously and completes {@link #done()} after it (after its future, if it returned one).
   * Returns that future, or one failing with what {@code onCancel} threw, or null.
   */
  DFuture<?> recordCancel() {
    DFuture<?> result = null;
    AddStreamState<T> adding = addState;
    if (adding != null) {
      // The source of an addStream is cancelled first; onCancel follows its cancel future.
      addState = null;
      result = adding.cancel();
    }
    varData = null;
    // Cancelled: no listener, nobody can listen again, no stream being added.
    state = (state & ~(SUBSCRIBED | ADDSTREAM)) | CANCELED;
    Callable<?> hook = onCancel;
    if (hook != null && result != null) {
      result = result.whenComplete(hook);
    } else if (hook != null) {
      try {
        if (hook.call() instanceof DFuture<?> future) {
          result = future;
        }
      } catch (Throwable e) {
        // Reported through the returned future, one microtask later so a listener can be added.
        FutureImpl<Void> failed = new FutureImpl<>();
        failed.asyncCompleteError(new AsyncError(e, StackTrace.of(e)));
        result = failed;
      }
    }
    Runnable completeDone =
        () -> {
          FutureImpl<Void> done = doneFuture;
          if (done != null && done.mayComplete()) {
            done.asyncComplete(null);
          }
        };
    if (result != null) {
      return result.whenComplete(completeDone::run);
    }
    completeDone.run();
    return null;
  }

  void recordPause() {
    if (addState != null) {
      addState.pause();
    }
    runGuarded(onPause);
  }

  void recordResume() {
    if (addState != null) {
      addState.resume();
    }
    runGuarded(onResume);
  }

  /** Runs a controller hook; what it throws goes to the current zone's uncaught-error handling. */
  static void runGuarded(Runnable hook) {
    if (hook == null) {
      return;
    }
    try {
      hook.run();
    } catch (Throwable e) {
      ZoneImpl.current().handleUncaughtError(e, StackTrace.of(e));
    }
  }
}
