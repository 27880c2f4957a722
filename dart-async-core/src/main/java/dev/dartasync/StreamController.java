package dev.dartasync;

import dev.dartasync.internal.BroadcastStreamController;
import dev.dartasync.internal.StreamControllerBase;
import dev.dartasync.internal.StreamControllerImpl;
import dev.dartasync.internal.StreamSinkWrapper;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

/**
 * A stream with a control side: Dart's {@code StreamController<T>}, single-subscription by default,
 * or {@linkplain #broadcast() broadcast}.
 *
 * <pre>{@code
 * var c = new StreamController<Integer>()           // Dart: StreamController<int>()
 *     .onListen(() -> print("listen"))              //   (onListen: ..., onCancel: ...)
 *     .onCancel(() -> print("cancel"));
 * var sync = StreamController.<Integer>sync();      // Dart: StreamController<int>(sync: true)
 * }</pre>
 *
 * The hooks ({@code onListen}, {@code onPause}, {@code onResume}, {@code onCancel}) are Dart's
 * named constructor arguments and settable fields; here they are fluent setters returning the
 * controller, or the arguments of the four-argument constructors. A hook runs synchronously, in the
 * zone current at the moment it is called, and what it throws goes to that zone's uncaught-error
 * handling (for {@code onCancel}: to the future {@link StreamSubscription#cancel()} returns).
 *
 * <h2>Delivery</h2>
 *
 * Before anyone listens, events are buffered; {@code listen} hands them to the subscription, which
 * delivers them one per microtask. An async controller (the default) delivers each later event in
 * a microtask of its own; a {@linkplain #sync() sync} controller delivers it synchronously inside
 * {@link #add}/{@link #addError}/{@link #close}, except while the subscription is paused or inside
 * one of its own callbacks (then it is buffered, as for an async controller).
 *
 * <h2>Broadcast controllers</h2>
 *
 * {@link #broadcast()} (Dart's {@code StreamController.broadcast()}) makes a controller whose stream
 * may be listened to any number of times. {@code onListen} runs synchronously inside the first
 * {@code listen}, {@code onCancel} when the last listener leaves (both may run again later); there
 * are no pause hooks. Nothing is buffered for absent listeners: an event (also an error) added while
 * nobody listens is dropped, and a listener gets only the events added after it subscribed. An
 * async broadcast controller queues each event on every current listener, each delivering in a
 * microtask of its own (listeners A and B of {@code add(1); add(2)} see A1 B1 A2 B2); a sync one
 * delivers to every listener, in subscription order, inside {@code add}, and adding an event from
 * inside such a delivery throws {@code Bad state: Cannot fire new event. Controller is already
 * firing an event}. A {@code listen} after {@link #close()} gets only a done event, one microtask
 * later.
 *
 * <h2>Threads</h2>
 *
 * A controller belongs to the isolate it was created on (one created on a thread of no isolate, to
 * the first isolate that listens to it). Called from another thread, every member that returns
 * nothing, the controller or a future ({@code add}, {@code addError}, {@code close}, {@code
 * addStream}, {@code done}, the hook setters) is posted to that isolate as one event and returns at
 * once; {@code close}, {@code addStream} and {@code done} return a future that completes there as
 * the isolate-side call's does. A null argument, and adding after the controller is closed, throw
 * at once on the calling thread; other errors arise on the isolate. The hooks and the listeners'
 * callbacks run only on the isolate. The getters ({@code isClosed}, {@code isPaused}, {@code
 * hasListener}) read a snapshot that may be stale; {@code listen} on the stream from another thread
 * throws {@link StateError}. A call posted after the isolate ended is dropped with a WARN log line.
 * The whole rule: {@link DStream}'s "Threads".
 *
 * <p>A controller is a {@link StreamConsumer} ({@link #addStream}, {@link #close()}), so {@link
 * DStream#pipe} takes it. Java difference: Dart's {@code StreamController} is itself a {@code
 * StreamSink}; here it is not (its {@link #close()} returns a future, {@link EventSink#close()}
 * does not), so {@link #sink()} gives the {@link StreamSink} view, which is also what Dart's
 * {@code sink} getter gives.
 */
