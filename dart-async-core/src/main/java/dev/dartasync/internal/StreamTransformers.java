package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.EventSink;
import dev.dartasync.StreamTransformer;
import java.util.Objects;
import java.util.function.Function;

/**
 * The transformer-side constructors of the public API (Dart's stream_transformers.dart and
 * _internal/async_cast.dart): {@code StreamTransformer(onListen)}, {@code
 * StreamTransformer.castFrom} and {@code Stream.eventTransformed}, checking their arguments with
 * Dart's texts.
 */
public final class StreamTransformers {
  private StreamTransformers() {}

  /** {@code StreamTransformer(onListen)}: binds to a {@link BoundSubscriptionStream}. */
  public static <S, T> StreamTransformer<S, T> fromSubscription(
      StreamTransformer.SubscriptionTransformer<S, T> onListen) {
    Checks.notNull(onListen, "onListen");
    return stream -> new BoundSubscriptionStream<>(Checks.notNull(stream, "stream"), onListen);
  }

  /** {@code StreamTransformer.castFrom(source)}: a {@link CastStreamTransformer}. */
  public static <SS, ST, TS, TT> StreamTransformer<TS, TT> castFrom(
      StreamTransformer<SS, ST> source, Class<SS> inputType, Class<TT> outputType) {
    return new CastStreamTransformer<>(
        Checks.notNull(source, "source"),
        Checks.notNull(inputType, "inputType"),
        Checks.notNull(outputType, "outputType"));
  }

  /**
   * {@code Stream.eventTransformed(source, mapSink)}: a {@link BoundSinkStream}, as {@code
   * fromHandlers} builds; a null sink from {@code mapSink} fails that {@code listen}.
   */
  public static <S, T> DStream<T> eventTransformed(
      DStream<S> source, Function<EventSink<T>, EventSink<S>> mapSink) {
    Checks.notNull(source, "source");
    Checks.notNull(mapSink, "mapSink");
    return new BoundSinkStream<>(
        source, output -> Objects.requireNonNull(mapSink.apply(output), "mapSink returned null"));
  }
}
