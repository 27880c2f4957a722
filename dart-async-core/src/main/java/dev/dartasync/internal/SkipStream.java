package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.RangeError;

/** Dart's {@code _SkipStream} ({@code skip}): drops the first {@code count} data events. */
final class SkipStream<T> extends ForwardingStream<T, T> {
  private final int count;

  /** @throws RangeError {@code RangeError (count): ...} for a negative count, as Dart's check */
  SkipStream(DStream<T> source, int count) {
    super(source);
    this.count = RangeError.checkNotNegative(count, "count");
  }

  @Override
  Object initialState() {
    return count;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    int left = (Integer) sink.subState;
    if (left > 0) {
      sink.subState = left - 1;
      return;
    }
    sink.forward(data);
  }
}
