package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.function.Predicate;

/**
 * Dart's {@code _SkipWhileStream} ({@code skipWhile}): drops data while {@code test} holds, then
 * forwards everything from the first event failing it on. A throwing test gives an error event and
 * counts as failing (the following events all pass).
 */
final class SkipWhileStream<T> extends ForwardingStream<T, T> {
  private final Predicate<? super T> test;

  SkipWhileStream(DStream<T> source, Predicate<? super T> test) {
    super(source);
    this.test = test;
  }

  @Override
  Object initialState() {
    // The state: whether the test has failed yet.
    return false;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    if ((Boolean) sink.subState) {
      sink.forward(data);
      return;
    }
    boolean satisfies;
    try {
      satisfies = test.test(data);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addCaughtError(sink, e);
      sink.subState = true;
      return;
    }
    if (!satisfies) {
      sink.subState = true;
      sink.forward(data);
    }
  }
}
