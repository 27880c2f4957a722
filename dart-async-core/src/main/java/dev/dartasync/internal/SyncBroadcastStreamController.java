package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/**
 * A broadcast controller that delivers each event synchronously, inside {@code add}, {@code
 * addError} or {@code close}, to every listener in subscription order (Dart's {@code
 * _SyncBroadcastStreamController}). A listener that is paused or already inside one of its own
 * callbacks buffers the event instead. Adding an event while one is being delivered fails.
 */
class SyncBroadcastStreamController<T> extends BroadcastStreamController<T> {
  SyncBroadcastStreamController(Runnable onListen, Callable<?> onCancel) {
    super(onListen, onCancel);
  }

  /** Not closed and not delivering an event. */
  @Override
  boolean mayAddEvent() {
    return super.mayAddEvent() && !isFiring();
  }

  @Override
  RuntimeException addEventError() {
    if (isFiring()) {
      return firingError();
    }
    return super.addEventError();
  }

  @Override
  public void sendData(T data) {
    if (isEmpty()) {
      return;
    }
    if (hasOneListener()) {
      // One listener: no firing loop, but still marked firing so re-entrant events fail.
      state |= FIRING;
      firstSubscription().add(data);
      state &= ~FIRING;
      if (isEmpty()) {
        callOnCancel();
      }
      return;
    }
    forEachListener(subscription -> subscription.add(data));
  }

  @Override
  public void sendError(Throwable error, StackTrace stackTrace) {
    if (isEmpty()) {
      return;
    }
    forEachListener(subscription -> subscription.addError(error, stackTrace));
  }

  @Override
  public void sendDone() {
    if (isEmpty()) {
      // Nobody to tell: done completes one microtask from now.
      completeDone();
      return;
    }
    forEachListener(BufferingStreamSubscription::close);
  }
}
