package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.TimeoutException;
import dev.dartasync.Timer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The implementation of {@link DFuture}: a port of Dart's {@code _Future} (future_impl.dart).
 *
 * <p>All state changes happen on the owning isolate's thread (the loop thread or one of its async
 * bodies). Calls from other threads post an event to that isolate.
 */
public class FutureImpl<T> implements DFuture<T> {

  // ---- state encoding (Dart's _Future._state) ----------------------------------------------
  /** No result yet; {@code resultOrListeners} is the listener list (LIFO) or null. */
  static final int INCOMPLETE = 0;
  /** Orthogonal flag: an error with no listener is not reported as uncaught ({@code ignore()}). */
  static final int IGNORE_ERROR = 1;
  /** A completion is decided and will happen in a later microtask; listeners may still be added. */
  static final int PENDING_COMPLETE = 2;
  /** Waits for another future; {@code resultOrListeners} is that source future. */
  static final int CHAINED = 4;
  /** Completed with a value; {@code resultOrListeners} is the value. */
  static final int VALUE = 8;
  /** Completed with an error; {@code resultOrListeners} is an {@link AsyncError}. */
  static final int ERROR = 16;

  static final int COMPLETION_MASK = 30;
  /**
   * Transient, set only while a chained future takes its source's result (CHAINED -> VALUE/ERROR,
   * {@link #cloneResult}): it is written before {@link #resultOrListeners} changes, so a reader on
   * another thread that followed the chain ({@link #resultHolder}) can tell a stale source from the
   * new result.
   */
  static final int CLONING = 32;

  /**
   * The state bits above. Written only on the owning thread, with release semantics so that
   * {@link #isDone()} read from another thread (acquire) sees the result that was stored first;
   * on x86 a release store is a plain store, unlike a volatile one (a full fence, ~20 cycles) that
   * every completion would pay.
   */
  private int state;

  /** Listener list, chain source, value or AsyncError, as {@link #state} says. */
  private Object resultOrListeners;

  /** The zone the future was created in: microtasks and uncaught errors go there. */
  final ZoneImpl zone;

