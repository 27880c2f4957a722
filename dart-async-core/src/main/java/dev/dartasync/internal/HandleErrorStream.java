package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * Dart's {@code _HandleErrorStream} ({@code handleError}): an error event that passes {@code test}
 * (all, without one) goes to the handler and is gone; others are forwarded. A throwing test, or a
 * handler throwing a new error, gives that error as an event; a handler rethrowing the same error
 * object forwards it with its original stack trace.
 */
final class HandleErrorStream<T> extends ForwardingStream<T, T> {
  private final BiConsumer<? super Throwable, ? super StackTrace> onError;
  private final Predicate<? super Throwable> test;

  HandleErrorStream(
      DStream<T> source,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Predicate<? super Throwable> test) {
    super(source);
    this.onError = onError;
    this.test = test;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    sink.forward(data);
  }

  @Override
  void handleError(Throwable error, StackTrace stackTrace, ForwardingSubscription<T, T> sink) {
    boolean matches = true;
    if (test != null) {
      try {
        matches = test.test(error);
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
        addCaughtError(sink, e);
        return;
      }
    }
    if (!matches) {
      sink.forwardError(error, stackTrace);
      return;
    }
    try {
      onError.accept(error, stackTrace);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      if (e == error) {
        sink.forwardError(error, stackTrace);
      } else {
        addCaughtError(sink, e);
      }
    }
  }
}
