package dev.dartasync;

import dev.dartasync.internal.AsBroadcastStream;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.FromFutures;
import dev.dartasync.internal.MultiStream;
import dev.dartasync.internal.PeriodicStream;
import dev.dartasync.internal.StreamFutures;
import dev.dartasync.internal.StreamOperators;
import dev.dartasync.internal.StreamSearches;
import dev.dartasync.internal.Streams;
import dev.dartasync.internal.UnaryErrorHandler;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A source of asynchronous events: Dart's {@code Stream<T>}, with Dart's delivery order.
 *
 * <h2>Ordering</h2>
 *
 * <ul>
 *   <li>A buffered event costs <b>one microtask</b>: a subscription delivers one buffered event per
 *       microtask and requeues at the end of the microtask queue, so other microtasks interleave
 *       ({@code 1 m 2}).
 *   <li>On the done event, and on an error event with {@code cancelOnError}, the subscription is
 *       cancelled first (a controller's {@code onCancel} runs), then {@code onDone}/{@code onError}
 *       is called (after the cancel future, if the source returned one).
 * </ul>
 *
 * <h2>Errors</h2>
 *
 * The listener's callbacks run guarded in the zone current at {@code listen}: what they throw goes
 * to that zone's uncaught-error handling. An error event with no {@code onError} handler goes
 * there too (in the root zone, that stops the isolate).
 *
 * <h2>Error handlers</h2>
 *
 * {@code onError} comes in Dart's two shapes, {@code (e) -> ...} ({@link Consumer}) and {@code (e,
 * st) -> ...} ({@link BiConsumer}); Java picks the overload from the lambda's arity. Dart's named
 * arguments become overloads: every combination of {@code onError}, {@code onDone} ({@code () ->
 * ...}) and {@code cancelOnError} that leaves out a later one has its own, so {@code listen(v ->
 * ..., () -> done())} needs no null for {@code onError}. A typed null such as {@code
 * (BiConsumer<Throwable, StackTrace>) null} is only needed for the four-argument form.
 *
 * <p>Broadcast streams come from {@link StreamController#broadcast()} and {@link
 * #asBroadcastStream()}. The forwarding operators ({@code map}, {@code where}, {@code take}, ...)
 * listen to this stream inside their own {@code listen} and pass events on synchronously: an
 * operator adds no microtask, and a broadcast stream gives a broadcast result.
 *
 * <h2 id="threads">Threads</h2>
 *
 * A controller belongs to the isolate it was created on (one created on a thread of no isolate, to
 * the first isolate that listens to it), a subscription to the isolate that listened; their
 * callbacks and hooks run only there. The rule for a member of a controller, a subscription, a
 * {@link StreamSink} or a {@link MultiStreamController} called on another thread (a JDBC callback,
 * a plain thread, an isolate that ended):
 *
 * <ul>
 *   <li><b>Commands are posted.</b> A member that returns nothing, the controller, or a future
 *       ({@code add}, {@code addError}, {@code close}, {@code addStream}, {@code done}, {@code
 *       pause}, {@code resume}, {@code cancel}, the {@code onData}/{@code onError}/{@code onDone}
 *       handler setters, the {@code onListen}/{@code onPause}/{@code onResume}/{@code onCancel}
 *       hook setters) is posted to the owning isolate as one event and returns at once; posted
 *       calls run in the order they were made, after the event the isolate is running. A future it
 *       returns belongs to the isolate and completes there as the isolate-side call's future does
 *       (it is not the same object). Until its event runs, nothing has changed: {@code isClosed()}
 *       right after a foreign {@code close()} may still be false. What the calling thread can check
 *       safely is checked at once, so such a misuse still throws there: a null argument, and
 *       adding to a controller already closed ({@code Bad state: Cannot add event after
 *       closing}). Any other error of the call arises on the isolate: in the returned future, or,
 *       for a member that returns nothing, as an uncaught error of the isolate's root zone, as a
 *       throw in any event is.
 *   <li><b>Members that listen are refused.</b> {@link #listen} (and so every member built on it,
 *       such as {@code toList}, {@code first}, {@code forEach}, {@code drain}), {@link
 *       StreamSubscription#asFuture} and {@link StreamIterator#moveNext} must run on the isolate:
 *       elsewhere they throw {@link StateError} ({@code Bad state: DStream.listen was called on
 *       thread '…', which does not belong to the isolate that owns this stream: …}) before
 *       anything changes. On a thread of no isolate, members that need the current zone throw
 *       {@code IllegalStateException} naming {@code Dart.run} instead, as {@code new Completer()}
 *       does. Operators that only build a stream ({@code map}, {@code where}, …) change nothing
 *       and may be called anywhere; the stream they return is listened to on an isolate.
 *   <li><b>Getters read a snapshot.</b> {@code isPaused}, {@code isClosed}, {@code hasListener}
 *       and {@code StreamIterator.current} read the state without synchronization: the answer may
 *       be stale.
 * </ul>
 *
 * A posted call does not keep the isolate alive (a foreign {@code Completer.complete} does not
 * either): if the isolate ended first, the call is dropped with a WARN line (logger {@code
 * dev.dartasync.DStream}) and a future it returned never completes. To feed a stream from another
 * thread for as long as needed, keep the isolate alive ({@code Completer.keepAlive()}, an open
 * {@code ReceivePort}), or bridge the producer with {@link FlowStreams#fromPublisher}. User code
 * never runs on the calling thread.
 */
public interface DStream<T> {

  /**
   * Dart's {@code listen(onData, onError: ..., onDone: ..., cancelOnError: ...)}: subscribes and
   * returns the subscription. Synchronously inside this call the source starts (a controller's
   * {@code onListen} runs); events arrive later, in microtasks or synchronously from the source's
   * {@code add}, never inside this call. The callbacks are registered in the current zone now
   * and later run in it, guarded (see the class comment).
   *
   * @param onData called with each data event; null ignores data
   * @param onError called with each error event and its stack trace; null sends errors to the
   *     zone's uncaught-error handling
   * @param onDone called after the last event; null for none
   * @param cancelOnError whether the first error event cancels the subscription
   * @throws StateError {@code Bad state: Stream has already been listened to.} on a second listen of
   *     a single-subscription stream
   */
  StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError);

  /** {@link #listen(Consumer, BiConsumer, Runnable, boolean)} with a one-argument {@code onError}. */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData,
      Consumer<? super Throwable> onError,
      Runnable onDone,
      boolean cancelOnError) {
    return listen(onData, UnaryErrorHandler.of(onError), onDone, cancelOnError);
  }

  /** Dart's {@code listen(onData)}: no error handler (errors are uncaught), no done handler. */
  default StreamSubscription<T> listen(Consumer<? super T> onData) {
    return listen(onData, (BiConsumer<Throwable, StackTrace>) null, null, false);
  }

  /** Dart's {@code listen(onData, onError: (e) => ...)}. */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData, Consumer<? super Throwable> onError) {
    return listen(onData, onError, null, false);
  }

  /** Dart's {@code listen(onData, onError: (e, st) => ...)}. */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData, BiConsumer<? super Throwable, ? super StackTrace> onError) {
    return listen(onData, onError, null, false);
  }

  /** Dart's {@code listen(onData, onError: (e) => ..., onDone: ...)}. */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData, Consumer<? super Throwable> onError, Runnable onDone) {
    return listen(onData, onError, onDone, false);
  }

  /** Dart's {@code listen(onData, onError: (e, st) => ..., onDone: ...)}. */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone) {
    return listen(onData, onError, onDone, false);
  }

  /**
   * Dart's {@code listen(onData, onDone: ...)}: no error handler (error events are uncaught in
   * the listener's zone); {@code onDone} runs after the last event. Callbacks run as in {@link
   * #listen(Consumer, BiConsumer, Runnable, boolean)}.
   */
  default StreamSubscription<T> listen(Consumer<? super T> onData, Runnable onDone) {
    return listen(onData, (BiConsumer<Throwable, StackTrace>) null, onDone, false);
  }

  /**
   * Dart's {@code listen(onData, onDone: ..., cancelOnError: ...)}, without {@code onError}: error
   * events are uncaught in the listener's zone (and with {@code cancelOnError} the first one
   * cancels). Callbacks run as in {@link #listen(Consumer, BiConsumer, Runnable, boolean)}.
   */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData, Runnable onDone, boolean cancelOnError) {
    return listen(onData, (BiConsumer<Throwable, StackTrace>) null, onDone, cancelOnError);
  }

  /**
   * Dart's {@code listen(onData, cancelOnError: ...)}: no error or done handler; error events are
   * uncaught in the listener's zone. Callbacks run as in {@link #listen(Consumer, BiConsumer,
   * Runnable, boolean)}.
   */
  default StreamSubscription<T> listen(Consumer<? super T> onData, boolean cancelOnError) {
    return listen(onData, (BiConsumer<Throwable, StackTrace>) null, null, cancelOnError);
  }

  /**
   * Dart's {@code listen(onData, onError: (e) => ..., cancelOnError: ...)}, without {@code
   * onDone}: error events go to {@code onError}. Callbacks run as in {@link #listen(Consumer,
   * BiConsumer, Runnable, boolean)}.
   */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData, Consumer<? super Throwable> onError, boolean cancelOnError) {
    return listen(onData, onError, null, cancelOnError);
  }

  /**
   * Dart's {@code listen(onData, onError: (e, st) => ..., cancelOnError: ...)}, without {@code
   * onDone}: error events go to {@code onError}. Callbacks run as in {@link #listen(Consumer,
   * BiConsumer, Runnable, boolean)}.
   */
  default StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      boolean cancelOnError) {
    return listen(onData, onError, null, cancelOnError);
  }

  /**
   * Whether many listeners may listen (Dart's {@code isBroadcast}): true for {@link #empty()}, a
   * broadcast controller's stream and {@link #asBroadcastStream()}.
   */
  default boolean isBroadcast() {
    return false;
  }

  /**
   * Dart's {@code asBroadcastStream()}: a broadcast stream over this one. The first {@code listen}
   * listens to this stream (synchronously, inside that call); its events are then delivered to all
   * current listeners synchronously, in subscription order, as they arrive. This stream stays
   * listened to when the last listener leaves (events arriving then are dropped) and new listeners
   * get the later events. After this stream's done event, a {@code listen} gets only done, one
   * microtask later.
   */
  default DStream<T> asBroadcastStream() {
    return new AsBroadcastStream<>(this, null, null);
  }

  /**
   * Dart's {@code asBroadcastStream(onListen: ..., onCancel: ...)}; either callback may be null.
   * {@code onListen} runs synchronously inside {@code listen} when the broadcast stream gets its
   * first listener (again after all left), {@code onCancel} when its last listener leaves. Both get
   * a handle on the subscription of this stream that may {@code pause}, {@code resume} and
   * {@code cancel} it; cancelling makes the broadcast stream unlistenable (later listens get only
   * done). Replacing its handlers ({@code onData}, {@code onError}, {@code onDone}, {@code
   * asFuture}) throws {@code Unsupported operation: Cannot change handlers of asBroadcastStream
   * source subscription.} The callbacks are registered in the current zone and run in it; what
   * they throw goes to the uncaught-error handling of the zone current when they are called.
   */
  default DStream<T> asBroadcastStream(
      Consumer<StreamSubscription<T>> onListen, Consumer<StreamSubscription<T>> onCancel) {
    return new AsBroadcastStream<>(this, onListen, onCancel);
  }

  // ---- forwarding operators (stream_pipe.dart) ----
  //
  // Each operator returns a new stream and listens to this one only when that stream is listened
  // to: synchronously, inside its listen call (without cancelOnError). A broadcast source gives a
  // broadcast result (isBroadcast is this stream's). Events pass through synchronously, inside
  // this stream's event delivery: an operator adds no microtask. Pausing, resuming or cancelling
  // the result's subscription pauses, resumes or cancels the subscription to this stream (cancel
  // returns its cancel future). An error thrown by an operator's callback becomes an error event
  // of the result (after the current zone's errorCallback); callbacks run in the zone of the
  // result's listen call. (Types are written out in full here so that this block adds no import.)

  /**
   * Dart's {@code map(convert)}: each data event converted. A throwing {@code convert} gives an
   * error event instead of that data event.
   *
   * @throws ArgumentError {@code Invalid argument(s) (convert): Must not be null} for null
   */
  default <R> DStream<R> map(Function<? super T, ? extends R> convert) {
    return StreamOperators.map(this, convert);
  }

  /**
   * Dart's {@code where(test)}: only the data events that pass {@code test}; a throwing test gives
   * an error event instead of that data event.
   *
   * @throws ArgumentError {@code Invalid argument(s) (test): Must not be null} for null
   */
  default DStream<T> where(Predicate<? super T> test) {
    return StreamOperators.where(this, test);
  }

  /**
   * Dart's {@code expand(convert)}: each element of the iterable {@code convert} returns for a
   * data event is a data event, delivered one after the other inside this stream's delivery. If
   * {@code convert} or the iteration throws, that error is an error event and the rest of that
   * iterable is dropped.
   *
   * @throws ArgumentError {@code Invalid argument(s) (convert): Must not be null} for null
   */
  default <R> DStream<R> expand(
      Function<? super T, ? extends Iterable<? extends R>> convert) {
    return StreamOperators.expand(this, convert);
  }

  /**
   * Dart's {@code handleError(onError)}: every error event goes to {@code onError} (with its stack
   * trace) and is removed from the stream. If {@code onError} throws a new error, that is an error
   * event; if it rethrows the same error object, the error is passed on with its original stack
   * trace.
   *
   * @throws ArgumentError {@code Invalid argument(s) (onError): Must not be null} for null
   */
  default DStream<T> handleError(BiConsumer<? super Throwable, ? super StackTrace> onError) {
    return StreamOperators.handleError(this, onError, null);
  }

  /** Dart's {@code handleError((e) => ...)}: {@link #handleError(BiConsumer)} without the trace. */
  default DStream<T> handleError(Consumer<? super Throwable> onError) {
    return StreamOperators.handleError(
        this, UnaryErrorHandler.of(onError), null);
  }

  /**
   * Dart's {@code handleError(onError, test: test)}: only the error events that pass {@code test}
   * (null: all) are handled; others pass through. A throwing test gives its error as an error
   * event (the original error is dropped).
   */
  default DStream<T> handleError(
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Predicate<? super Throwable> test) {
    return StreamOperators.handleError(this, onError, test);
  }

  /** Dart's {@code handleError((e) => ..., test: test)}. */
  default DStream<T> handleError(
      Consumer<? super Throwable> onError, Predicate<? super Throwable> test) {
    return StreamOperators.handleError(
        this, UnaryErrorHandler.of(onError), test);
  }

  /**
   * Dart's {@code take(count)}: the first {@code count} data events (errors pass through), then
   * done: right after the last one is delivered, this stream's subscription is cancelled and then
   * the listener's {@code onDone} runs (after the cancel future, if it is a real one). {@code
   * take(0)} listens to this stream and cancels it at once, inside {@code listen}, and the listener
   * gets only done, one microtask later. A negative count (no check, as in Dart) lets no data
   * through.
   */
  default DStream<T> take(int count) {
    return StreamOperators.take(this, count);
  }

  /**
   * Dart's {@code skip(count)}: drops the first {@code count} data events of each subscription
   * (errors pass through).
   *
   * @throws RangeError {@code RangeError (count): Invalid value: Not greater than or equal to 0:
   *     -1} for {@code -1}, at the call
   */
  default DStream<T> skip(int count) {
    return StreamOperators.skip(this, count);
  }

  /**
   * Dart's {@code takeWhile(test)}: data events while {@code test} holds; the first that fails it
   * ends the stream (this one is cancelled, then {@code onDone}). A throwing test gives an error
   * event and then ends the stream.
   *
   * @throws ArgumentError {@code Invalid argument(s) (test): Must not be null} for null
   */
  default DStream<T> takeWhile(Predicate<? super T> test) {
    return StreamOperators.takeWhile(this, test);
  }

  /**
   * Dart's {@code skipWhile(test)}: drops data events while {@code test} holds, then passes all
   * from the first that fails it on. A throwing test gives an error event and counts as failing.
   *
   * @throws ArgumentError {@code Invalid argument(s) (test): Must not be null} for null
   */
  default DStream<T> skipWhile(Predicate<? super T> test) {
    return StreamOperators.skipWhile(this, test);
  }

  /**
   * Dart's {@code distinct()}: drops a data event equal ({@link Objects#equals}, Dart's
   * {@code ==}) to the last one passed on; the first always passes. Per subscription.
   */
  default DStream<T> distinct() {
    return StreamOperators.distinct(this, null);
  }

  /**
   * Dart's {@code distinct(equals)}: as {@link #distinct()} with {@code equals(previous, next)}
   * (null: {@code ==}). A throwing {@code equals} gives an error event; the last passed-on event
   * stays the one to compare with.
   */
  default DStream<T> distinct(BiPredicate<? super T, ? super T> equals) {
    return StreamOperators.distinct(this, equals);
  }

  /**
   * Dart's {@code cast<R>()}: the same events, each data event checked against {@code type} when
   * it is delivered. Java difference: the type is a {@link Class}, and a failing check is a {@link
   * ClassCastException} (Java's text) given to the listener's error handler (none: uncaught in the
   * listener's zone); as in Dart it does not cancel, even with {@code cancelOnError}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (type): Must not be null} for null
   */
  default <R> DStream<R> cast(Class<R> type) {
    return StreamOperators.cast(this, type);
  }

  /**
   * Dart's {@code asyncMap(convert)}: each data event converted by a function returning a future;
   * this stream is paused until that future completes, and its value (or error) is then delivered
   * synchronously inside the completion. Built, as in Dart, on a sync controller (broadcast for a
   * broadcast source) whose {@code onListen} listens to this stream. A throwing {@code convert}
   * gives an error event. Java difference: Dart's {@code FutureOr} result is a {@link DFuture}
   * here, typed; for a function that returns plain values (or either), {@link
   * #asyncMapFutureOr}. A null result is delivered as a null data event at once, like Dart's
   * non-future value.
   *
   * @throws ArgumentError {@code Invalid argument(s) (convert): Must not be null} for null
   */
  default <R> DStream<R> asyncMap(
      Function<? super T, ? extends DFuture<? extends R>> convert) {
    return StreamOperators.asyncMap(this, convert);
  }

  /**
   * Dart's {@code asyncMap(convert)} with Dart's {@code FutureOr} result: {@code convert} may
   * return a plain value or a {@link DFuture}, per event. A plain value (null too) is delivered
   * synchronously inside this stream's delivery, and this stream is not paused; a DFuture pauses
   * this stream until it completes, and its value or error is then delivered synchronously inside
   * the completion, as with {@link #asyncMap}. A throwing {@code convert} gives an error event.
   * Built on a sync controller, as {@link #asyncMap}, so the listener's pause, resume and cancel
   * reach this stream.
   *
   * <p>Java difference: a distinct name, because Java picks among overloads before it looks at
   * what a lambda returns ({@code asyncMap(x -> x * 2)} would not compile against the DFuture
   * form). The result type {@code R} is not checked: it is the type the caller states (by the
   * variable assigned to, or {@code s.<String>asyncMapFutureOr(...)}), as Dart's {@code FutureOr}
   * result is; a value of another type shows up as a {@link ClassCastException} where the
   * listener uses it. Any other future type (a {@code CompletableFuture}) is a plain value.
   *
   * @throws ArgumentError {@code Invalid argument(s) (convert): Must not be null} for null
   */
  default <R> DStream<R> asyncMapFutureOr(Function<? super T, ?> convert) {
    return StreamOperators.asyncMapFutureOr(this, convert);
  }

  /**
   * Dart's {@code asyncExpand(convert)}: each data event converted to a stream whose events are
   * delivered in its place: this stream is paused, the new one listened to (at once, inside this
   * stream's delivery) and its events passed on synchronously; one microtask after it is done,
   * this stream resumes. A null result adds nothing; a throwing {@code convert} gives an error
   * event. Pausing the result pauses both streams; cancelling it cancels the inner stream first
   * and this one after that cancel completes. Built on a sync controller, as {@link #asyncMap}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (convert): Must not be null} for null
   */
  default <R> DStream<R> asyncExpand(
      Function<? super T, ? extends DStream<? extends R>> convert) {
    return StreamOperators.asyncExpand(this, convert);
  }

  /**
   * Dart's {@code timeout(timeLimit)}: the same events, but if {@code timeLimit} passes after
   * {@code listen} or after the last event without a new one, an error event {@code
   * TimeoutException after <timeLimit>: No stream event} (empty stack trace) is delivered and the
   * wait starts again. Pausing stops the clock, resuming starts a full new limit. The timer is made
   * in the zone current at this call. Built on a sync controller, as {@link #asyncMap}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (timeLimit): Must not be null} for null
   */
  default DStream<T> timeout(Duration timeLimit) {
    return StreamOperators.timeout(this, timeLimit, null);
  }

  /**
   * Dart's {@code timeout(timeLimit, onTimeout: ...)}: as {@link #timeout(Duration)}, but at a
   * timeout {@code onTimeout} runs (registered and run guarded in the zone current at this call)
   * with a sink whose events are delivered at once; the sink works only during that call, later
   * it throws {@code Bad state: Sink not available}. Null {@code onTimeout} is the default.
   */
  default DStream<T> timeout(Duration timeLimit, Consumer<EventSink<T>> onTimeout) {
    return StreamOperators.timeout(this, timeLimit, onTimeout);
  }

  /**
   * Dart's {@code transform(streamTransformer)}: {@code streamTransformer.bind(this)}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (streamTransformer): Must not be null}
   */
  default <R> DStream<R> transform(StreamTransformer<T, R> streamTransformer) {
    return StreamOperators.transform(this, streamTransformer);
  }

  // ---- end of forwarding operators ----

  // ---- members that return a future (stream.dart) ----
  //
  // Each listens to this stream at once (cancelOnError: true) and completes its future
  // synchronously: inside the event that decides it, or at the done event. A member that stops
  // early cancels the subscription first; if the cancel returned a real future (e.g. a
  // controller's onCancel returned one), the result completes after that future instead. An error
  // event fails the future with that error (the subscription is already cancelled); a callback
  // that throws cancels the subscription and fails the future with what it threw, after the
  // current zone's errorCallback. Texts: "Bad state: No element", "Bad state: Too many elements".

  /**
   * Dart's {@code first}: completes with the first data event, inside its delivery, after
   * cancelling. Empty: fails with {@code Bad state: No element} at done.
   */
  default DFuture<T> first() {
    return StreamFutures.first(this);
  }

  /** Dart's {@code last}: completes with the last data event at done; empty: {@code No element}. */
  default DFuture<T> last() {
    return StreamFutures.last(this);
  }

  /**
   * Dart's {@code single}: completes at done with the only data event; empty: {@code Bad state: No
   * element}; a second data event cancels and fails with {@code Bad state: Too many elements}.
   */
  default DFuture<T> single() {
    return StreamFutures.single(this);
  }

  /** Dart's {@code length}: the number of data events, at done. */
  default DFuture<Integer> length() {
    return StreamFutures.length(this);
  }

  /** Dart's {@code isEmpty}: false inside the first data event (after cancelling); true at done. */
  default DFuture<Boolean> isEmpty() {
    return StreamFutures.isEmpty(this);
  }

  /** Dart's {@code toList()}: a new modifiable {@link List} of the data events, at done. */
  default DFuture<List<T>> toList() {
    return StreamFutures.toList(this);
  }

  /** Dart's {@code toSet()}: a new insertion-ordered {@link Set} of the data events, at done. */
  default DFuture<Set<T>> toSet() {
    return StreamFutures.toSet(this);
  }

  /**
   * Dart's {@code fold(initialValue, combine)}: {@code combine} runs synchronously in each data
   * event; completes with the last value at done ({@code initialValue} if empty).
   */
  default <S> DFuture<S> fold(
      S initialValue, BiFunction<? super S, ? super T, ? extends S> combine) {
    return StreamFutures.fold(this, initialValue, combine);
  }

  /**
   * Dart's {@code reduce(combine)}: the first element is the start value ({@code combine} is not
   * called for it), {@code combine} runs in each later data event; empty: {@code No element}.
   */
  default DFuture<T> reduce(BiFunction<? super T, ? super T, ? extends T> combine) {
    return StreamFutures.reduce(this, combine);
  }

  /** Dart's {@code join()}: the Dart texts ({@link Dart#str}) of the data events, at done. */
  default DFuture<String> join() {
    return StreamFutures.join(this, "");
  }

  /** Dart's {@code join(separator)}: as {@link #join()}, {@code separator} between the texts. */
  default DFuture<String> join(String separator) {
    return StreamFutures.join(this, separator);
  }

  /** Dart's {@code contains(needle)}: true (after cancelling) at the first element equal to it. */
  default DFuture<Boolean> contains(Object needle) {
    return StreamSearches.contains(this, needle);
  }

  /** Dart's {@code any(test)}: true (after cancelling) at the first match; false at done. */
  default DFuture<Boolean> any(Predicate<? super T> test) {
    return StreamSearches.any(this, test);
  }

  /** Dart's {@code every(test)}: false (after cancelling) at the first mismatch; true at done. */
  default DFuture<Boolean> every(Predicate<? super T> test) {
    return StreamSearches.every(this, test);
  }

  /**
   * Dart's {@code elementAt(index)}: the data event at {@code index}, after cancelling. A stream
   * too short fails at done with {@code RangeError (index): Index out of range: index should be
   * less than <count>: <index>} ({@code no indices are valid} if empty) and an empty stack trace.
   *
   * @throws RangeError {@code RangeError (index): Invalid value: Not greater than or equal to 0:
   *     <index>} for a negative index, without listening
   */
  default DFuture<T> elementAt(int index) {
    return StreamFutures.elementAt(this, index);
  }

  /** Dart's {@code firstWhere(test)}: the first match, after cancelling; none: {@code No element}. */
  default DFuture<T> firstWhere(Predicate<? super T> test) {
    return StreamSearches.firstWhere(this, test, null);
  }

  /**
   * Dart's {@code firstWhere(test, orElse: orElse)}: as {@link
   * #firstWhere(Predicate)}, but with no match {@code orElse} runs at done and
   * gives the value (what it throws fails the future).
   */
  default DFuture<T> firstWhere(
      Predicate<? super T> test,
      Callable<? extends T> orElse) {
    return StreamSearches.firstWhere(this, test, orElse);
  }

  /** Dart's {@code lastWhere(test)}: the last match, at done; none: {@code No element}. */
  default DFuture<T> lastWhere(Predicate<? super T> test) {
    return StreamSearches.lastWhere(this, test, null);
  }

  /** Dart's {@code lastWhere(test, orElse: orElse)}: {@code orElse} at done if nothing matched. */
  default DFuture<T> lastWhere(
      Predicate<? super T> test,
      Callable<? extends T> orElse) {
    return StreamSearches.lastWhere(this, test, orElse);
  }

  /**
   * Dart's {@code singleWhere(test)}: the only match, at done; none: {@code No element}; a second
   * match cancels and fails with {@code Bad state: Too many elements}.
   */
  default DFuture<T> singleWhere(Predicate<? super T> test) {
    return StreamSearches.singleWhere(this, test, null);
  }

  /**
   * Dart's {@code singleWhere(test, orElse: orElse)}: {@code orElse} at done if nothing matched; a
   * second match still fails with {@code Too many elements}.
   */
  default DFuture<T> singleWhere(
      Predicate<? super T> test,
      Callable<? extends T> orElse) {
    return StreamSearches.singleWhere(this, test, orElse);
  }

  /**
   * Dart's {@code forEach(action)}: {@code action} runs synchronously in each data event;
   * completes with null at done.
   */
  default DFuture<Void> forEach(Consumer<? super T> action) {
    return StreamFutures.forEach(this, action);
  }

  /** Dart's {@code drain()}: ignores the data; completes with null at done. */
  default DFuture<Void> drain() {
    return StreamFutures.drain(this, (Void) null);
  }

  /**
   * Dart's {@code drain(futureValue)}: {@code listen(null, cancelOnError: true).asFuture(v)}:
   * completes with {@code futureValue} at done (a DFuture is followed).
   */
  default <E> DFuture<E> drain(E futureValue) {
    return StreamFutures.drain(this, futureValue);
  }

  /**
   * Dart's {@code pipe(streamConsumer)} with a {@link StreamController} as the consumer: {@code
   * consumer.addStream(this).then((_) => consumer.close())}. This stream is listened to inside this
   * call; its data and errors become the controller's events; one microtask after this stream's
   * done the controller is closed, and the returned future is the one {@code close()} returns
   * (completing with null when the controller's listener got done). See {@link
   * StreamController#addStream} for the rest (pause, cancel, errors thrown here).
   */
  default DFuture<Void> pipe(StreamController<T> consumer) {
    Checks.notNull(consumer, "streamConsumer");
    return consumer.addStream(this).thenCompose(ignored -> consumer.close());
  }

  /**
   * Dart's {@code pipe(streamConsumer)}: {@code consumer.addStream(this)} synchronously inside this
   * call, then, synchronously inside the completion of the future it returned, {@code
   * consumer.close()}; the returned future follows the one {@code close} returns (its value, or
   * its error). If the {@code addStream} future fails, the returned future fails with that error
   * and {@code close} is not called; if it never completes, neither does the result, and {@code
   * close} is never called. What {@code addStream} throws is thrown from here.
   *
   * @throws ArgumentError {@code Invalid argument(s) (streamConsumer): Must not be null} for null
   */
  default DFuture<?> pipe(StreamConsumer<? super T> consumer) {
    return dev.dartasync.internal.StreamPipe.pipe(this, consumer);
  }

  /**
   * Dart's {@code pipe(streamSink)}: as {@link #pipe(StreamConsumer)} with {@code
   * sink.asStreamConsumer()}: {@code sink.addStream(this)}, then {@code sink.close()}, and the
   * result follows {@code sink.done()}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (streamConsumer): Must not be null} for null
   */
  default DFuture<?> pipe(StreamSink<T> sink) {
    Checks.notNull(sink, "streamConsumer");
    return pipe(sink.asStreamConsumer());
  }

  // ---- constructors -------------------------------------------------------------------------

  /**
   * Dart's {@code Stream.fromIterable(elements)}: each {@code listen} iterates {@code elements}
   * anew (a new iterator, obtained inside {@code listen}). One element per microtask, the first in
   * a microtask queued by {@code listen}; the done event one microtask after the last element. An
   * error from {@code iterator()} or {@code hasNext()} becomes an error event followed by done; an
   * error from {@code next()} is an error event and iteration goes on. Pausing stops the iteration,
   * resuming restarts it in a new microtask. Not broadcast, but may be listened to many times.
   */
  static <T> DStream<T> fromIterable(Iterable<? extends T> elements) {
    return Streams.fromIterable(elements);
  }

  /**
   * {@link #fromIterable(Iterable)} over a Java {@link java.util.Iterator}: the same delivery (one
   * element per microtask, then done one microtask later; errors as there). The iterator can be
   * walked once, so the stream is single-subscription: a second {@code listen} throws {@code Bad
   * state: Stream has already been listened to.}
   */
  static <T> DStream<T> fromIterable(java.util.Iterator<? extends T> elements) {
    return Streams.fromIterator(elements);
  }

  /**
   * {@link #fromIterable(Iterable)} over a Java {@link java.util.stream.Stream}: its iterator is
   * taken inside {@code listen} (nothing is pulled before), elements come one per microtask as
   * there, and the Java stream is closed (its {@code onClose} handlers run, e.g. the file of
   * {@code Files.lines}) synchronously when the subscription ends: after done, on cancel, or on an
   * error with {@code cancelOnError}. Single-subscription: a second {@code listen} throws {@code
   * Bad state: Stream has already been listened to.}
   */
  static <T> DStream<T> fromIterable(java.util.stream.Stream<? extends T> elements) {
    return Streams.fromJavaStream(elements);
  }

  /**
   * Dart's {@code Stream.value(value)}: a single-subscription stream with one data event and done:
   * after {@code listen}, the data in one microtask and done in the next.
   */
  static <T> DStream<T> value(T value) {
    return Streams.value(value);
  }

  /**
   * Dart's {@code Stream.error(error)}: one error event, then done, delivered as {@link #value}'s
   * events. The stack trace is {@link AsyncError#defaultStackTrace}. Without an {@code onError}
   * handler the error is uncaught in the listener's zone.
   *
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} for a null error
   */
  static <T> DStream<T> error(Throwable error) {
    return Streams.error(error, null);
  }

  /** Dart's {@code Stream.error(error, stackTrace)}; a null stack trace is as {@link #error(Throwable)}. */
  static <T> DStream<T> error(Throwable error, StackTrace stackTrace) {
    return Streams.error(error, stackTrace);
  }

  /**
   * Dart's {@code Stream.empty()}: each {@code listen} gets only a done event, one microtask later
   * (later if paused then: a microtask after the last resume). May be listened to many times.
   * Java difference: Dart's default {@code broadcast: true} is reported by {@link #isBroadcast()}.
   */
  static <T> DStream<T> empty() {
    return Streams.empty();
  }

  /**
   * Dart's {@code Stream.fromFuture(future)}: one event (the future's value or error), then done.
   * If {@code future} completes after {@code listen}, both are delivered synchronously inside its
   * completion; if it completed before, they are buffered and delivered one per microtask after
   * {@code listen}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (future): Must not be null} for null
   */
  static <T> DStream<T> fromFuture(DFuture<T> future) {
    return Streams.fromFuture(future);
  }

  /**
   * Dart's {@code Stream.fromFutures(futures)}: one event per future, in completion order, then
   * done when the last has completed. Listeners are put on the futures now, so results that come
   * before {@code listen} are buffered (delivered one per microtask after it); later ones are
   * delivered synchronously inside the future's completion. No futures: done only, the close
   * happening in a microtask queued now.
   *
   * @throws ArgumentError {@code Invalid argument(s) (futures): Must not be null} for null
   */
  static <T> DStream<T> fromFutures(Iterable<? extends DFuture<? extends T>> futures) {
    return FromFutures.of(futures);
  }

  /**
   * Dart's {@code Stream.periodic(period, computation)}: from {@code listen} on, every {@code
   * period} (a {@link Timer#periodic} made inside {@code listen}) a data event {@code
   * computation(n)}, n counting from 0, delivered synchronously inside the timer's callback; what
   * {@code computation} throws becomes an error event (the count still advances). Pausing stops the
   * timer; resuming waits the rest of the period, then ticks every period again. As in Dart's code,
   * the time is measured from the first resume on (and from each event), so the first pause before
   * any resume makes the resume wait a whole period. Cancelling stops the timer; {@code cancel()}
   * and futures that wait for it ({@link #first()} ...) complete one microtask later.
   *
   * <p>{@code computation} is optional, as in Dart: null makes every event null ({@link
   * #periodic(Duration)}).
   *
   * @throws ArgumentError {@code Invalid argument(s) (period): Must not be null} for a null period
   */
  static <T> DStream<T> periodic(
      Duration period, IntFunction<? extends T> computation) {
    Checks.notNull(period, "period");
    return PeriodicStream.of(period, computation);
  }

  /**
   * Dart's {@code Stream.periodic(period)} without a computation: as {@link
   * #periodic(Duration, IntFunction)} with every event null.
   */
  static <T> DStream<T> periodic(Duration period) {
    return PeriodicStream.of(period, null);
  }

  /**
   * Dart's {@code Stream.multi(onListen)}: each {@code listen} makes a fresh {@link
   * MultiStreamController} and calls {@code onListen} with it synchronously inside {@code listen}
   * (what it throws goes to the current zone's uncaught-error handling). Events go only to that
   * listener. Not broadcast, but may be listened to any number of times.
   *
   * @throws ArgumentError {@code Invalid argument(s) (onListen): Must not be null} for null
   */
  static <T> DStream<T> multi(Consumer<? super MultiStreamController<T>> onListen) {
    return MultiStream.of(onListen, false);
  }

  /**
   * Dart's {@code Stream.multi(onListen, isBroadcast: isBroadcast)}: as {@link #multi(Consumer)};
   * {@code isBroadcast} is only what {@link #isBroadcast()} reports.
   */
  static <T> DStream<T> multi(
      Consumer<? super MultiStreamController<T>> onListen, boolean isBroadcast) {
    return MultiStream.of(onListen, isBroadcast);
  }

  /**
   * Dart's {@code Stream.eventTransformed(source, mapSink)}: a stream whose events are {@code
   * source}'s, put through a sink transformation. At each {@code listen}, synchronously inside it,
   * {@code mapSink} is called with the output sink (adding to it delivers to this listener) and
   * returns the input sink; then {@code source} is listened to, and each of its events is put into
   * the input sink synchronously as it arrives ({@code source}'s done as {@code close()}), in the
   * zone of the {@code listen} call. Events
   * put into the output sink are delivered synchronously, or buffered while the subscription is
   * paused. Closing the output sink ends the stream and cancels {@code source}; adding to it after
   * that throws {@code Bad state: Stream is already closed}. What the input sink's methods throw
   * becomes an error event (a rethrown input error keeps its stack trace); what {@code mapSink}
   * throws is thrown out of {@code listen}. Pausing, resuming and cancelling go to {@code
   * source}'s subscription. Broadcast if {@code source} is; {@link
   * StreamTransformer#fromHandlers} is built on this.
   *
   * @throws ArgumentError {@code Invalid argument(s) (source): Must not be null}, {@code
   *     (mapSink)} for a null argument
   */
  static <S, T> DStream<T> eventTransformed(
      DStream<S> source, Function<EventSink<T>, EventSink<S>> mapSink) {
    return dev.dartasync.internal.StreamTransformers.eventTransformed(source, mapSink);
  }

  /**
   * Dart's {@code Stream.castFrom<S, T>(source)}: {@code source} seen as a stream of {@code T},
   * as {@link #cast(Class)} (each data event checked against {@code type} when delivered; a
   * failing check is a {@link ClassCastException} error event that does not cancel).
   *
   * @throws ArgumentError {@code Invalid argument(s) (type): Must not be null} for a null type
   */
  static <S, T> DStream<T> castFrom(DStream<S> source, Class<T> type) {
    Checks.notNull(source, "source");
    return StreamOperators.cast(source, type);
  }
}
