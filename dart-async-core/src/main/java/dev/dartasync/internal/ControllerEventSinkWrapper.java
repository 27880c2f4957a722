package dev.dartasync.internal;

import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;

/**
 * Dart's {@code _ControllerEventSinkWrapper} (stream.dart): the sink an {@code onTimeout} callback
 * of {@code timeout} gets, valid only during that call; used later, it throws {@code Bad state:
 * Sink not available}. Events go to the operator's sync controller, so they are delivered at once.
 */
final class ControllerEventSinkWrapper<T> implements EventSink<T> {
  /** The controller, set only while the callback runs. */
  StreamControllerBase<T> sink;

  private StreamControllerBase<T> ensureSink() {
    if (sink == null) {
      throw new StateError("Sink not available");
    }
    return sink;
  }

  @Override
  public void add(T event) {
    ensureSink().add(event);
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    ensureSink().addError(error, stackTrace);
  }

  @Override
  public void close() {
    ensureSink().close();
  }
}
