package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A stream that makes a fresh controller for each listener and hands it to {@code onListen}
 * synchronously inside {@code listen} (Dart's {@code _MultiStream}, behind {@code Stream.multi}).
 */
final class MultiStream<T> implements DStream<T> {
  private final Consumer<MultiStreamController<T>> onListen;

  MultiStream(Consumer<MultiStreamController<T>> onListen) {
    this.onListen = onListen;
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    MultiStreamController<T> controller = new MultiStreamController<>();
    controller.setOnListen(() -> onListen.accept(controller));
    return controller.subscribe(onData, onError, onDone, cancelOnError);
  }
}
