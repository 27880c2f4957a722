package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code _BoundSinkStream} (stream_transformers.dart): the stream a sink-mapping
 * transformer's {@code bind} returns; each {@code listen} makes a {@link
 * SinkTransformerSubscription}, which calls the mapper and listens to the source. Broadcast if the
 * source is.
 */
final class BoundSinkStream<S, T> implements DStream<T> {
  private final DStream<S> source;
  private final Function<EventSink<T>, EventSink<S>> mapper;

  BoundSinkStream(DStream<S> source, Function<EventSink<T>, EventSink<S>> mapper) {
    this.source = source;
    this.mapper = mapper;
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
    return new SinkTransformerSubscription<>(
        source, mapper, onData, onError, onDone, cancelOnError);
  }
}
