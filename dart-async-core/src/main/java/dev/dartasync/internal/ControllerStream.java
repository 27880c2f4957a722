package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A controller's stream (Dart's {@code _ControllerStream}): a new object per {@code stream()} call,
 * all equal, as in Dart; listening subscribes to the controller.
 */
public class ControllerStream<T> implements DStream<T> {
  private final ControllerLifecycle<T> controller;

  ControllerStream(ControllerLifecycle<T> controller) {
    this.controller = controller;
  }

  /** The controller this stream listens to. */
  ControllerLifecycle<T> controller() {
    return controller;
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    return controller.subscribe(onData, onError, onDone, cancelOnError);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ControllerStream<?> that && that.controller == controller;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(controller) ^ 0x35073507;
  }
}
