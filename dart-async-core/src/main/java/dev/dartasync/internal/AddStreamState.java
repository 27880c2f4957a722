package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One {@code addStream} (also one {@code yield*}): the subscription to the added stream, whose
 * events go to a controller, ported from Dart's {@code _AddStreamState} (stream_controller.dart).
 * {@link #addStreamFuture} completes (one microtask later) when the added stream is done, after its
 * first error with {@code cancelOnError}, or after its cancel.
 */
final class AddStreamState<T> {
  final FutureImpl<Void> addStreamFuture = new FutureImpl<>();
  private StreamSubscription<? extends T> addSubscription;

  /** {@link #listen(StreamControllerImpl, DStream, Runnable, boolean)} with {@code cancelOnError: false}. */
  void listen(StreamControllerImpl<T> controller, DStream<? extends T> source, Runnable onSourceDone) {
    listen(controller, source, onSourceDone, false);
  }

  /**
   * Listens to {@code source} for a single-subscription controller, paused if the controller is
   * paused (Dart's {@code _StreamControllerAddStreamState}); see {@link #listen(DStream, Consumer,
   * BiConsumer, Runnable, boolean)}.
   */
  void listen(
      StreamControllerImpl<T> controller,
      DStream<? extends T> source,
      Runnable onSourceDone,
      boolean cancelOnError) {
    listen(
        source,
        controller::addUnchecked,
        controller::addErrorUnchecked,
        onSourceDone,
        cancelOnError);
    if (controller.isPaused()) {
      addSubscription.pause();
    }
  }

  /**
   * Listens to {@code source}: its data and errors go to {@code onData} and {@code onError} (Dart's
   * {@code _add} and {@code _addError} of the controller), and {@code onSourceDone} runs when it is
   * done (Dart's {@code _close}: the owner drops this state and calls {@link #complete}). With
   * {@code cancelOnError}, the first error cancels {@code source} and is forwarded, and then {@code
   * onSourceDone} runs (Dart's {@code makeErrorHandler}). A separate step from construction so
   * that the owner holds this state before the source can call back.
   */
  void listen(
      DStream<? extends T> source,
      Consumer<? super T> onData,
      BiConsumer<Throwable, StackTrace> onError,
      Runnable onSourceDone,
      boolean cancelOnError) {
    BiConsumer<Throwable, StackTrace> errorHandler =
        cancelOnError
            ? (error, stackTrace) -> {
              onError.accept(error, stackTrace);
              onSourceDone.run();
            }
            : onError;
    addSubscription = source.listen(onData, errorHandler, onSourceDone, cancelOnError);
  }

  void pause() {
    addSubscription.pause();
  }

  void resume() {
    addSubscription.resume();
  }

  /** Cancels the inner subscription; {@link #addStreamFuture} completes after its cancel future. */
  DFuture<Void> cancel() {
    return addSubscription.cancel().whenComplete(() -> {
      complete();
      return null;
    });
  }

  /** Dart's {@code complete}: {@code addStreamFuture._asyncComplete(null)}. */
  void complete() {
    addStreamFuture.asyncComplete(null);
  }
}
