package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A single-subscription stream controller, ported from Dart's {@code _StreamController} with its
 * {@code _SyncStreamControllerDispatch} and {@code _AsyncStreamControllerDispatch} (chosen here by
 * the {@link #SYNC} bit). Before the listener arrives, events are buffered in a {@link
 * PendingEvents}; afterwards they go to the subscription: synchronously ({@code sync}) or as
 * buffered events, one per microtask (async).
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

  /**
   * Fixed at creation: events go to the subscription synchronously (Dart's sync dispatch), else
   * as buffered events. A bit of {@link #state} rather than a boolean field: one field fewer to lay
   * out (as a field it once cost an {@link AsyncStarController}, a subclass, 8 B of padding).
   */
  private static final int SYNC = 16;

  /**
   * The first bit a subclass may use for its own state ({@link #hasBit}, {@link #setBits}, {@link
   * #clearBits}): those bits ride in {@link #state}, so the subclass needs no field for them.
   */
  static final int FIRST_SUBCLASS_BIT = 1 << 8;

  /** The subscription bits, CLOSED, ADDSTREAM and SYNC; a subclass's bits from bit 8 up. */
  private int state;

  /** The buffer (before listen), the subscription (while subscribed), or null (after cancel). */
  private Object varData;

  private FutureImpl<Void> doneFuture;

  /** The {@code addStream} in progress, or null (Dart keeps it in {@code _varData}). */
  private AddStreamState<T> addState;

  private Runnable onListen;
  private Runnable onPause;
  private Runnable onResume;
  private Callable<?> onCancel;

  /**
   * The isolate whose thread may run this controller's members (see {@link StreamThreads}): the one
   * it was made on; made on a thread of no isolate, the first one to listen to it. Fills what was
   * padding: the object stays 48 B.
   */
  private EventLoop owner = EventLoop.current();

  public StreamControllerImpl(boolean sync) {
    this.state = sync ? SYNC : INITIAL;
  }

  // ---- hooks --------------------------------------------------------------------------------

  @Override
  public void setOnListen(Runnable onListen) {
    if (StreamThreads.isForeign(owner)) {
      StreamThreads.post(owner, "StreamController.onListen", () -> setOnListen(onListen));
      return;
    }
    this.onListen = onListen;
  }

  @Override
  public void setOnPause(Runnable onPause) {
    if (StreamThreads.isForeign(owner)) {
      StreamThreads.post(owner, "StreamController.onPause", () -> setOnPause(onPause));
      return;
    }
    this.onPause = onPause;
  }

  @Override
  public void setOnResume(Runnable onResume) {
    if (StreamThreads.isForeign(owner)) {
      StreamThreads.post(owner, "StreamController.onResume", () -> setOnResume(onResume));
      return;
    }
    this.onResume = onResume;
  }

  @Override
  public void setOnCancel(Callable<?> onCancel) {
    if (StreamThreads.isForeign(owner)) {
      StreamThreads.post(owner, "StreamController.onCancel", () -> setOnCancel(onCancel));
      return;
    }
    this.onCancel = onCancel;
  }

  // ---- state --------------------------------------------------------------------------------

  @Override
  public DStream<T> stream() {
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
    return (state & (CLOSED | ADDSTREAM)) == 0;
  }

  private boolean isSync() {
    return (state & SYNC) != 0;
  }

  /** Whether the subclass bit {@code bit} is set. */
  final boolean hasBit(int bit) {
    return (state & bit) != 0;
  }

  /** Sets subclass bits (at or above {@link #FIRST_SUBCLASS_BIT}). */
  final void setBits(int bits) {
    state |= bits;
  }

  /** Clears subclass bits (at or above {@link #FIRST_SUBCLASS_BIT}). */
  final void clearBits(int bits) {
    state &= ~bits;
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
    if (StreamThreads.isForeign(owner)) {
      return StreamThreads.postFuture(owner, "StreamController.done", this::done);
    }
    if (doneFuture == null) {
      doneFuture = isCanceled() ? BufferingStreamSubscription.nullFuture() : new FutureImpl<>();
    }
    return doneFuture;
  }

  // ---- events -------------------------------------------------------------------------------

  @Override
  public void add(T value) {
    if (StreamThreads.isForeign(owner)) {
      postAdd("StreamController.add", () -> add(value));
      return;
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    addUnchecked(value);
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    if (StreamThreads.isForeign(owner)) {
      postAddError(error, stackTrace);
      return;
    }
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
    if (StreamThreads.isForeign(owner)) {
      return StreamThreads.postFuture(owner, "StreamController.close", this::close);
    }
    if (isClosed()) {
      return done();
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    closeUnchecked();
    return done();
  }

  /** The isolate this controller belongs to, or null (see {@link #owner}'s field comment). */
  final EventLoop owner() {
    return owner;
  }

  /** Whether the calling thread must post its call instead of running it (see StreamThreads). */
  final boolean isForeignThread() {
    return StreamThreads.isForeign(owner);
  }

  /**
   * Posts an adding member called on another thread. Closing is never undone, so a controller
   * already closed throws at once, as on the isolate; any other refusal happens there.
   */
  final void postAdd(String member, Runnable call) {
    if (isClosed()) {
      throw badEventState();
    }
    StreamThreads.post(owner, member, call);
  }

  private void postAddError(Throwable error, StackTrace stackTrace) {
    postAdd("StreamController.addError", () -> addError(error, stackTrace));
  }

  private DFuture<Void> postAddStream(DStream<? extends T> source, boolean cancelOnError) {
    if (isClosed()) {
      throw badEventState();
    }
    return StreamThreads.postFuture(
        owner, "StreamController.addStream", () -> addStream(source, cancelOnError));
  }

  /** Closed: no more events may be added. */
  void markClosed() {
    state |= CLOSED;
  }

  /** Marks closed and sends (or buffers) the done event. */
  void closeUnchecked() {
    markClosed();
    if (hasListener()) {
      if (isSync()) {
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
      if (isSync()) {
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
      if (isSync()) {
        subscription().addError(error, stackTrace);
      } else {
        subscription().addPending(new DelayedEvent.Error(error, stackTrace));
      }
    } else if (isInitialState()) {
      ensurePendingEvents().add(new DelayedEvent.Error(error, stackTrace));
    }
  }

  /**
   * Dart's {@code addStream(source, cancelOnError: cancelOnError)}: listens to {@code source} now
   * (paused if this controller is paused), forwarding its events as this controller's own; its done
   * (with {@code cancelOnError}, its first error, after forwarding it) ends the adding and
   * completes the returned future with null one microtask later. Meanwhile {@code add}, {@code
   * addError}, {@code close} and another {@code addStream} throw. After the listener left, returns
   * a future completing with null in a microtask, without listening.
   */
  @Override
  public DFuture<Void> addStream(DStream<? extends T> source, boolean cancelOnError) {
    Checks.notNull(source, "source");
    if (StreamThreads.isForeign(owner)) {
      return postAddStream(source, cancelOnError);
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (isCanceled()) {
      return FutureImpl.immediate(null);
    }
    AddStreamState<T> adding = new AddStreamState<>();
    addState = adding;
    state |= ADDSTREAM;
    try {
      adding.listen(this, source, this::addStreamDone, cancelOnError);
    } catch (Throwable e) {
      // As in Dart, where the state is only stored once listen returned.
      addState = null;
      state &= ~ADDSTREAM;
      throw e;
    }
    return adding.addStreamFuture;
  }

  /**
   * Dart's {@code _close} while adding a stream: the source is done, or sent its error with {@code
   * cancelOnError}. Nothing to do if the listener cancelled meanwhile (a sync controller's listener
   * can, inside that error's delivery): the cancel already ended the adding and completes its
   * future (Dart would fail its {@code _isAddingStream} assertion here).
   */
  private void addStreamDone() {
    AddStreamState<T> adding = addState;
    if (adding == null) {
      return;
    }
    addState = null;
    state &= ~ADDSTREAM;
    adding.complete();
  }

  // ---- the subscription's life --------------------------------------------------------------

  @Override
  @SuppressWarnings("unchecked")
  public StreamSubscription<T> subscribe(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    if (StreamThreads.isForeign(owner)) {
      throw StreamThreads.refused("DStream.listen");
    }
    if (owner == null) {
      owner = EventLoop.current(); // Made on a thread of no isolate: bound to its listener's.
    }
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
    subscription.guardCallback(this::listenGuarded);
    return subscription;
  }

  // ---- the hooks as methods: a subclass may be its own hooks ---------------------------------
  // AsyncStarController overrides these instead of setting four method references (64 B less per
  // generator); a plain controller runs the hooks that were set.

  /** Runs {@code onListen}, if set. */
  void onListenHook() {
    Runnable hook = onListen;
    if (hook != null) {
      hook.run();
    }
  }

  /** Runs {@code onPause}, if set. */
  void onPauseHook() {
    Runnable hook = onPause;
    if (hook != null) {
      hook.run();
    }
  }

  /** Runs {@code onResume}, if set. */
  void onResumeHook() {
    Runnable hook = onResume;
    if (hook != null) {
      hook.run();
    }
  }

  /** The {@code onCancel} hook to run at cancel, or null. */
  Callable<?> onCancelHook() {
    return onCancel;
  }

  private void listenGuarded() {
    try {
      onListenHook();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      hookFailed(e);
    }
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
    Callable<?> hook = onCancelHook();
    if (hook != null && result != null) {
      result = result.whenComplete(hook);
    } else if (hook != null) {
      try {
        if (hook.call() instanceof DFuture<?> future) {
          result = future;
        }
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
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
    try {
      onPauseHook();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      hookFailed(e);
    }
  }

  void recordResume() {
    if (addState != null) {
      addState.resume();
    }
    try {
      onResumeHook();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      hookFailed(e);
    }
  }

  /** Runs a controller hook; what it throws goes to the current zone's uncaught-error handling. */
  static void runGuarded(Runnable hook) {
    if (hook == null) {
      return;
    }
    try {
      hook.run();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      hookFailed(e);
    }
  }

  /** What a controller hook threw goes to the current zone's uncaught-error handling. */
  private static void hookFailed(Throwable e) {
    ZoneImpl.current().handleUncaughtError(e, StackTrace.of(e));
  }
}
