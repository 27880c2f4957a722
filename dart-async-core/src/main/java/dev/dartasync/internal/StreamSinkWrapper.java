package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSink;

/**
 * Dart's {@code _StreamSinkWrapper} (stream_controller.dart): a controller's {@code sink}, which
 * shows only the {@link StreamSink} members and passes each call on to the controller unchanged
 * ({@code addStream} with {@code cancelOnError} false, Dart's default).
 */
public final class StreamSinkWrapper<T> implements StreamSink<T> {
  private final StreamControllerBase<T> target;

  public StreamSinkWrapper(StreamControllerBase<T> target) {
    this.target = target;
  }

  @Override
  public void add(T event) {
    target.add(event);
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    target.addError(error, stackTrace);
  }

  @Override
  public DFuture<Void> addStream(DStream<? extends T> stream) {
    return target.addStream(stream, false);
  }

  @Override
  public void close() {
    target.close();
  }

  @Override
  public DFuture<Void> done() {
    return target.done();
  }
}
