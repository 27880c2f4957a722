package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _TakeStream} ({@code take}): forwards the first {@code count} data events, then
 * closes, which cancels the source before the listener's {@code onDone} runs. {@code take(0)}
 * listens to the source, cancels it at once and hands out a done-only subscription; a negative
 * count forwards no data, only errors and the source's done (as in Dart, which has no check).
 */
final class TakeStream<T> extends ForwardingStream<T, T> {
  private final int count;

  TakeStream(DStream<T> source, int count) {
    super(source);
    this.count = count;
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    if (count == 0) {
      source.listen(null).cancel();
      return new DoneStreamSubscription<>(onDone);
    }
    return super.listen(onData, onError, onDone, cancelOnError);
  }

  @Override
  Object initialState() {
    return count;
  }

  @Override
  void handleData(T data, ForwardingSubscription<T, T> sink) {
    int left = (Integer) sink.subState;
    if (left > 0) {
      sink.forward(data);
      left--;
      sink.subState = left;
      if (left == 0) {
        sink.close();
      }
    }
  }
}
