package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/**
 * What the public {@code StreamController} delegates to (Dart's {@code _StreamControllerBase}):
 * the single-subscription {@link StreamControllerImpl} or a {@link BroadcastStreamController}.
 */
public interface StreamControllerBase<T> {
  void setOnListen(Runnable onListen);

  void setOnPause(Runnable onPause);

  void setOnResume(Runnable onResume);

  void setOnCancel(Callable<?> onCancel);

  DStream<T> stream();

  void add(T value);

  void addError(Throwable error, StackTrace stackTrace);

  /** Dart's {@code addStream(source, cancelOnError: cancelOnError)}. */
  DFuture<Void> addStream(DStream<? extends T> source, boolean cancelOnError);

  DFuture<Void> close();

  DFuture<Void> done();

  boolean isClosed();

  boolean isPaused();

  boolean hasListener();
}
