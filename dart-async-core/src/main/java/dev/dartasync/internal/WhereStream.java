package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.function.Predicate;

/** Dart's {@code _WhereStream} ({@code where}): a throwing test becomes an error event. */
final class WhereStream<T> extends ForwardingStream<T, T> {
  private final Predicate<? super T> test;

  WhereStream(DStream<T> source, Predicate<? super T> test) {
    super(source);
    this.test = test;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    boolean satisfies;
    try {
      satisfies = test.test(data);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addCaughtError(sink, e);
      return;
    }
    if (satisfies) {
      sink.forward(data);
    }
  }
}
