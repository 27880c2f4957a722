package dev.dartasync;

/**
 * Dart's {@code StreamSink<S>}: an {@link EventSink} that also takes whole streams ({@link
 * #addStream}) and tells when it has shut down ({@link #done()}). {@link StreamController#sink()}
 * returns one; its events are the controller's, delivered as the controller's own {@code add},
 * {@code addError} and {@code close} are (see {@link StreamController}).
 *
 * <p>Java difference: Dart's {@code StreamSink.close()} returns the {@code done} future; here
 * {@link #close()} is {@link EventSink#close()}, which returns nothing (Java cannot narrow a
 * {@code void} method to one with a result), and {@link #done()} is that future: Dart's {@code
 * await sink.close()} is {@code sink.close(); await(sink.done())}. For the same reason a {@code
 * StreamSink} is not itself a {@link StreamConsumer} (Dart's is): {@link #asStreamConsumer()} is
 * the consumer, and {@link DStream#pipe(StreamSink)} takes a sink directly.
 *
 * <p><b>Threads.</b> A controller's sink is the controller's: from another thread, each member is
 * posted to the controller's isolate as an event ({@link #addStream} and {@link #done()} return a
 * future that completes there), with a null argument or an add after close refused at once; see
 * {@link DStream}'s "Threads".
 *
 * @param <T> the event type
 */
public interface StreamSink<T> extends EventSink<T> {

  /**
   * Dart's {@code addStream(stream)}: listens to {@code stream} synchronously inside this call and
   * adds its data and error events to this sink (without {@code cancelOnError}: every error is
   * added, and only {@code stream}'s done event, which is not added, ends the adding). Nothing
   * else may be added, nor {@link #close()} called, until the returned future completes (with
   * null).
   *
   * @throws ArgumentError {@code Invalid argument(s) (source): Must not be null} for null
   * @throws StateError while another {@code addStream} runs or after {@link #close()} (the texts
   *     are the sink's; see {@link StreamController#addStream(DStream)})
   */
  DFuture<Void> addStream(DStream<? extends T> stream);

  /**
   * Dart's {@code close()}: tells the sink that nothing more will be added; its completion is
   * {@link #done()}. Calling it again does nothing more.
   *
   * @throws StateError while an {@link #addStream} runs (see there for the text)
   */
  @Override
  void close();

  /**
   * Dart's {@code done}: the future that completes (with null) when the sink has shut down, or
   * with an error if shutting down failed. The same future each call; for a controller's sink,
   * {@link StreamController#done()}.
   */
  DFuture<Void> done();

  /**
   * This sink as Dart's {@code StreamConsumer}, which a Dart {@code StreamSink} is: the
   * consumer's {@code addStream} is {@link #addStream}, its {@code close} calls {@link #close()}
   * and returns {@link #done()}. Each call goes to this sink at once and behaves as it does
   * (delivery, errors and texts are this sink's). A new view per call.
   */
  default StreamConsumer<T> asStreamConsumer() {
    return dev.dartasync.internal.StreamPipe.consumerOf(this);
  }
}