public final class StreamController<T> implements StreamConsumer<T> {
  private final StreamControllerBase<T> impl;

  /** Dart's {@code StreamController<T>()}: an async controller without hooks. */
  public StreamController() {
    this(false);
  }

  /**
   * Dart's {@code StreamController(onListen: ..., onPause: ..., onResume: ..., onCancel: ...)}; any
   * hook may be null. For an {@code onCancel} that returns a future, use {@link
   * #onCancel(Callable)}.
   */
  public StreamController(
      Runnable onListen, Runnable onPause, Runnable onResume, Runnable onCancel) {
    this(false);
    onListen(onListen).onPause(onPause).onResume(onResume).onCancel(onCancel);
  }

  /**
   * Dart's {@code StreamController<T>(sync: sync)} with the flag known only at run time: an async
   * controller for false, a {@linkplain #sync() sync} one for true (see the class comment for
   * when each delivers); no hooks.
   */
  public StreamController(boolean sync) {
    this.impl = new StreamControllerImpl<>(sync);
  }

  /**
   * Dart's {@code StreamController(onListen: ..., onPause: ..., onResume: ..., onCancel: ...,
   * sync: sync)}: as the four-hook constructor, async or sync as {@code sync} says. Any hook may
   * be null.
   */
  public StreamController(
      Runnable onListen, Runnable onPause, Runnable onResume, Runnable onCancel, boolean sync) {
    this(sync);
    onListen(onListen).onPause(onPause).onResume(onResume).onCancel(onCancel);
  }

  private StreamController(StreamControllerBase<T> impl) {
    this.impl = impl;
  }

  /** Dart's {@code StreamController<T>(sync: true)}, without hooks; see the class comment. */
  public static <T> StreamController<T> sync() {
    return new StreamController<>(true);
  }

  /** Dart's {@code StreamController(sync: true, onListen: ..., ...)}; any hook may be null. */
  public static <T> StreamController<T> sync(
      Runnable onListen, Runnable onPause, Runnable onResume, Runnable onCancel) {
    StreamController<T> controller = new StreamController<>(true);
    return controller.onListen(onListen).onPause(onPause).onResume(onResume).onCancel(onCancel);
  }

  /**
   * Dart's {@code StreamController<T>.broadcast()}: an async broadcast controller without hooks; see
   * the class comment.
   */
  public static <T> StreamController<T> broadcast() {
    return broadcast(false);
  }

  /**
   * Dart's {@code StreamController<T>.broadcast(sync: sync)}: with {@code sync} true, each event is
   * delivered to every listener synchronously inside {@link #add}/{@link #addError}/{@link #close}.
   */
  public static <T> StreamController<T> broadcast(boolean sync) {
    return new StreamController<>(BroadcastStreamController.<T>create(sync));
  }

  /**
   * Dart's {@code StreamController.broadcast(onListen: ..., onCancel: ...)}; either hook may be
   * null. {@code onListen} runs inside the first listener's {@code listen}, {@code onCancel} when
   * the last listener cancels or gets done.
   */
  public static <T> StreamController<T> broadcast(Runnable onListen, Runnable onCancel) {
    return broadcast(onListen, onCancel, false);
  }

  /** Dart's {@code StreamController.broadcast(onListen: ..., onCancel: ..., sync: sync)}. */
  public static <T> StreamController<T> broadcast(
      Runnable onListen, Runnable onCancel, boolean sync) {
    return StreamController.<T>broadcast(sync).onListen(onListen).onCancel(onCancel);
  }

  // ---- hooks --------------------------------------------------------------------------------

  /**
   * Sets {@code onListen} (null for none): runs synchronously inside the {@code listen} call,
   * after the subscription exists; events it adds are delivered later, never inside
   * {@code listen}. Broadcast: runs inside the first listener's {@code listen} only (again after
   * all listeners left); a sync broadcast controller delivers events it adds at once.
   */
  public StreamController<T> onListen(Runnable onListen) {
    impl.setOnListen(onListen);
    return this;
  }

  /**
   * Sets {@code onPause} (null for none): runs synchronously when the subscription's input becomes
   * paused (its first {@code pause()}, or right after the callback that paused it).
   *
   * @throws UnsupportedError {@code Unsupported operation: Broadcast stream controllers do not
   *     support pause callbacks} on a broadcast controller
   */
  public StreamController<T> onPause(Runnable onPause) {
    impl.setOnPause(onPause);
    return this;
  }

