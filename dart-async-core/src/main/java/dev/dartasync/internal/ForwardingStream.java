package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _ForwardingStream} (stream_pipe.dart): a stream that, on each {@code listen},
 * creates a {@link ForwardingSubscription} which listens to {@link #source} at once (inside that
 * {@code listen}) and passes each source event through {@link #handleData}, {@link #handleError}
 * and {@link #handleDone}; what these put into the subscription is delivered synchronously, so an
 * operator adds no microtask. Broadcast if the source is.
 *
 * @param <S> the source's event type
 * @param <T> this stream's event type
 */
abstract class ForwardingStream<S, T> implements DStream<T> {
  final DStream<S> source;

  ForwardingStream(DStream<S> source) {
    this.source = source;
  }

  @Override
  public final boolean isBroadcast() {
    return source.isBroadcast();
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    return new ForwardingSubscription<>(
        this, onData, onError, onDone, cancelOnError, initialState());
  }

  /** The per-subscription state a new subscription starts with (Dart's {@code _subState}). */
  Object initialState() {
    return null;
  }

  /** A source data event: the operator decides what, if anything, the listener gets. */
  abstract void handleData(S data, ForwardingSubscription<S, T> sink);

  /**
   * Whether {@link #handleData} does nothing after it forwards a value (no close, no second
   * value, no timer): then an await-for body may run after the whole delivery instead of inside it
   * ({@link InlineDelivery}). False unless an operator says so.
   */
  boolean deliversLast() {
    return false;
  }

  /** A source error event; the default forwards it. */
  void handleError(Throwable error, StackTrace stackTrace, ForwardingSubscription<S, T> sink) {
    sink.forwardError(error, stackTrace);
  }

  /** The source's done event; the default forwards it. */
  void handleDone(ForwardingSubscription<S, T> sink) {
    sink.close();
  }

  /**
   * Dart's {@code _addErrorWithReplacement}: an error thrown by a user callback of an operator
   * becomes an error event, after the current zone's {@code errorCallback} may replace it.
   */
  static void addCaughtError(ForwardingSubscription<?, ?> sink, Throwable error) {
    AsyncError caught = ZoneErrors.caught(error);
    sink.forwardError(caught.error(), caught.stackTrace());
  }
}
