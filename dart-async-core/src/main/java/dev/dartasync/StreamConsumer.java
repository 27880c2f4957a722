package dev.dartasync;

/**
 * Dart's {@code StreamConsumer<S>}: something that takes whole streams, one after the other
 * ({@link #addStream}), until it is told that no more will come ({@link #close}). {@link
 * DStream#pipe(StreamConsumer)} hands a stream to one. {@link StreamController} is one; a {@link
 * StreamSink} becomes one through {@link StreamSink#asStreamConsumer()} (Java cannot let one type
 * have both {@link EventSink#close()}, which returns nothing, and this {@link #close()}, which
 * returns a future).
 *
 * <p>Implementations say when their futures complete and where errors go; the contract, as in
 * Dart, is only this: no {@code addStream} or {@code close} call before the future of the previous
 * {@code addStream} has completed.
 *
 * @param <S> the event type taken
 */
public interface StreamConsumer<S> {

  /**
   * Dart's {@code addStream(stream)}: listens to {@code stream} and consumes its events. The
   * returned future completes when the consumer is done with {@code stream} and ready for the
   * next one; a consumer that had to stop because of an error may fail it with that error.
   */
  DFuture<?> addStream(DStream<? extends S> stream);

  /**
   * Dart's {@code close()}: no more streams will be added. The returned future completes when the
   * consumer has shut down (with whatever value the consumer chooses; a controller's is null), or
   * fails if shutting down failed.
   */
  DFuture<?> close();
}
