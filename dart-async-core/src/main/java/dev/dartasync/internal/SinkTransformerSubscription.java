package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DStream;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code _SinkTransformerStreamSubscription} with its {@code _EventSinkWrapper}
 * (stream_transformers.dart): a buffering subscription whose output sink is handed to a mapper,
 * which returns the input sink; the source's events go to that input sink, synchronously. Adding
 * to the output after its done event throws {@code Bad state: Stream is already closed}. The
 * source subscription is a {@link PipeSubscription}'s.
 */
final class SinkTransformerSubscription<S, T> extends PipeSubscription<S, T> {
  private final EventSink<S> transformerSink;

  SinkTransformerSubscription(
      DStream<S> source,
      Function<EventSink<T>, EventSink<S>> mapper,
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    super(onData, onError, onDone, cancelOnError);
    this.transformerSink = mapper.apply(new OutputSink());
    listenTo(source);
  }

  /**
   * Dart's {@code _EventSinkWrapper}: the output side, as the mapper's handlers see it. A handler
   * may keep it and call it from another thread: then each call is posted to the subscription's
   * isolate (see StreamThreads), an add after close still throwing at once.
   */
  private final class OutputSink implements EventSink<T> {
    @Override
    public void add(T event) {
      if (StreamThreads.isForeign(owner())) {
        postOutput("EventSink.add", () -> add(event));
        return;
      }
      SinkTransformerSubscription.this.add(event);
    }

    @Override
    public void addError(Throwable error, StackTrace stackTrace) {
      Checks.notNull(error, "error"); // Before the guard: a foreign caller gets it at once.
      if (StreamThreads.isForeign(owner())) {
        postOutput("EventSink.addError", () -> addError(error, stackTrace));
        return;
      }
      SinkTransformerSubscription.this.addError(
          error, stackTrace != null ? stackTrace : AsyncError.defaultStackTrace(error));
    }

    @Override
    public void close() {
      if (StreamThreads.isForeign(owner())) {
        postOutput("EventSink.close", this::close);
        return;
      }
      SinkTransformerSubscription.this.close();
    }

    private void postOutput(String member, Runnable call) {
      if (isClosed()) {
        throw alreadyClosed();
      }
      StreamThreads.post(owner(), member, call);
    }
  }

  private static StateError alreadyClosed() {
    return new StateError("Stream is already closed");
  }

  @Override
  void add(T data) {
    if (isClosed()) {
      throw alreadyClosed();
    }
    super.add(data);
  }

  @Override
  void addError(Throwable error, StackTrace stackTrace) {
    if (isClosed()) {
      throw alreadyClosed();
    }
    super.addError(error, stackTrace);
  }

  @Override
  void close() {
    if (isClosed()) {
      throw alreadyClosed();
    }
    super.close();
  }

  @Override
  void handleSourceData(S data) {
    try {
      transformerSink.add(data);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addError(e, StackTrace.of(e));
    }
  }

  @Override
  void handleSourceError(Throwable error, StackTrace stackTrace) {
    try {
      transformerSink.addError(error, stackTrace);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      if (e == error) {
        addError(error, stackTrace);
      } else {
        addError(e, StackTrace.of(e));
      }
    }
  }

  @Override
  void handleSourceDone() {
    try {
      sourceDone();
      transformerSink.close();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      addError(e, StackTrace.of(e));
    }
  }
}
