package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.StateError;

/**
 * One buffered stream event, a link of the {@link PendingEvents} list (Dart's {@code
 * _DelayedEvent}, {@code _DelayedData}, {@code _DelayedError}, {@code _DelayedDone}).
 */
abstract class DelayedEvent {
  private DelayedEvent next;

  DelayedEvent next() {
    return next;
  }

  void setNext(DelayedEvent event) {
    next = event;
  }

  /** Delivers this event now through {@code dispatch}. */
  abstract <T> void perform(EventDispatch<T> dispatch);

  static final class Data extends DelayedEvent {
    private final Object value;

    Data(Object value) {
      this.value = value;
    }

    @Override
    @SuppressWarnings("unchecked")
    <T> void perform(EventDispatch<T> dispatch) {
      dispatch.sendData((T) value);
    }
  }

  static final class Error extends DelayedEvent {
    private final Throwable error;
    private final StackTrace stackTrace;

    Error(Throwable error, StackTrace stackTrace) {
      this.error = error;
      this.stackTrace = stackTrace;
    }

    @Override
    <T> void perform(EventDispatch<T> dispatch) {
      dispatch.sendError(error, stackTrace);
    }
  }

  /** The done event: always the last one, so nothing may be linked after it. */
  static final class Done extends DelayedEvent {
    static final Done INSTANCE = new Done();

    private Done() {}

    @Override
    void setNext(DelayedEvent event) {
      throw new StateError("No events after a done.");
    }

    @Override
    <T> void perform(EventDispatch<T> dispatch) {
      dispatch.sendDone();
    }
  }
}
