package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/**
 * A broadcast controller that hands each event to every current listener as a buffered event of
 * its own (Dart's {@code _AsyncBroadcastStreamController}): each listener delivers it in a
 * microtask of its own, so two listeners A and B of {@code add(1); add(2)} see A1 B1 A2 B2.
 */
final class AsyncBroadcastStreamController<T> extends BroadcastStreamController<T> {
  AsyncBroadcastStreamController(Runnable onListen, Callable<?> onCancel) {
    super(onListen, onCancel);
  }

  @Override
  public void sendData(T data) {
    for (var s = firstSubscription(); s != null; s = s.next) {
      s.addPending(new DelayedEvent.Data(data));
    }
  }

  @Override
  public void sendError(Throwable error, StackTrace stackTrace) {
    for (var s = firstSubscription(); s != null; s = s.next) {
      s.addPending(new DelayedEvent.Error(error, stackTrace));
    }
  }

  @Override
  public void sendDone() {
    if (isEmpty()) {
      // Nobody to tell: done completes one microtask from now.
      completeDone();
      return;
    }
    for (var s = firstSubscription(); s != null; s = s.next) {
      s.addPending(DelayedEvent.Done.INSTANCE);
    }
  }
}
