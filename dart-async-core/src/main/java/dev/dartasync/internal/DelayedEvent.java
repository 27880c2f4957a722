package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * One buffered stream event (Dart's {@code _DelayedEvent}, {@code _DelayedData}, {@code
 * _DelayedError}, {@code _DelayedDone}). {@link PendingEvents} keeps a data event as its bare value
 * and unwraps a {@link Data} given to it.
 */
abstract class DelayedEvent {

  /** Delivers this event now through {@code dispatch}. */
  abstract <T> void perform(EventDispatch<T> dispatch);

  static final class Data extends DelayedEvent {
    private final Object value;

    Data(Object value) {
      this.value = value;
    }

    Object value() {
      return value;
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

  /** The done event: always the last one buffered. */
  static final class Done extends DelayedEvent {
    static final Done INSTANCE = new Done();

    private Done() {}

    @Override
    <T> void perform(EventDispatch<T> dispatch) {
      dispatch.sendDone();
    }
  }
}