  /**
   * Sets {@code onResume} (null for none): runs synchronously when the subscription's input
   * resumes, which is only once the events buffered during the pause have been delivered.
   *
   * @throws UnsupportedError as {@link #onPause} on a broadcast controller
   */
  public StreamController<T> onResume(Runnable onResume) {
    impl.setOnResume(onResume);
    return this;
  }

  /**
   * Sets {@code onCancel} (null for none): runs synchronously when the subscription ends, by
   * {@code cancel()}, by an error with {@code cancelOnError}, or by the done event (before the
   * listener's {@code onDone} or {@code onError}). Broadcast: when the last listener leaves (for a
   * sync controller delivering an event, after that delivery).
   */
  public StreamController<T> onCancel(Runnable onCancel) {
    impl.setOnCancel(onCancel == null ? null : Executors.callable(onCancel));
    return this;
  }

  /**
   * Sets an {@code onCancel} that returns a DFuture (Dart's {@code onCancel: () => future}), run
   * when {@link #onCancel(Runnable)}'s hook would run: {@code subscription.cancel()} then returns
   * that future (null: an already completed one), and the listener's {@code onDone} (or {@code
   * onError} with {@code cancelOnError}) waits for it. Broadcast: the result is ignored, as in
   * Dart; {@code cancel()} returns a completed future. The result type is a DFuture so that a
   * lambda returning anything else ({@code () -> print("cancel")}, {@code () -> list.add(x)})
   * takes the {@link Runnable} form.
   */
  public StreamController<T> onCancel(Callable<? extends DFuture<?>> onCancel) {
    impl.setOnCancel(onCancel);
    return this;
  }

  // ---- the stream ---------------------------------------------------------------------------

  /**
   * Dart's {@code stream}: the stream this controller controls; a new but equal object per call.
   * It may be listened to once; a second {@code listen} throws {@code Bad state: Stream has
   * already been listened to.}, also after the first listener cancelled. A broadcast controller's
   * stream may be listened to any number of times ({@link DStream#isBroadcast()} is true).
   */
  public DStream<T> stream() {
    return impl.stream();
  }

  // ---- the sink -----------------------------------------------------------------------------

  /**
   * Dart's {@code add(event)}: sends a data event (see the class comment for when it is
   * delivered). Dropped silently if the listener already cancelled; broadcast: dropped if nobody
   * listens now.
   *
   * @throws StateError {@code Bad state: Cannot add event after closing} after {@link #close()};
   *     broadcast: {@code Bad state: Cannot add new events after calling close}, and on a sync
   *     broadcast controller while it delivers an event, {@code Bad state: Cannot fire new event.
   *     Controller is already firing an event}; while an {@link #addStream} runs, its text (see
   *     there)
   */
  public void add(T event) {
    impl.add(event);
  }

  /**
   * Dart's {@code addError(error)}: sends an error event with the error's default stack trace
   * ({@link AsyncError#defaultStackTrace}), after the current zone's {@link Zone#errorCallback},
   * which may replace both. Without an {@code onError} handler on the subscription it becomes an
   * uncaught error of the listener's zone when delivered. Broadcast: dropped (not uncaught) if
   * nobody listens now.
   *
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} for null
   * @throws StateError as {@link #add}
   */
  public void addError(Throwable error) {
    impl.addError(error, null);
  }

  /** Dart's {@code addError(error, stackTrace)}; a null stack trace is as {@link #addError(Throwable)}. */
  public void addError(Throwable error, StackTrace stackTrace) {
    impl.addError(error, stackTrace);
  }

  /**
   * Dart's {@code addStream(source)}: {@link #addStream(DStream, boolean)} with {@code
   * cancelOnError} false (Dart's default), so every error of {@code source} is forwarded and only
   * its done event ends the adding.
   */
  @Override
  public DFuture<Void> addStream(DStream<? extends T> source) {
    return addStream(source, false);
  }

