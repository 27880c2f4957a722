package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The subscription of a controller's stream (Dart's {@code _ControllerSubscription}): reports
 * pause, resume and cancel to its {@link StreamControllerImpl}.
 */
final class ControllerSubscription<T> extends BufferingStreamSubscription<T> {
  private final StreamControllerImpl<T> controller;

  ControllerSubscription(
      StreamControllerImpl<T> controller,
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    super(onData, onError, onDone, cancelOnError);
    this.controller = controller;
  }

  /** The controller whose stream this subscription listens to. */
  StreamControllerImpl<T> controller() {
    return controller;
  }

  @Override
  DFuture<?> onCancelHook() {
    return controller.recordCancel();
  }

  @Override
  void onPauseHook() {
    controller.recordPause();
  }

  @Override
  void onResumeHook() {
    controller.recordResume();
  }
}
