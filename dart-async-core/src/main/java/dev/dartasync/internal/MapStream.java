package dev.dartasync.internal;

import dev.dartasync.DStream;
import java.util.function.Function;

/** Dart's {@code _MapStream} ({@code map}): a throwing conversion becomes an error event. */
final class MapStream<S, T> extends ForwardingStream<S, T> {
  private final Function<? super S, ? extends T> convert;

  MapStream(DStream<S> source, Function<? super S, ? extends T> convert) {
    super(source);
    this.convert = convert;
  }

  @Override
  boolean deliversLast() {
    return true;
  }

  @Override
  void handleData(S data, ForwardingSubscription<S, T> sink) {
    T converted;
    try {
      converted = convert.apply(data);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addCaughtError(sink, e);
      return;
    }
    sink.forward(converted);
  }
}
