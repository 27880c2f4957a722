package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamTransformer;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _HandlerEventSink} (stream_transformers.dart): the input sink of a {@code
 * StreamTransformer.fromHandlers} transformer. Each input event goes to its handler with the
 * output sink, or, without a handler, straight to the output. After {@link #close()} the output is
 * forgotten: a later {@code add} or {@code addError} throws {@code Bad state: Sink is closed}, a
 * later {@code close} does nothing.
 */
final class HandlerEventSink<S, T> implements EventSink<S> {
  private final BiConsumer<? super S, EventSink<T>> handleData;
  private final StreamTransformer.ErrorHandler<T> handleError;
  private final Consumer<EventSink<T>> handleDone;
  private EventSink<T> sink;

  HandlerEventSink(
      BiConsumer<? super S, EventSink<T>> handleData,
      StreamTransformer.ErrorHandler<T> handleError,
      Consumer<EventSink<T>> handleDone,
      EventSink<T> sink) {
    this.handleData = handleData;
    this.handleError = handleError;
    this.handleDone = handleDone;
    this.sink = sink;
  }

  private EventSink<T> openSink() {
    if (sink == null) {
      throw new StateError("Sink is closed");
    }
    return sink;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void add(S data) {
    EventSink<T> output = openSink();
    if (handleData != null) {
      handleData.accept(data, output);
    } else {
      output.add((T) data); // Dart's "data as T".
    }
  }

  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    EventSink<T> output = openSink();
    StackTrace trace = stackTrace != null ? stackTrace : AsyncError.defaultStackTrace(error);
    if (handleError != null) {
      handleError.handle(error, trace, output);
    } else {
      output.addError(error, trace);
    }
  }

  @Override
  public void close() {
    EventSink<T> output = sink;
    if (output == null) {
      return;
    }
    sink = null;
    if (handleDone != null) {
      handleDone.accept(output);
    } else {
      output.close();
    }
  }
}
