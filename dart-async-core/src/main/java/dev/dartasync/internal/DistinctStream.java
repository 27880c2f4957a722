package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.Objects;
import java.util.function.BiPredicate;

/**
 * Dart's {@code _DistinctStream} ({@code distinct}): per subscription, the first data event is
 * forwarded, later ones only if not equal to the last forwarded one ({@code equals}, or {@link
 * Objects#equals} as Dart's {@code ==}). A throwing equality gives an error event and leaves the
 * last forwarded event as it was.
 */
final class DistinctStream<T> extends ForwardingStream<T, T> {
  /** The state before the first event: nothing forwarded yet. */
  private static final Object SENTINEL = new Object();

  private final BiPredicate<? super T, ? super T> equals;

  DistinctStream(DStream<T> source, BiPredicate<? super T, ? super T> equals) {
    super(source);
    this.equals = equals;
  }

  @Override
  Object initialState() {
    return SENTINEL;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  @SuppressWarnings("unchecked")
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    Object previous = sink.subState;
    if (previous == SENTINEL) {
      sink.subState = data;
      sink.forward(data);
      return;
    }
    boolean isEqual;
    try {
      isEqual = equals == null ? Objects.equals(previous, data) : equals.test((T) previous, data);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addCaughtError(sink, e);
      return;
    }
    if (!isEqual) {
      sink.forward(data);
      sink.subState = data;
    }
  }
}
