package dev.dartasync;

/**
 * Dart's {@code EventSink<T>}: where a {@link StreamTransformer#fromHandlers} handler or a {@link
 * DStream#timeout(java.time.Duration, java.util.function.Consumer)} callback puts its output
 * events, and the base of {@link StreamSink} ({@link StreamController#sink()}). Whether an event is
 * delivered synchronously depends on the sink; each implementation in this library says so.
 */
public interface EventSink<T> {

  /** Dart's {@code add(event)}: a data event. */
  void add(T event);

  /**
   * Dart's {@code addError(error, stackTrace)}: an error event; a null stack trace becomes {@link
   * AsyncError#defaultStackTrace(Throwable)}.
   */
  void addError(Throwable error, StackTrace stackTrace);

  /** Dart's {@code addError(error)}: {@link #addError(Throwable, StackTrace)} without a trace. */
  default void addError(Throwable error) {
    addError(error, null);
  }

  /** Dart's {@code close()}: the done event; nothing may be added after it. */
  void close();
}
