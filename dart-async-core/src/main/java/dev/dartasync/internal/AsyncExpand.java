package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Dart's {@code Stream.asyncExpand} (stream.dart): a sync controller fed from {@code onListen}.
 * Each source data event is converted to a stream (null: nothing), the source is paused, and that
 * stream is added with the controller's own {@code addStream} ({@code cancelOnError: false}); the
 * source resumes a microtask after the added stream is done. So, while a stream is being added, a
 * single-subscription controller's pause and resume also reach the added stream, and its cancel
 * cancels the added stream first and the source after that cancel completes; a broadcast
 * controller's cancel leaves the added stream running, as Dart's does.
 */
final class AsyncExpand<T, E> {
  private final DStream<T> source;
  private final Function<? super T, ? extends DStream<? extends E>> convert;
  private final StreamControllerBase<E> controller;

  private AsyncExpand(
      DStream<T> source, Function<? super T, ? extends DStream<? extends E>> convert) {
    this.source = source;
    this.convert = convert;
    this.controller = ControllerPipe.syncControllerFor(source);
    controller.setOnListen(Listening::new);
  }

  static <T, E> DStream<E> of(
      DStream<T> source, Function<? super T, ? extends DStream<? extends E>> convert) {
    return new AsyncExpand<T, E>(source, convert).controller.stream();
  }

  /** One listen of the controller (again after all left, for broadcast): the source subscription. */
  private final class Listening {
    private final StreamSubscription<T> subscription;

    Listening() {
      BiConsumer<Throwable, StackTrace> addError =
          (error, stack) -> ControllerPipe.addErrorDirect(controller, error, stack);
      subscription = source.listen(null, addError, controller::close);
      subscription.onData(this::onData);
      ControllerPipe.connect(
          controller, subscription::cancel, subscription::pause, subscription::resume);
    }

    private void onData(T event) {
      DStream<? extends E> newStream;
      try {
        newStream = convert.apply(event);
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
        AsyncError error = ZoneErrors.caught(e);
        ControllerPipe.addErrorDirect(controller, error.error(), error.stackTrace());
        return;
      }
      if (newStream != null) {
        subscription.pause();
        controller.addStream(newStream, false).whenComplete(subscription::resume);
      }
    }
  }
}