  /**
   * Dart's {@code addStream(source, cancelOnError: cancelOnError)}: listens to {@code source}
   * synchronously inside this call and sends its data and error events as this controller's own,
   * delivered as events from {@link #add}/{@link #addError} would be (see the class comment). The
   * returned future completes with null one microtask after {@code source}'s done event, which is
   * not forwarded: the controller stays open, and {@link #close()} may be called once the future
   * completed. With {@code cancelOnError} true, {@code source}'s first error cancels it, is
   * forwarded, and ends the adding the same way (the future still completes with null: the error
   * goes to the listeners, not to the future).
   *
   * <p>Single-subscription: {@code source} is paused while this controller is paused, which
   * includes "nobody listens yet"; pausing, resuming or cancelling the listener pauses, resumes or
   * cancels {@code source}, and on cancel {@code onCancel} runs after {@code source}'s cancel
   * future, and the returned future completes after that cancel future. If the listener already
   * cancelled, returns a future completing with null in a microtask, without listening.
   *
   * <p>Broadcast: {@code source} is listened to even if nobody listens here, and never paused;
   * each event goes to the listeners of the moment it arrives (dropped if there are none, errors
   * too). Listeners coming and going (the last one leaving runs {@code onCancel}) do not cancel
   * {@code source}.
   *
   * @throws StateError while another {@code addStream} runs ({@link #add}, {@link #addError} and
   *     {@link #close} throw it then too): {@code Bad state: Cannot add event while adding a
   *     stream}, broadcast: {@code Bad state: Cannot add new events while doing an addStream};
   *     after {@link #close()}: {@code Bad state: Cannot add event after closing}, broadcast:
   *     {@code Bad state: Cannot add new events after calling close}; on a sync broadcast
   *     controller while it delivers an event: {@code Bad state: Cannot fire new event.
   *     Controller is already firing an event}
   * @throws ArgumentError {@code Invalid argument(s) (source): Must not be null} for null
   */
  public DFuture<Void> addStream(DStream<? extends T> source, boolean cancelOnError) {
    return impl.addStream(source, cancelOnError);
  }

  /**
   * Dart's {@code close()}: sends the done event and returns {@link #done()}. Calling it again
   * only returns that future.
   *
   * @throws StateError on a sync broadcast controller while it delivers an event (see {@link #add});
   *     during {@link #addStream}: {@code Bad state: Cannot add event while adding a stream},
   *     broadcast: {@code Bad state: Cannot add new events while doing an addStream}
   */
  @Override
  public DFuture<Void> close() {
    return impl.close();
  }

  /**
   * Dart's {@code done}: completes with null one microtask after the subscription ended (done
   * delivered, or cancelled), or after the future {@code onCancel} returned. Never completes if
   * nobody listens. Broadcast: completes one microtask after every listener present at
   * {@link #close()} got done or cancelled, or one microtask after {@code close()} if none was.
   */
  public DFuture<Void> done() {
    return impl.done();
  }

  // ---- state --------------------------------------------------------------------------------

  /** Dart's {@code isClosed}: true from the {@link #close()} call on. */
  public boolean isClosed() {
    return impl.isClosed();
  }

  /**
   * Dart's {@code isPaused}: true before anyone listens; while subscribed, whether the
   * subscription's input is paused (still true while events buffered during a pause drain); false
   * after the subscription ended. Always false for a broadcast controller (each listener pauses on
   * its own).
   */
  public boolean isPaused() {
    return impl.isPaused();
  }

  /**
   * Dart's {@code hasListener}: true only while a subscription is active (not before, not after);
   * broadcast: while at least one listener is subscribed.
   */
  public boolean hasListener() {
    return impl.hasListener();
  }

  // ---- the sink view ------------------------------------------------------------------------

  /**
   * Dart's {@code sink}: a {@link StreamSink} that shows only the sink side of this controller, to
   * hand to code that should add events but not see the stream or the hooks; a new view per call.
   * Each member calls this controller's at once and behaves as it does (same delivery, same
   * errors and texts): {@code add}, {@code addError}, {@code addStream} (with {@code
   * cancelOnError} false), {@code close} (whose future is the view's {@link StreamSink#done()})
   * and {@code done}.
   */
  public StreamSink<T> sink() {
    return new StreamSinkWrapper<>(impl);
  }
}
