package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StreamConsumer;
import dev.dartasync.StreamSink;

/**
 * Dart's {@code Stream.pipe} (stream.dart): {@code consumer.addStream(this).then((_) =>
 * consumer.close())}, and the consumer view of a {@link StreamSink}.
 */
public final class StreamPipe {
  private StreamPipe() {}

  /**
   * Hands {@code source} to {@code consumer}; once the {@code addStream} future completes with a
   * value, calls {@code close} (inside that completion) and follows its future. A failing {@code
   * addStream} fails the result with that error, and {@code close} is not called.
   */
  @SuppressWarnings("unchecked") // The close future's value is passed on as it is (Dart's dynamic).
  public static <T> DFuture<Object> pipe(DStream<T> source, StreamConsumer<? super T> consumer) {
    Checks.notNull(consumer, "streamConsumer");
    DFuture<?> added = consumer.addStream(source);
    return added.thenCompose(ignored -> (DFuture<Object>) consumer.close());
  }

  /**
   * A {@link StreamSink} seen as a consumer: Dart's {@code StreamSink} is one itself, its {@code
   * close()} returning {@code done}.
   */
  public static <T> StreamConsumer<T> consumerOf(StreamSink<T> sink) {
    return new StreamConsumer<>() {
      @Override
      public DFuture<?> addStream(DStream<? extends T> stream) {
        return sink.addStream(stream);
      }

      @Override
      public DFuture<?> close() {
        sink.close();
        return sink.done();
      }
    };
  }
}
