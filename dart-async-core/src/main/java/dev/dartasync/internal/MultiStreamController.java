package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * The per-listener controller of a multi stream (Dart's {@code _MultiStreamController}): an async
 * controller whose {@code addSync}, {@code addErrorSync} and {@code closeSync} deliver at once when
 * the subscription can fire.
 */
final class MultiStreamController<T> extends StreamControllerImpl<T> {
  MultiStreamController() {
    super(false);
  }

  void addSync(T value) {
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (hasListener()) {
      subscription().add(value);
    }
  }

  void addErrorSync(Throwable error, StackTrace stackTrace) {
    if (!mayAddEvent()) {
      throw badEventState();
    }
    if (hasListener()) {
      subscription().addError(error, stackTrace != null ? stackTrace : StackTrace.empty());
    }
  }

  void closeSync() {
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
}
