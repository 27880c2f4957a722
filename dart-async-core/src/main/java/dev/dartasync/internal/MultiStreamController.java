package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.UnsupportedError;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

/**
 * The per-listener controller of a multi stream (Dart's {@code _MultiStreamController}): an async
 * controller whose {@code addSync}, {@code addErrorSync} and {@code closeSync} deliver at once when
 * the subscription can fire. The public face is {@link dev.dartasync.MultiStreamController}.
 */
final class MultiStreamController<T> extends StreamControllerImpl<T>
    implements dev.dartasync.MultiStreamController<T> {
  MultiStreamController() {
    super(false);
  }

  /** Dart's {@code _MultiStreamController.stream}: not available (the listen is already made). */
  @Override
  public DStream<T> stream() {
    throw new UnsupportedError("Not available");
  }

  @Override
  public void addSync(T value) {
    if (isForeignThread()) {
      postAdd("MultiStreamController.addSync", () -> addSync(value));
      return;
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (hasListener()) {
      subscription().add(value);
    }
  }

  @Override
  public void addErrorSync(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    if (isForeignThread()) {
      postAdd("MultiStreamController.addErrorSync", () -> addErrorSync(error, stackTrace));
      return;
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (hasListener()) {
      subscription().addError(error, stackTrace != null ? stackTrace : StackTrace.empty());
    }
  }

  @Override
  public void closeSync() {
    if (isForeignThread()) {
      StreamThreads.post(owner(), "MultiStreamController.closeSync", this::closeSync);
      return;
    }
    if (isClosed()) {
      return;
    }
    if (!mayAddEvent()) {
      throw badEventState();
    }
    markClosed();
    if (hasListener()) {
      subscription().close();
    }
  }

  @Override
  public MultiStreamController<T> onPause(Runnable onPause) {
    setOnPause(onPause);
    return this;
  }

  @Override
  public MultiStreamController<T> onResume(Runnable onResume) {
    setOnResume(onResume);
    return this;
  }

  @Override
  public MultiStreamController<T> onCancel(Runnable onCancel) {
    setOnCancel(onCancel == null ? null : Executors.callable(onCancel));
    return this;
  }

  @Override
  public MultiStreamController<T> onCancel(Callable<? extends DFuture<?>> onCancel) {
    setOnCancel(onCancel);
    return this;
  }
}
