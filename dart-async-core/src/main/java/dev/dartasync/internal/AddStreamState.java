package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StreamSubscription;

/**
 * One {@code yield*}: the subscription to the inner stream whose events go to the generator's
 * controller, ported from Dart's {@code _AddStreamState} / {@code _StreamControllerAddStreamState}
 * (stream_controller.dart) with {@code cancelOnError: false}. {@link #addStreamFuture} completes
 * (one microtask later) when the inner stream is done or after its cancel.
 */
final class AddStreamState<T> {
  final FutureImpl<Void> addStreamFuture = new FutureImpl<>();
  private StreamSubscription<? extends T> addSubscription;

  /**
   * Listens to {@code source}; {@code onSourceDone} runs when it is done (Dart's {@code _close} of
   * the controller while adding: the owner drops this state and calls {@link #complete}). A
   * separate step from construction so that the owner holds this state before the source can
   * call back.
   */
  void listen(StreamControllerImpl<T> controller, DStream<? extends T> source, Runnable onSourceDone) {
    addSubscription =
        source.listen(controller::addUnchecked, controller::addErrorUnchecked, onSourceDone, false);
    if (controller.isPaused()) {
      addSubscription.pause();
    }
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
