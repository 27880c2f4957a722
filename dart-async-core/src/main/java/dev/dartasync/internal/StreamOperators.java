package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamTransformer;
import java.time.Duration;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The stream operators of {@link DStream} (Dart's stream.dart members), checking their arguments
 * with Dart's texts and building the stream classes of stream_pipe.dart, stream_transformers.dart
 * and _internal/async_cast.dart.
 */
public final class StreamOperators {
  private StreamOperators() {}

  public static <S, T> DStream<T> map(DStream<S> source, Function<? super S, ? extends T> convert) {
    return new MapStream<>(source, Checks.notNull(convert, "convert"));
  }

  public static <T> DStream<T> where(DStream<T> source, Predicate<? super T> test) {
    return new WhereStream<>(source, Checks.notNull(test, "test"));
  }

  public static <S, T> DStream<T> expand(
      DStream<S> source, Function<? super S, ? extends Iterable<? extends T>> convert) {
    return new ExpandStream<>(source, Checks.notNull(convert, "convert"));
  }

  public static <T> DStream<T> handleError(
      DStream<T> source,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Predicate<? super Throwable> test) {
    return new HandleErrorStream<>(source, Checks.notNull(onError, "onError"), test);
  }

  public static <T> DStream<T> take(DStream<T> source, int count) {
    return new TakeStream<>(source, count);
  }

  public static <T> DStream<T> skip(DStream<T> source, int count) {
    return new SkipStream<>(source, count);
  }

  public static <T> DStream<T> takeWhile(DStream<T> source, Predicate<? super T> test) {
    return new TakeWhileStream<>(source, Checks.notNull(test, "test"));
  }

  public static <T> DStream<T> skipWhile(DStream<T> source, Predicate<? super T> test) {
    return new SkipWhileStream<>(source, Checks.notNull(test, "test"));
  }

  public static <T> DStream<T> distinct(
      DStream<T> source, BiPredicate<? super T, ? super T> equals) {
    return new DistinctStream<>(source, equals);
  }

  public static <S, T> DStream<T> cast(DStream<S> source, Class<T> type) {
    return new CastStream<>(source, Checks.notNull(type, "type"));
  }

  public static <T, E> DStream<E> asyncMap(
      DStream<T> source, Function<? super T, ? extends DFuture<? extends E>> convert) {
    return AsyncMap.of(source, Checks.notNull(convert, "convert"));
  }

  public static <T, E> DStream<E> asyncMapFutureOr(
      DStream<T> source, Function<? super T, ?> convert) {
    return AsyncMap.of(source, Checks.notNull(convert, "convert"));
  }

  public static <T, E> DStream<E> asyncExpand(
      DStream<T> source, Function<? super T, ? extends DStream<? extends E>> convert) {
    return AsyncExpand.of(source, Checks.notNull(convert, "convert"));
  }

  public static <T> DStream<T> timeout(
      DStream<T> source, Duration timeLimit, Consumer<EventSink<T>> onTimeout) {
    return TimeoutStream.of(source, Checks.notNull(timeLimit, "timeLimit"), onTimeout);
  }

  public static <S, T> DStream<T> transform(
      DStream<S> source, StreamTransformer<S, T> streamTransformer) {
    return Checks.notNull(streamTransformer, "streamTransformer").bind(source);
  }

  /** {@code StreamTransformer.fromHandlers}: binds to a {@link BoundSinkStream}. */
  public static <S, T> StreamTransformer<S, T> fromHandlers(
      BiConsumer<? super S, EventSink<T>> handleData,
      StreamTransformer.ErrorHandler<T> handleError,
      Consumer<EventSink<T>> handleDone) {
    return stream ->
        new BoundSinkStream<S, T>(
            Checks.notNull(stream, "stream"),
            output -> new HandlerEventSink<S, T>(handleData, handleError, handleDone, output));
  }
}
