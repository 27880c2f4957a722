package dev.dartasync;

import dev.dartasync.internal.AsBroadcastStream;
import dev.dartasync.internal.Streams;
import dev.dartasync.internal.UnaryErrorHandler;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

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
 * st) -> ...} ({@link BiConsumer}); Java picks the overload from the lambda's arity. For "no
 * handler", call the overload without {@code onError}, or pass a typed null such as {@code
 * (BiConsumer<Throwable, StackTrace>) null}.
 *
 * <p>Broadcast streams come from {@link StreamController#broadcast()} and {@link
 * #asBroadcastStream()}; stream operators and {@code addStream} are not part of the library yet.
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
}
