package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The side of a controller its {@link ControllerStream} talks to (Dart's {@code
 * _StreamControllerLifecycle}): listening subscribes to the controller.
 */
interface ControllerLifecycle<T> {
  StreamSubscription<T> subscribe(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError);
}