  private static final VarHandle STATE;
  private static final VarHandle RESULT;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(FutureImpl.class, "state", int.class);
      RESULT =
          MethodHandles.lookup()
              .findVarHandle(FutureImpl.class, "resultOrListeners", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** An incomplete future in the current zone. */
  public FutureImpl() {
    this(ZoneImpl.current());
  }

  public FutureImpl(ZoneImpl zone) {
    this.zone = zone;
  }

  /** Dart's {@code _Future.zoneValue}: already completed with {@code value}. */
  public static <T> FutureImpl<T> completed(T value) {
    FutureImpl<T> f = new FutureImpl<>();
    f.setValue(value);
    return f;
  }

  /** A future of {@code zone} already completed with {@code value} (Dart's {@code _setValue}). */
  static FutureImpl<Object> completedIn(ZoneImpl zone, Object value) {
    FutureImpl<Object> f = new FutureImpl<>(zone);
    f.setValue(value);
    return f;
  }

  /** Dart's {@code _Future.immediate(value)}: completion microtask queued now. */
  public static <T> FutureImpl<T> immediate(T value) {
    FutureImpl<T> f = new FutureImpl<>();
    f.asyncCompleteWithValue(value);
    return f;
  }

  /** Dart's {@code _Future.immediate(future)}: chained to {@code source} by the async rules. */
  public static <T> FutureImpl<T> immediateFuture(DFuture<? extends T> source) {
    FutureImpl<T> f = new FutureImpl<>();
    f.chainFuture(source);
    return f;
  }

  /** Dart's {@code _Future.immediateError}: error completion microtask queued now. */
  public static <T> FutureImpl<T> immediateError(AsyncError error) {
    FutureImpl<T> f = new FutureImpl<>();
    f.asyncCompleteError(error);
    return f;
  }

  public EventLoop loop() {
    return zone.loop;
  }

  // ---- state queries ------------------------------------------------------------------------

  private int bits() {
    return state;
  }

  private void setState(int s) {
    STATE.setRelease(this, s);
  }

  boolean mayComplete() {
    return (bits() & COMPLETION_MASK) == INCOMPLETE;
  }

  boolean mayAddListener() {
    return bits() <= (PENDING_COMPLETE | IGNORE_ERROR);
  }

  boolean isChained() {
    return (bits() & CHAINED) != 0;
  }

  /** Completed with a value or an error (not pending, not chained). */
  public boolean isComplete() {
    return (bits() & (VALUE | ERROR)) != 0;
  }

  boolean hasValue() {
    return (bits() & VALUE) != 0;
  }

  public boolean hasError() {
    return (bits() & ERROR) != 0;
  }

  boolean ignoreError() {
    return (bits() & IGNORE_ERROR) != 0;
  }

  @SuppressWarnings("unchecked")
  FutureImpl<Object> chainSource() {
    return (FutureImpl<Object>) resultOrListeners;
  }

  @SuppressWarnings("unchecked")
  public T value() {
    return (T) resultOrListeners;
  }

  public AsyncError error() {
    return (AsyncError) resultOrListeners;
  }

  // ---- state transitions --------------------------------------------------------------------

  /** incomplete -> pending: a completion was decided and is queued as a microtask. */
  void setPendingComplete() {
    setState(PENDING_COMPLETE | (bits() & IGNORE_ERROR));
  }

  /** pending -> incomplete: a foreign future delivered, and we complete now. */
  void clearPendingComplete() {
    setState(bits() & IGNORE_ERROR);
  }

  /** -> chained: listeners were moved to {@code source}. */
  void setChained(FutureImpl<?> source) {
    resultOrListeners = source;
    setState(CHAINED | (bits() & IGNORE_ERROR));
  }

  /** -> value. Listeners must have been removed first. */
  void setValue(Object value) {
    resultOrListeners = value;
    setState(VALUE | (bits() & IGNORE_ERROR));
  }

  /** -> error. Listeners must have been removed first. */
  void setErrorObject(AsyncError error) {
    resultOrListeners = error;
    setState(ERROR | (bits() & IGNORE_ERROR));
  }

  /** -> the completed state of {@code source}. */
  void cloneResult(FutureImpl<?> source) {
    if (isChained()) {
      setState(bits() | CLONING); // Ordered before the next store: see CLONING.
    }
    RESULT.setRelease(this, source.resultOrListeners);
    setState((source.bits() & COMPLETION_MASK) | (bits() & IGNORE_ERROR));
  }

  /**
   * The future that holds this one's result (this one, or the end of its chain), or null while
   * there is none: safe from any thread, without locks. Completed futures never change again, so
   * once non-null the holder's value or error can be read directly.
   */
  FutureImpl<?> resultHolder() {
    FutureImpl<?> f = this;
    while (true) {
      int s = (int) STATE.getAcquire(f);
      if ((s & (VALUE | ERROR)) != 0) {
        return f;
      }
      if ((s & CHAINED) == 0 || (s & CLONING) != 0) {
        return null;
      }
      Object source = RESULT.getAcquire(f);
      if ((int) STATE.getAcquire(f) != s) {
        continue; // It changed while we read (CHAINED -> CLONING -> complete): look again.
      }
      f = (FutureImpl<?>) source;
    }
  }

  /** Sets the ignore flag on the end of the chain (Dart's {@code _ignore}). */
  @Override
  public void ignore() {
    if (!zone.loop.isOwnerThread()) {
      zone.loop.post(this::ignore);
      return;
    }
    FutureImpl<?> source = this;
    while (source.isChained()) {
      source = source.chainSource();
    }
    source.setState(source.bits() | IGNORE_ERROR);
  }

  // ---- listeners ----------------------------------------------------------------------------

  /** {@link #addListener} for a caller known to run on the owning isolate. */
  void addListenerOwned(FutureListener listener) {
    if (mayAddListener()) {
      listener.next = (FutureListener) resultOrListeners;
      resultOrListeners = listener;
    } else {
      addLateListener(listener);
    }
  }

  /**
   * {@link #addListenerOwned} when this future is chained or complete; apart so that the common
   * case stays small enough to inline into then().
   */
  private void addLateListener(FutureListener listener) {
    if (isChained()) {
      FutureImpl<Object> source = chainSource();
      if (!source.isComplete()) {
        source.addListenerOwned(listener);
        return;
      }
      cloneResult(source);
    }
    // A late listener: one microtask per then() call, in this future's zone.
    zone.scheduleMicrotask(() -> propagateToListeners(this, listener));
  }

  void prependListeners(FutureListener listeners) {
    if (listeners == null) {
      return;
    }
    if (mayAddListener()) {
      FutureListener existing = (FutureListener) resultOrListeners;
      resultOrListeners = listeners;
      if (existing != null) {
        FutureListener cursor = listeners;
        while (cursor.next != null) {
          cursor = cursor.next;
        }
        cursor.next = existing;
      }
    } else {
      if (isChained()) {
        FutureImpl<Object> source = chainSource();
        if (!source.isComplete()) {
          source.prependListeners(listeners);
          return;
        }
        cloneResult(source);
      }
      FutureListener reversed = reverseListeners(listeners);
      zone.scheduleMicrotask(() -> propagateToListeners(this, reversed));
    }
  }

  /** Takes the listener list, back in registration order. */
  FutureListener removeListeners() {
    FutureListener current = (FutureListener) resultOrListeners;
    resultOrListeners = null;
    return reverseListeners(current);
  }

  private static FutureListener reverseListeners(FutureListener listeners) {
    FutureListener prev = null;
    FutureListener current = listeners;
    while (current != null) {
      FutureListener next = current.next;
      current.next = prev;
      prev = current;
      current = next;
    }
    return prev;
  }

  // ---- chaining -----------------------------------------------------------------------------

  /** Completes {@code target} with the result of a DFuture that is not ours. */
  static void chainForeignFuture(DFuture<?> source, FutureImpl<Object> target) {
    target.setPendingComplete();
    try {
      source.then(
          value -> {
            target.clearPendingComplete();
            target.completeWithValue(value);
            return null;
          },
          (Throwable error, StackTrace stack) -> {
            target.completeError(new AsyncError(error, stack));
            return null;
          });
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      AsyncError error = new AsyncError(e, StackTrace.of(e));
      ZoneImpl.current().scheduleMicrotask(() -> target.completeError(error));
    }
  }

  /** Takes the result of {@code source} now if it has one, else moves our listeners to it. */
  static void chainCoreFutureSync(FutureImpl<?> source, FutureImpl<?> target) {
    while (source.isChained()) {
      source = source.chainSource();
    }
    if (source == target) {
      target.asyncCompleteError(selfCompletionError(source));
      return;
    }
    source.setState(source.bits() | (target.bits() & IGNORE_ERROR));
    if (source.isComplete()) {
      FutureListener listeners = target.removeListeners();
      target.cloneResult(source);
      propagateToListeners(target, listeners);
    } else {
      FutureListener listeners = (FutureListener) target.resultOrListeners;
      target.setChained(source);
      source.prependListeners(listeners);
    }
  }

  /** Like {@link #chainCoreFutureSync} but never runs listeners synchronously. */
  static void chainCoreFutureAsync(FutureImpl<?> source, FutureImpl<?> target) {
    while (source.isChained()) {
      source = source.chainSource();
    }
    if (source == target) {
      target.asyncCompleteError(selfCompletionError(source));
      return;
    }
    if (!source.isComplete()) {
      FutureListener listeners = (FutureListener) target.resultOrListeners;
      target.setChained(source);
      source.prependListeners(listeners);
      return;
    }
    if (!source.hasError() && target.resultOrListeners == null) {
      target.cloneResult(source); // A value and nobody listening yet: take it now.
      return;
    }
    target.setPendingComplete();
    FutureImpl<?> finalSource = source;
    target.zone.scheduleMicrotask(() -> chainCoreFutureSync(finalSource, target));
  }

  private static AsyncError selfCompletionError(Object source) {
    ArgumentError error =
        ArgumentError.value(source, null, "Cannot complete a future with itself");
    return new AsyncError(error, StackTrace.current());
  }

  // ---- completion ---------------------------------------------------------------------------

  /** Synchronous completion with a value or (chaining) a future: Dart's {@code _complete}. */
  @SuppressWarnings("unchecked")
  public void complete(Object value) {
    if (value instanceof FutureImpl<?> f && f.zone.loop == zone.loop) {
      chainCoreFutureSync(f, this);
    } else if (value instanceof DFuture<?> foreign) {
      chainForeignFuture(foreign, (FutureImpl<Object>) this);
    } else {
      completeWithValue(value);
    }
  }

  public void completeWithValue(Object value) {
    FutureListener listeners = removeListeners();
    setValue(value);
    if (listeners != null && listeners.next == null && listeners.isPlainAwait()) {
      // One listener, an await in a zone that does not see it: what propagateToListeners would
      // do, without its generic steps (one hand-off in two is this path in a ping-pong).
      listeners.resumePlainAwait(value);
      return;
    }
    propagateToListeners(this, listeners);
  }

  public void completeError(AsyncError error) {
    FutureListener listeners = removeListeners();
    setErrorObject(error);
    propagateToListeners(this, listeners);
  }

  /** Asynchronous completion: a value completes in a microtask queued now. */
  public void asyncComplete(Object value) {
    if (value instanceof DFuture<?> f) {
      chainFuture(f);
    } else {
      asyncCompleteWithValue(value);
    }
  }

  public void asyncCompleteWithValue(Object value) {
    setPendingComplete();
    ZoneImpl z = zone;
    if ((z.custom & ZoneImpl.MICROTASK_BITS) == 0 && z.loop.isOwnerThread()) {
      z.loop.scheduleMicrotask(new ValueCompletion(z, this, value)); // What the root zone does.
    } else {
      z.scheduleMicrotask(() -> completeWithValue(value));
    }
  }

  /**
   * The microtask of {@link #asyncCompleteWithValue} in a zone that does not intercept microtasks:
   * the queue entry and the task in one object (per completion: 24 B and an allocation less).
   */
  private static final class ValueCompletion extends MicrotaskQueue.Entry implements Runnable {
    private final FutureImpl<?> future;
    private final Object value;

    ValueCompletion(ZoneImpl zone, FutureImpl<?> future, Object value) {
      super(zone);
      this.future = future;
      this.value = value;
    }

    /**
     * The microtask: the future completes, and nothing runs after its listeners in this microtask,
     * so a body its one plain await resumes is resumed in tail position ({@link
     * Carrier#enterTail}).
     */
    @Override
    public void run() {
      FutureImpl<?> f = future;
      FutureListener listeners = f.removeListeners();
      f.setValue(value);
      if (listeners != null && listeners.next == null && listeners.isPlainAwait()) {
        Carrier carrier = ((Body) listeners.callback).carrier;
        Body saved = carrier.enterTail((Body) listeners.callback);
        try {
          listeners.resumePlainAwait(value);
        } finally {
          carrier.exitTail(saved);
        }
        return;
      }
      propagateToListeners(f, listeners);
    }

    /**
     * The body this microtask would resume and nothing else: the await of a body of {@code
     * carrier} is the future's one listener, a plain one, and it is that body's current await.
     * Null otherwise. Changes nothing.
     */
    Body onlyResumption(Carrier carrier) {
      Object listeners = future.resultOrListeners;
      if (!(listeners instanceof FutureListener l) || l.next != null || !l.isPlainAwait()) {
        return null;
      }
      Body body = (Body) l.callback;
      return body.carrier == carrier && body.isCurrentAwait(l.awaitNumber) ? body : null;
    }

    /**
     * Runs this microtask, polled already, for a carrier passing the baton straight to the body
     * that {@link #onlyResumption} named: the future completes and the body is moved to RESUMING
     * (it is not run: the caller mounts it).
     */
    void completeForDirectPass(Body body) {
      FutureListener l = future.removeListeners();
      future.setValue(value);
      body.resumeDirectly(l.awaitNumber, value);
    }
  }

  /**
   * The body that microtask {@code entry} would resume and nothing else ({@link
   * ValueCompletion#onlyResumption}), or null for any other microtask.
   */
  static Body onlyResumptionOf(MicrotaskQueue.Entry entry, Carrier carrier) {
    return entry instanceof ValueCompletion vc ? vc.onlyResumption(carrier) : null;
  }

  /** Runs {@code entry}, which {@link #onlyResumptionOf} named {@code body} for, polled already. */
  static void completeForDirectPass(MicrotaskQueue.Entry entry, Body body) {
    ((ValueCompletion) entry).completeForDirectPass(body);
  }

  @SuppressWarnings("unchecked")
  public void chainFuture(DFuture<?> value) {
    if (value instanceof FutureImpl<?> f && f.zone.loop == zone.loop) {
      chainCoreFutureAsync(f, this);
    } else {
      chainForeignFuture(value, (FutureImpl<Object>) this);
    }
  }

  public void asyncCompleteError(AsyncError error) {
    setPendingComplete();
    zone.scheduleMicrotask(() -> completeError(error));
  }

  // ---- propagation --------------------------------------------------------------------------

  /**
   * Runs {@code listeners} against the completed {@code source}: synchronously and depth-first
   * (each listener's own listeners run before the next sibling), as Dart's
   * {@code _propagateToListeners}. An error with no listener goes to the source zone's uncaught
   * error handler unless ignored; an error never crosses into another error zone.
   */
  static void propagateToListeners(FutureImpl<?> source, FutureListener listeners) {
    while (true) {
      boolean hasError = source.hasError();
      if (listeners == null) {
        if (hasError && !source.ignoreError()) {
          AsyncError error = source.error();
          source.zone.handleUncaughtError(error.error(), error.stackTrace());
        }
        return;
      }
      // Several listeners: each but the last in a recursive call, so that its own listeners run
      // before the next sibling (depth-first).
      FutureListener listener = listeners;
      FutureListener nextListener = listener.next;
      while (nextListener != null) {
        listener.next = null;
        propagateToListeners(source, listener);
        listener = nextListener;
        nextListener = listener.next;
      }

      Object sourceResult = source.resultOrListeners;
      boolean listenerHasError = hasError;
      Object listenerValueOrError = sourceResult;

      if (hasError || listener.handlesValue() || listener.handlesComplete()) {
        ZoneImpl zone = listener.zone();
        if (hasError && !source.zone.inSameErrorZone(zone)) {
          listener.clearCallbacks();
          AsyncError error = source.error(); // Errors do not cross error-zone boundaries.
          source.zone.handleUncaughtError(error.error(), error.stackTrace());
          return;
        }
        EventLoop loop = zone.loop;
        ZoneImpl oldZone = loop.zone;
        loop.zone = zone;
        Body inBody = (listener.kind & FutureListener.AWAIT) == 0 ? loop.enterCallback() : null;
        try {
          if (listener.handlesComplete()) {
            Object completeResult;
            try {
              completeResult = listener.handleWhenComplete();
              if (completeResult instanceof FutureImpl<?> f
                  && f.zone.loop == loop
                  && f.isComplete()) {
                if (f.hasError()) {
                  listenerValueOrError = f.error();
                  listenerHasError = true;
                }
              } else if (completeResult instanceof DFuture<?> f) {
                FutureImpl<?> originalSource = source;
                listenerValueOrError = f.thenCompose(ignored -> originalSource);
                listenerHasError = false;
              }
            } catch (Throwable e) {
              IsolateStop.rethrowIfStop(e);
              listenerValueOrError =
                  hasError && source.error().error() == e
                      ? source.error() // Rethrow of the same error keeps its stack trace.
                      : new AsyncError(e, StackTrace.of(e));
              listenerHasError = true;
            }
          } else if (!hasError) {
            if (listener.handlesValue()) {
              try {
                listenerValueOrError = listener.handleValue(sourceResult);
              } catch (Throwable e) {
                IsolateStop.rethrowIfStop(e);
                listenerValueOrError = new AsyncError(e, StackTrace.of(e));
                listenerHasError = true;
              }
            }
          } else {
            AsyncError error = source.error();
            try {
              if (listener.matchesErrorTest(error) && listener.handlesError()) {
                listenerValueOrError = listener.handleError(error);
                listenerHasError = false;
              }
            } catch (Throwable e) {
              IsolateStop.rethrowIfStop(e);
              listenerValueOrError =
                  error.error() == e ? error : new AsyncError(e, StackTrace.of(e));
              listenerHasError = true;
            }
          }
        } finally {
          EventLoop.exitCallback(inBody);
          loop.zone = oldZone;
        }
        if ((listener.kind & FutureListener.AWAIT) != 0 && !listenerHasError) {
          // An await's listener is nobody's future: nothing listens to it, and nothing keeps it
          // once it resumed its body. Completing it would only be garbage work. (If the
          // resumption threw, a pinned hand-over, the error goes on below: uncaught in its zone.)
          return;
        }
        listener.clearCallbacks();

        if (!listenerHasError
            && listenerValueOrError instanceof DFuture<?> chainSource
            && (listener.chainsResult() || listener.handlesComplete())) {
          FutureImpl<Object> result = listener;
          if (chainSource instanceof FutureImpl<?> core && core.zone.loop == result.zone.loop) {
            if (core.isComplete()) {
              listeners = result.removeListeners();
              result.cloneResult(core);
              // Continue from the result, not from core: an error with no listener is reported
              // by (and silenced by the ignore flag of) the future that ends up holding it
              // (SDK tests/lib/async/ignore_regress_56806_test.dart; docs/semantics.md
              // §2.3).
              source = result;
              continue;
            }
            chainCoreFutureSync(core, result);
          } else {
            chainForeignFuture(chainSource, result);
          }
          return;
        }
      } else {
        listener.clearCallbacks(); // A value for an error handler: it never runs.
      }

      FutureImpl<Object> result = listener;
      listeners = result.removeListeners();
      if (!listenerHasError) {
        result.setValue(listenerValueOrError);
      } else {
        result.setErrorObject((AsyncError) listenerValueOrError);
      }
      source = result;
    }
  }

  // ---- the DFuture API ----------------------------------------------------------------------

  /**
   * Registers a listener; it is also the returned future. Its callbacks run on the isolate that
   * registers it, in the zone current there:
   *
   * <ul>
   *   <li>on this future's own isolate: directly;
   *   <li>on another isolate: on a local future of that isolate, which a bridge completes with
   *       this one's result ({@link #bridgeInto}), so that code of an isolate only ever runs on it;
   *   <li>on a thread that belongs to no isolate: posted to this future's isolate, in its zone.
   * </ul>
   */
  @SuppressWarnings("unchecked")
  private <R> DFuture<R> listen(int kind, Object callback, Object errorCallback, Predicate<?> test) {
    EventLoop owner = zone.loop;
    if (owner.isOwnerThread()) {
      FutureListener listener = new FutureListener(owner.zone, kind, callback, errorCallback, test);
      listener.register(); // With the zone's register handlers, if it has any.
      addListenerOwned(listener);
      return (DFuture<R>) (DFuture<?>) listener;
    }
    EventLoop caller = EventLoop.current();
    if (caller != null) {
      return bridgeInto(caller).listen(kind, callback, errorCallback, test);
    }
    FutureListener listener = new FutureListener(zone, kind, callback, errorCallback, test);
    owner.post(new ForeignRegistration(this, listener));
    return (DFuture<R>) (DFuture<?>) listener;
  }

  /**
   * A future of isolate {@code caller} (the calling one) that completes with this future's result:
   * the bridge for code of one isolate that listens to, awaits or chains a future of another. It
   * holds {@code caller} open until the result arrives or this future's isolate ends.
   */
  FutureImpl<T> bridgeInto(EventLoop caller) {
    FutureImpl<T> local = new FutureImpl<>(caller.zone);
    KeepAlive waiting = caller.keepAlive("waiting for a future of another isolate");
    zone.loop.post(new IsolateBridge<>(this, local, waiting));
    return local;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R> DFuture<R> then(Function<? super T, ? extends R> onValue) {
    Checks.notNull(onValue, "onValue");
    EventLoop loop = zone.loop;
    if (!loop.isOwnerThread()) {
      return listen(FutureListener.VALUE, onValue, null, null);
    }
    // The hot path: one ownership check instead of two (about 10% of a then-chain stage).
    ZoneImpl current = loop.zone;
    FutureListener listener =
        new FutureListener(current, FutureListener.VALUE, onValue, null, null);
    if (current.customizes(ZoneImpl.REGISTER_BITS)) {
      listener.register(); // A zone with a register handler; the root path skips the call.
    }
    addListenerOwned(listener);
    return (DFuture<R>) (DFuture<?>) listener;
  }

  @Override
  public <R> DFuture<R> then(
      Function<? super T, ? extends R> onValue, Function<? super Throwable, ? extends R> onError) {
    return thenWithError(onValue, onError);
  }

  /** then(onValue, onError); onError is optional, as in Dart. */
  private <R> DFuture<R> thenWithError(Function<? super T, ? extends R> onValue, Object onError) {
    if (onError == null) {
      return then(onValue);
    }
    Checks.notNull(onValue, "onValue");
    return listen(
        FutureListener.VALUE | FutureListener.ERROR, onValue, onError, null);
  }

  @Override
  public <R> DFuture<R> then(
      Function<? super T, ? extends R> onValue,
      BiFunction<? super Throwable, ? super StackTrace, ? extends R> onError) {
    return thenWithError(onValue, onError);
  }

  @Override
  public <R> DFuture<R> thenCompose(Function<? super T, ? extends DFuture<R>> onValue) {
    Checks.notNull(onValue, "onValue");
    return listen(
        FutureListener.VALUE | FutureListener.CHAIN, onValue, null, null);
  }

  @Override
  public DFuture<T> catchError(Function<? super Throwable, ? extends T> onError) {
    return catchErrorImpl(onError, null);
  }

  @Override
  public DFuture<T> catchError(
      Function<? super Throwable, ? extends T> onError, Predicate<? super Throwable> test) {
    return catchErrorImpl(onError, test);
  }

  @Override
  public DFuture<T> catchError(
      BiFunction<? super Throwable, ? super StackTrace, ? extends T> onError) {
    return catchErrorImpl(onError, null);
  }

  @Override
  public DFuture<T> catchError(
      BiFunction<? super Throwable, ? super StackTrace, ? extends T> onError,
      Predicate<? super Throwable> test) {
    return catchErrorImpl(onError, test);
  }

  /** catchError(onError, test: test); test is optional (null), as in Dart. */
  private DFuture<T> catchErrorImpl(Object onError, Predicate<? super Throwable> test) {
    Checks.notNull(onError, "onError");
    int kind = FutureListener.ERROR | (test != null ? FutureListener.TEST : 0);
    return listen(kind, null, onError, test);
  }

  @Override
  public DFuture<T> whenComplete(Callable<?> action) {
    Checks.notNull(action, "action");
    return listen(FutureListener.WHEN_COMPLETE, action, null, null);
  }

  @Override
  public <E extends Throwable> DFuture<T> onError(
      Class<E> type,
      BiFunction<? super E, ? super StackTrace, ? extends T> handler,
      Predicate<? super E> test) {
    Checks.notNull(type, "type");
    Checks.notNull(handler, "handler");
    BiFunction<Throwable, StackTrace, T> filtered =
        (error, stack) -> {
          if (!type.isInstance(error) || (test != null && !test.test(type.cast(error)))) {
            throw Sneaky.<RuntimeException>rethrow(error); // Same object: keeps its stack trace.
          }
          return handler.apply(type.cast(error), stack);
        };
    return catchErrorImpl(filtered, null);
  }

  @Override
  public DFuture<T> timeout(Duration timeLimit) {
    return timeoutImpl(timeLimit, null);
  }

  @Override
  public DFuture<T> timeout(Duration timeLimit, Callable<? extends T> onTimeout) {
    return timeoutImpl(timeLimit, onTimeout);
  }

  /** timeout(timeLimit, onTimeout: onTimeout); onTimeout is optional (null), as in Dart. */
  private DFuture<T> timeoutImpl(Duration timeLimit, Callable<? extends T> onTimeout) {
    Checks.notNull(timeLimit, "timeLimit");
    if (isComplete()) {
      return immediateFuture(this);
    }
    FutureImpl<T> future = new FutureImpl<>();
    Timer timer;
    if (onTimeout == null) {
      timer =
          new Timer(
              timeLimit,
              () ->
                  future.completeError(
                      new AsyncError(
                          new TimeoutException("Future not completed", timeLimit),
                          StackTrace.empty())));
    } else {
      ZoneImpl current = ZoneImpl.current();
      Callable<? extends T> registered = current.registerCallback(onTimeout);
      timer =
          new Timer(
              timeLimit,
              () -> {
                Object value;
                try {
                  value = current.run(registered);
                } catch (Throwable e) {
                  IsolateStop.rethrowIfStop(e);
                  future.completeError(new AsyncError(e, StackTrace.of(e)));
                  return;
                }
                future.completeWithValue(value);
              });
    }
    then(
        value -> {
          if (timer.isActive()) {
            timer.cancel();
            future.completeWithValue(value);
          }
          return null;
        },
        (Throwable error, StackTrace stack) -> {
          if (timer.isActive()) {
            timer.cancel();
            future.completeError(new AsyncError(error, stack));
          }
          return null;
        });
    return future;
  }

  /**
   * Whether an await in {@code awaitZone} of {@code loop} may take this future's result without
   * the microtask hop, as far as the future is concerned: it is of that isolate and complete, no
   * zone would see the hop (the awaiting zone is its own, or its zone runs microtasks unchanged),
   * and an error would not cross error zones (which would make it uncaught instead). Whether
   * nothing else runs first is the carrier's to say ({@link Carrier#canResumeInline}).
   */
  boolean mayAwaitInline(EventLoop loop, ZoneImpl awaitZone) {
    ZoneImpl own = zone;
    return own.loop == loop
        && isComplete()
        && (own == awaitZone || own.mayElideMicrotask())
        && (!hasError() || own.inSameErrorZone(awaitZone));
  }

  /**
   * Registers an await continuation (Dart's {@code _thenAwait}) for await number {@code await} of
   * {@code body}; called on this future's own isolate, in the body's zone.
   */
  void thenAwait(Body body, int await) {
    if (body.awaitCallbacks != null) {
      AwaitCallbacks.decide(body, zone.loop.zone); // The first await registers (a zone's body).
    }
    FutureListener listener =
        new FutureListener(
            zone.loop.zone,
            FutureListener.VALUE | FutureListener.ERROR | FutureListener.AWAIT,
            body,
            null,
            null);
    listener.awaitNumber = await;
    addListenerOwned(listener);
  }

  // ---- java.util.concurrent.Future ----------------------------------------------------------

  /**
   * Dart futures cannot be cancelled: always false, and nothing changes (the contract allows a
   * task that "could not be cancelled").
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return false;
  }

  @Override
  public boolean isCancelled() {
    return false;
  }

  @Override
  public boolean isDone() {
    return resultHolder() != null;
  }

  @Override
  public State state() {
    FutureImpl<?> holder = resultHolder();
    if (holder == null) {
      return State.RUNNING;
    }
    return holder.hasError() ? State.FAILED : State.SUCCESS;
  }

  @Override
  @SuppressWarnings("unchecked")
  public T resultNow() {
    FutureImpl<?> holder = resultHolder();
    if (holder == null) {
      throw new IllegalStateException("Task has not completed");
    }
    if (holder.hasError()) {
      throw new IllegalStateException("Task completed with exception");
    }
    return (T) holder.value();
  }

  @Override
  public Throwable exceptionNow() {
    FutureImpl<?> holder = resultHolder();
    if (holder == null) {
      throw new IllegalStateException("Task has not completed");
    }
    if (!holder.hasError()) {
      throw new IllegalStateException("Task completed with a result");
    }
    return holder.error().error();
  }

  @Override
  public T get() throws InterruptedException, ExecutionException {
    if (resultHolder() == null) {
      EventLoop current = EventLoop.current();
      if (current != null) {
        Awaits.requireAwaitable(current, "Future.get()");
        try {
          return Awaits.await(this);
        } catch (InterruptedException e) {
          throw e;
        } catch (Throwable e) {
          IsolateStop.rethrowIfStop(e);
          throw new ExecutionException(e);
        }
      }
      try {
        ForeignWaiter.await(this, -1);
      } catch (java.util.concurrent.TimeoutException impossible) {
        throw new AssertionError(impossible); // No time limit was given.
      }
    }
    return reportCompleted();
  }

  @Override
  public T get(long timeout, java.util.concurrent.TimeUnit unit)
      throws InterruptedException, ExecutionException, java.util.concurrent.TimeoutException {
    Checks.notNull(unit, "unit");
    if (resultHolder() == null) {
      long nanos = unit.toNanos(timeout);
      EventLoop current = EventLoop.current();
      if (current != null) {
        Awaits.requireAwaitable(current, "Future.get(timeout)");
        Object outcome;
        try {
          outcome = Awaits.await(timeout(Duration.ofNanos(Math.max(0, nanos)), () -> uncheckedCast(TIMED_OUT)));
        } catch (InterruptedException e) {
          throw e;
        } catch (Throwable e) {
          IsolateStop.rethrowIfStop(e);
          throw new ExecutionException(e);
        }
        if (outcome == TIMED_OUT) {
          throw new java.util.concurrent.TimeoutException("Future not completed");
        }
        return uncheckedCast(outcome);
      }
      ForeignWaiter.await(this, Math.max(0, nanos));
    }
    return reportCompleted();
  }

  /** What get(timeout) inside a body gets back when the limit passed first. */
  private static final Object TIMED_OUT = new Object();

  @SuppressWarnings("unchecked")
  private static <T> T uncheckedCast(Object value) {
    return (T) value;
  }

  /** The JDK's reporting of a completed future: the value, or its error in ExecutionException. */
  private T reportCompleted() throws ExecutionException {
    FutureImpl<?> holder = resultHolder();
    if (holder.hasError()) {
      throw new ExecutionException(holder.error().error());
    }
    return uncheckedCast(holder.value());
  }

  @Override
  public String toString() {
    return "Instance of 'Future<dynamic>'";
  }
}
