package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamTransformer;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _BoundSubscriptionStream} (stream_transformers.dart): what a {@code
 * StreamTransformer(onListen)} transformer's {@code bind} returns. Each {@code listen} calls
 * {@code onListen(source, cancelOnError)} and sets the listener's three handlers (null ones too)
 * on the subscription it got, which it returns. Broadcast if the source is.
 */
final class BoundSubscriptionStream<S, T> implements DStream<T> {
  private final DStream<S> source;
  private final StreamTransformer.SubscriptionTransformer<S, T> onListen;

  BoundSubscriptionStream(
      DStream<S> source, StreamTransformer.SubscriptionTransformer<S, T> onListen) {
    this.source = source;
    this.onListen = onListen;
  }

  @Override
  public boolean isBroadcast() {
    return source.isBroadcast();
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    StreamSubscription<T> result =
        Objects.requireNonNull(
            onListen.onListen(source, cancelOnError), "onListen returned null");
    result.onData(onData);
    result.onError(onError);
    result.onDone(onDone);
    return result;
  }
}
