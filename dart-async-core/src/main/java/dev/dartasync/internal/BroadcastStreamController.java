package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import dev.dartasync.UnsupportedError;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A broadcast stream controller, ported from Dart's {@code _BroadcastStreamController}
 * (broadcast_stream_controller.dart): any number of {@link BroadcastSubscription}s in a linked list,
 * in subscription order. Nothing is buffered for absent listeners: an event added while nobody
 * listens is dropped. Subclasses decide how an event reaches the listeners ({@link #sendData},
 * {@link #sendError}, {@link #sendDone}).
 *
 * <p>{@code onListen} runs when the first listener subscribes, {@code onCancel} when the last one
 * leaves; both may run many times. The controller is never paused: each listener buffers for itself.
 */
public abstract class BroadcastStreamController<T>
    implements StreamControllerBase<T>, ControllerLifecycle<T>, EventDispatch<T> {
  /** The id (0 or 1) of the next event to fire; see {@link BroadcastSubscription#EVENT_ID}. */
  static final int EVENT_ID = 1;

  /** An event is being delivered to the listeners, one after the other. */
  static final int FIRING = 2;

  /** {@code close()} was called. */
  static final int CLOSED = 4;

  /** An {@code addStream} is in progress: no events may be added meanwhile. */
  static final int ADDSTREAM = 8;

  int state;
  private BroadcastSubscription<T> first;
  private BroadcastSubscription<T> last;

  /** The {@code addStream} in progress, or null. */
  private AddStreamState<T> addState;

  /** What {@link #close()} and {@link #done()} return; created on first use. */
  private FutureImpl<Void> doneFuture;

  private Runnable onListen;
  private Callable<?> onCancel;

  /**
   * The isolate whose thread may run this controller's members (see {@link StreamThreads}): the one
   * it was made on; made on a thread of no isolate, the first one to listen to it.
   */
  private EventLoop owner = EventLoop.current();

  BroadcastStreamController(Runnable onListen, Callable<?> onCancel) {
    this.onListen = onListen;
    this.onCancel = onCancel;
  }

  /** Dart's {@code StreamController.broadcast(sync: sync)}, without hooks. */
  public static <T> BroadcastStreamController<T> create(boolean sync) {
    return sync
        ? new SyncBroadcastStreamController<>(null, null)
        : new AsyncBroadcastStreamController<>(null, null);
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
  public void setOnCancel(Callable<?> onCancel) {
    if (StreamThreads.isForeign(owner)) {
      StreamThreads.post(owner, "StreamController.onCancel", () -> setOnCancel(onCancel));
      return;
    }
    this.onCancel = onCancel;
  }

  @Override
  public void setOnPause(Runnable onPause) {
    throw noPauseCallbacks();
  }

  @Override
  public void setOnResume(Runnable onResume) {
    throw noPauseCallbacks();
  }

  private static UnsupportedError noPauseCallbacks() {
    return new UnsupportedError("Broadcast stream controllers do not support pause callbacks");
  }

  // ---- state --------------------------------------------------------------------------------

  @Override
  public DStream<T> stream() {
    return new BroadcastStream<>(this);
  }

  @Override
  public boolean isClosed() {
    return (state & CLOSED) != 0;
  }

  /** Never paused: each listener pauses and buffers on its own. */
  @Override
  public boolean isPaused() {
    return false;
  }

  @Override
  public boolean hasListener() {
    return !isEmpty();
  }

  boolean isEmpty() {
    return first == null;
  }

  /** Exactly one listener; only asked while there is at least one. */
  boolean hasOneListener() {
    return first == last;
  }

  BroadcastSubscription<T> firstSubscription() {
    return first;
  }

  boolean isFiring() {
    return (state & FIRING) != 0;
  }

  /** Whether {@code add}/{@code addError}/{@code close} may send an event now. */
  boolean mayAddEvent() {
    return state < CLOSED;
  }

  /** The error for an event added when {@link #mayAddEvent()} is false. */
  RuntimeException addEventError() {
    return new StateError(
        isClosed()
            ? "Cannot add new events after calling close"
            : "Cannot add new events while doing an addStream");
  }

  FutureImpl<Void> ensureDoneFuture() {
    if (doneFuture == null) {
      doneFuture = new FutureImpl<>();
    }
    return doneFuture;
  }

  /** Completes {@link #done()} one microtask from now, unless it is already completing. */
  void completeDone() {
    FutureImpl<Void> done = doneFuture;
    if (done != null && done.mayComplete()) {
      done.asyncComplete(null);
    }
  }

  // ---- the list of listeners ----------------------------------------------------------------

  private void addListener(BroadcastSubscription<T> subscription) {
    // It expects the controller's next event id: an event being fired now is not for it.
    subscription.eventState = state & EVENT_ID;
    BroadcastSubscription<T> oldLast = last;
    last = subscription;
    subscription.next = null;
    subscription.previous = oldLast;
    if (oldLast == null) {
      first = subscription;
    } else {
      oldLast.next = subscription;
    }
  }

  private void removeListener(BroadcastSubscription<T> subscription) {
    BroadcastSubscription<T> previous = subscription.previous;
    BroadcastSubscription<T> next = subscription.next;
    if (previous == null) {
      first = next;
    } else {
      previous.next = next;
    }
    if (next == null) {
      last = previous;
    } else {
      next.previous = previous;
    }
    // Unlinked.
    subscription.next = subscription;
    subscription.previous = subscription;
  }

  // ---- listeners come and go ----------------------------------------------------------------

  /**
   * Adds a listener; after {@code close()} the listener gets only a done event, one microtask
   * later. The first listener runs {@code onListen} synchronously.
   */
  @Override
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
    if (isClosed()) {
      return new DoneStreamSubscription<>(onDone);
    }
    BroadcastSubscription<T> subscription =
        new BroadcastSubscription<>(this, onData, onError, onDone, cancelOnError);
    addListener(subscription);
    if (first == last) {
      // The only listener, so the first one.
      StreamControllerImpl.runGuarded(onListen);
    }
    return subscription;
  }

  /**
   * A listener cancelled (or got done, or an error with cancelOnError). Unlinked now, or after
   * the event being delivered to it; the last one leaving runs {@code onCancel}, at once or at the
   * end of the firing loop.
   */
  void recordCancel(BroadcastSubscription<T> subscription) {
    if (subscription.isUnlinked()) {
      return; // Already removed.
    }
    if (subscription.isFiring()) {
      subscription.setRemoveAfterFiring();
    } else {
      removeListener(subscription);
      if (!isFiring() && isEmpty()) {
        callOnCancel();
      }
    }
  }

  /** Nobody listens any more: completes done if closed, then runs {@code onCancel}. */
  void callOnCancel() {
    if (isClosed()) {
      completeDone();
    }
    Callable<?> hook = onCancel;
    if (hook != null) {
      // Its result, even a future, is ignored, as in Dart.
      StreamControllerImpl.runGuarded(Adapt.runnable(hook));
    }
  }

  // ---- the sink -----------------------------------------------------------------------------

  /**
   * Posts an adding member called on another thread (see {@link StreamThreads}). Closing is never
   * undone, so a controller already closed throws at once, as on the isolate; any other refusal
   * (firing, adding a stream: both end) happens there.
   */
  private void postAdd(String member, Runnable call) {
    if (isClosed()) {
      throw addEventError();
    }
    StreamThreads.post(owner, member, call);
  }

  private DFuture<Void> postAddStream(DStream<? extends T> source, boolean cancelOnError) {
    if (isClosed()) {
      throw addEventError();
    }
    return StreamThreads.postFuture(
        owner, "StreamController.addStream", () -> addStream(source, cancelOnError));
  }

  @Override
  public void add(T value) {
    if (StreamThreads.isForeign(owner)) {
      postAdd("StreamController.add", () -> add(value));
      return;
    }
    if (!mayAddEvent()) {
      throw addEventError();
    }
    sendData(value);
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    if (StreamThreads.isForeign(owner)) {
      postAdd("StreamController.addError", () -> addError(error, stackTrace));
      return;
    }
    if (!mayAddEvent()) {
      throw addEventError();
    }
    AsyncError intercepted = ZoneErrors.intercept(ZoneImpl.current(), error, stackTrace);
    sendError(intercepted.error(), intercepted.stackTrace());
  }

  @Override
  public DFuture<Void> close() {
    if (StreamThreads.isForeign(owner)) {
      return StreamThreads.postFuture(owner, "StreamController.close", this::close);
    }
    if (isClosed()) {
      return doneFuture;
    }
    if (!mayAddEvent()) {
      throw addEventError();
    }
    state |= CLOSED;
    FutureImpl<Void> done = ensureDoneFuture();
    sendDone();
    return done;
  }

  @Override
  public DFuture<Void> done() {
    if (StreamThreads.isForeign(owner)) {
      return StreamThreads.postFuture(owner, "StreamController.done", this::done);
    }
    return ensureDoneFuture();
  }

  /**
   * Dart's {@code _BroadcastStreamController.addStream}: listens to {@code source} now, whether or
   * not anyone listens here, and sends its events as this controller's own (to the listeners of
   * the moment; none: dropped). Listeners coming and going do not pause or cancel it. Its done
   * (with {@code cancelOnError}, its first error, after sending it) ends the adding and completes
   * the returned future with null one microtask later.
   */
  @Override
  public DFuture<Void> addStream(DStream<? extends T> source, boolean cancelOnError) {
    Checks.notNull(source, "source");
    if (StreamThreads.isForeign(owner)) {
      return postAddStream(source, cancelOnError);
    }
    if (!mayAddEvent()) {
      throw addEventError();
    }
    AddStreamState<T> adding = new AddStreamState<>();
    addState = adding;
    state |= ADDSTREAM;
    try {
      adding.listen(source, this::sendData, this::sendError, this::addStreamDone, cancelOnError);
    } catch (Throwable e) {
      // Dart would stay in its addStream state for good; a listen that throws changes nothing here.
      addState = null;
      state &= ~ADDSTREAM;
      throw e;
    }
    return adding.addStreamFuture;
  }

  /** Dart's {@code _close} while adding a stream: the source is done (or sent its error). */
  private void addStreamDone() {
    AddStreamState<T> adding = addState;
    addState = null;
    state &= ~ADDSTREAM;
    adding.complete();
  }

  // ---- firing -------------------------------------------------------------------------------

  /**
   * Delivers one event to every listener present when it starts, in subscription order, through
   * {@code action}. Listeners added meanwhile skip it (they expect the next event id); listeners
   * cancelled meanwhile are unlinked after their delivery; {@code onCancel} waits until the loop
   * ends.
   *
   * @throws StateError {@code Cannot fire new event. Controller is already firing an event} when
   *     called from inside a delivery
   */
  void forEachListener(Consumer<BroadcastSubscription<T>> action) {
    if (isFiring()) {
      throw firingError();
    }
    if (isEmpty()) {
      return;
    }
    int id = state & EVENT_ID;
    // Firing, and the controller's id moves on to the next event.
    state ^= EVENT_ID | FIRING;
    BroadcastSubscription<T> subscription = first;
    while (subscription != null) {
      if (subscription.expectsEvent(id)) {
        subscription.eventState |= BroadcastSubscription.FIRING;
        action.accept(subscription);
        subscription.toggleEventId();
        BroadcastSubscription<T> next = subscription.next;
        if (subscription.removeAfterFiring()) {
          removeListener(subscription);
        }
        subscription.eventState &= ~BroadcastSubscription.FIRING;
        subscription = next;
      } else {
        subscription = subscription.next;
      }
    }
    // Done firing.
    state &= ~FIRING;
    if (isEmpty()) {
      callOnCancel();
    }
  }

  static StateError firingError() {
    return new StateError("Cannot fire new event. Controller is already firing an event");
  }
}
