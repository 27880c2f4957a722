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
public final class MultiStream<T> implements DStream<T> {
  private final Consumer<? super MultiStreamController<T>> onListen;
  private final boolean isBroadcast;

  MultiStream(Consumer<? super MultiStreamController<T>> onListen) {
    this(onListen, false);
  }

  private MultiStream(Consumer<? super MultiStreamController<T>> onListen, boolean isBroadcast) {
    this.onListen = onListen;
    this.isBroadcast = isBroadcast;
  }

  /** Dart's {@code Stream.multi(onListen, isBroadcast: isBroadcast)}. */
  public static <T> DStream<T> of(
      Consumer<? super dev.dartasync.MultiStreamController<T>> onListen, boolean isBroadcast) {
    Checks.notNull(onListen, "onListen");
    return new MultiStream<T>(onListen, isBroadcast);
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

  @Override
  public boolean isBroadcast() {
    return isBroadcast;
  }
}
