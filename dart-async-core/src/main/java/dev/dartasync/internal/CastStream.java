package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code CastStream} (_internal/async_cast.dart), what {@code cast} returns: listens to the
 * source with the listener's {@code onDone} and {@code cancelOnError}, and checks each data event
 * against the target type in a {@link CastSubscription}. Broadcast if the source is; a cast of a
 * cast stream casts the original source.
 */
final class CastStream<S, T> implements DStream<T> {
  private final DStream<S> source;
  private final Class<T> type;

  CastStream(DStream<S> source, Class<T> type) {
    this.source = source;
    this.type = type;
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
    StreamSubscription<S> subscription =
        source.listen(null, (BiConsumer<Throwable, StackTrace>) null, onDone, cancelOnError);
    CastSubscription<S, T> result = new CastSubscription<>(subscription, type);
    result.onData(onData);
    result.onError(onError);
    return result;
  }

  @Override
  public <R> DStream<R> cast(Class<R> target) {
    return new CastStream<>(source, Checks.notNull(target, "type"));
  }
}
