package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.function.Function;

/**
 * Dart's {@code _ExpandStream} ({@code expand}): each element of the returned iterable is a data
 * event, delivered synchronously one after the other. If the conversion or the iteration throws,
 * the rest of that iterable is dropped and the error becomes an error event.
 */
final class ExpandStream<S, T> extends ForwardingStream<S, T> {
  private final Function<? super S, ? extends Iterable<? extends T>> convert;

  ExpandStream(DStream<S> source, Function<? super S, ? extends Iterable<? extends T>> convert) {
    super(source);
    this.convert = convert;
  }

  @Override
  void handleData(S data, ForwardingSubscription<S, T> sink) {
    try {
      for (T value : convert.apply(data)) {
        sink.forward(value);
      }
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addCaughtError(sink, e);
    }
  }
}
