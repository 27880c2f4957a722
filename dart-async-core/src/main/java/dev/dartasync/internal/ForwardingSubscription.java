package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _ForwardingStreamSubscription} and {@code _StateStreamSubscription}
 * (stream_pipe.dart): a {@link PipeSubscription} that hands each source event to its {@link
 * ForwardingStream}'s handlers, which write the output through {@link #forward}, {@link
 * #forwardError} and {@link #close}. Events written after the done event are ignored.
 *
 * @param <S> the source's event type
 * @param <T> the delivered event type
 */
final class ForwardingSubscription<S, T> extends PipeSubscription<S, T> {
  private final ForwardingStream<S, T> stream;

  /**
   * Per-subscription operator state (Dart's {@code _StateStreamSubscription._subState}): the count
   * left for take and skip, the "has failed" flag of skipWhile, the previous event of distinct.
   */
  Object subState;

  ForwardingSubscription(
      ForwardingStream<S, T> stream,
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError,
      Object subState) {
    super(onData, onError, onDone, cancelOnError);
    this.stream = stream;
    this.subState = subState;
    listenTo(stream.source);
  }

  /** A data event for the listener; ignored after done. */
  void forward(T data) {
    if (!isClosed()) {
      add(data);
    }
  }

  /** An error event for the listener; ignored after done. */
  void forwardError(Throwable error, StackTrace stackTrace) {
    if (!isClosed()) {
      addError(error, stackTrace);
    }
  }

  /**
   * This subscription's buffer while it holds events; else, if the operator forwards as its last
   * step, the source's answer (the delivery then passes through here synchronously).
   */
  @Override
  PendingEvents<?> inlineSource() {
    if (!buffersEvents()
        && stream.deliversLast()
        && source() instanceof BufferingStreamSubscription<?> upstream) {
      return upstream.inlineSource();
    }
    return super.inlineSource();
  }

  @Override
  void handleSourceData(S data) {
    stream.handleData(data, this);
  }

  @Override
  void handleSourceError(Throwable error, StackTrace stackTrace) {
    stream.handleError(error, stackTrace, this);
  }

  @Override
  void handleSourceDone() {
    stream.handleDone(this);
  }
}
