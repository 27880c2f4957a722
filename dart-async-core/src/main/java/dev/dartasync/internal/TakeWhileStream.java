package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.function.Predicate;

/**
 * Dart's {@code _TakeWhileStream} ({@code takeWhile}): forwards data while {@code test} holds; the
 * first event failing it closes the stream (cancelling the source). A throwing test gives an error
 * event, then closes.
 */
final class TakeWhileStream<T> extends ForwardingStream<T, T> {
  private final Predicate<? super T> test;

  TakeWhileStream(DStream<T> source, Predicate<? super T> test) {
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
      sink.close(); // Neither true nor false: stop anyway, as Dart does.
      return;
    }
    if (satisfies) {
      sink.forward(data);
    } else {
      sink.close();
    }
  }
}
