package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/**
 * What Dart's controller-built operators ({@code asyncMap}, {@code asyncExpand}, {@code timeout}
 * in stream.dart) share: a <em>sync</em> controller of the source's kind (broadcast for a
 * broadcast source), whose {@code onListen} listens to the source; cancel goes to the source
 * subscription, and for a single-subscription source so do pause and resume.
 */
final class ControllerPipe {
  private ControllerPipe() {}

  /** Dart's {@code isBroadcast ? _SyncBroadcastStreamController : _SyncStreamController}. */
  static <T> StreamControllerBase<T> syncControllerFor(DStream<?> source) {
    return source.isBroadcast()
        ? BroadcastStreamController.create(true)
        : new StreamControllerImpl<>(true);
  }

  /** Dart's {@code controller._add}: a data event without the closed check. */
  static <T> void addDirect(StreamControllerBase<T> controller, T value) {
    if (controller instanceof StreamControllerImpl<T> single) {
      single.addUnchecked(value);
    } else {
      ((BroadcastStreamController<T>) controller).sendData(value);
    }
  }

  /**
   * Dart's {@code controller._addError}: an error event without the zone's errorCallback (the
   * error was intercepted already, or is a source error passed on).
   */
  static <T> void addErrorDirect(
      StreamControllerBase<T> controller, Throwable error, StackTrace stackTrace) {
    if (controller instanceof StreamControllerImpl<T> single) {
      single.addErrorUnchecked(error, stackTrace);
    } else {
      ((BroadcastStreamController<T>) controller).sendError(error, stackTrace);
    }
  }

  /**
   * Sets the controller's {@code onCancel} and, unless it is a broadcast controller (which has no
   * pause hooks), {@code onPause} and {@code onResume}.
   */
  static void connect(
      StreamControllerBase<?> controller,
      Callable<?> onCancel,
      Runnable onPause,
      Runnable onResume) {
    controller.setOnCancel(onCancel);
    if (!(controller instanceof BroadcastStreamController<?>)) {
      controller.setOnPause(onPause);
      controller.setOnResume(onResume);
    }
  }
}
