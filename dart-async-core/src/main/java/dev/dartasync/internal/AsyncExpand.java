package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Dart's {@code Stream.asyncExpand} (stream.dart): a sync controller fed from {@code onListen}.
 * Each source data event is converted to a stream (null: nothing), the source is paused, and that
 * stream is added to the controller as Dart's {@code controller.addStream(s)} does (with {@code
 * cancelOnError: false}); the source resumes a microtask after the added stream is done.
 *
 * <p>The controller has no {@code addStream} yet, so its add-stream state ({@code
 * _AddStreamState} / {@code _StreamControllerAddStreamState}) is kept here: while a stream is
 * being added, a single-subscription controller's pause and resume also reach the added stream,
 * and its cancel cancels the added stream first and the source after that cancel completes. A
 * broadcast controller's cancel leaves the added stream running, as Dart's does.
 */
final class AsyncExpand<T, E> {
  private final DStream<T> source;
  private final Function<? super T, ? extends DStream<? extends E>> convert;
  private final StreamControllerBase<E> controller;
  private final boolean broadcast;

  /** The subscription of the stream being added; null when none. */
  private StreamSubscription<? extends E> adding;

  /** Completes (one microtask later) when {@link #adding} is done or cancelled. */
  private FutureImpl<Void> addStreamFuture;

  private AsyncExpand(
      DStream<T> source, Function<? super T, ? extends DStream<? extends E>> convert) {
    this.source = source;
    this.convert = convert;
    this.controller = ControllerPipe.syncControllerFor(source);
    this.broadcast = source.isBroadcast();
    controller.setOnListen(Listening::new);
  }

  static <T, E> DStream<E> of(
      DStream<T> source, Function<? super T, ? extends DStream<? extends E>> convert) {
    return new AsyncExpand<T, E>(source, convert).controller.stream();
  }

  /** Dart's {@code controller.addStream(stream)}: listens to it now. */
  private DFuture<Void> addStream(DStream<? extends E> stream) {
    if (adding != null) {
      throw new StateError(
          broadcast
              ? "Cannot add new events while doing an addStream"
              : "Cannot add event while adding a stream");
    }
    FutureImpl<Void> done = new FutureImpl<>();
    addStreamFuture = done;
    BiConsumer<Throwable, StackTrace> addError =
        (error, stack) -> ControllerPipe.addErrorDirect(controller, error, stack);
    adding =
        stream.listen(
            value -> ControllerPipe.addDirect(controller, value),
            addError,
            () -> {
              adding = null;
              done.asyncComplete(null);
            },
            false);
    if (!broadcast && controller.isPaused()) {
      adding.pause();
    }
    return done;
  }

  /** Dart's {@code _AddStreamState.cancel}: the added stream's cancel, then the future completes. */
  private DFuture<?> cancelAdding() {
    StreamSubscription<? extends E> s = adding;
    FutureImpl<Void> done = addStreamFuture;
    adding = null;
    return s.cancel().whenComplete(() -> done.asyncComplete(null));
  }

  /** One listen of the controller (again after all left, for broadcast): the source subscription. */
  private final class Listening {
    private final StreamSubscription<T> subscription;

    Listening() {
      BiConsumer<Throwable, StackTrace> addError =
          (error, stack) -> ControllerPipe.addErrorDirect(controller, error, stack);
      subscription = source.listen(null, addError, controller::close);
      subscription.onData(this::onData);
      ControllerPipe.connect(controller, this::cancel, this::pause, this::resume);
    }

    private void onData(T event) {
      DStream<? extends E> newStream;
      try {
        newStream = convert.apply(event);
      } catch (Throwable e) {
        AsyncError error = ZoneErrors.caught(e);
        ControllerPipe.addErrorDirect(controller, error.error(), error.stackTrace());
        return;
      }
      if (newStream != null) {
        subscription.pause();
        addStream(newStream).whenComplete(subscription::resume);
      }
    }

    /** Dart's {@code _recordCancel}: the added stream first (not for broadcast), then onCancel. */
    private DFuture<?> cancel() {
      if (broadcast || adding == null) {
        return subscription.cancel();
      }
      Callable<?> cancelSource = subscription::cancel;
      return cancelAdding().whenComplete(cancelSource);
    }

    /** Dart's {@code _recordPause}: the added stream, then onPause. */
    private void pause() {
      if (adding != null) {
        adding.pause();
      }
      subscription.pause();
    }

    private void resume() {
      if (adding != null) {
        adding.resume();
      }
      subscription.resume();
    }
  }
}
