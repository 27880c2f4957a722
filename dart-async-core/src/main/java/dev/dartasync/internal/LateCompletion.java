package dev.dartasync.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Completer's completion posted from another thread. If the isolate ended before it could run,
 * the value or error is lost: that is logged at WARN (an error with its stack), with what to use
 * instead.
 */
public final class LateCompletion implements DroppableEvent {

  private static final Logger LOG = LoggerFactory.getLogger("dev.dartasync.Completer");

  private final Runnable completion;
  private final KeepAlive keepAlive;
  private final Object value;
  private final Throwable error;
  private final String thread = Thread.currentThread().getName();

  /**
   * @param keepAlive released after the completion ran, or null
   * @param value the value it completes with (for the message)
   * @param error the error it completes with, or null for a value
   */
  public LateCompletion(Runnable completion, KeepAlive keepAlive, Object value, Throwable error) {
    this.completion = completion;
    this.keepAlive = keepAlive;
    this.value = value;
    this.error = error;
  }

  @Override
  public void run() {
    completion.run();
    if (keepAlive != null) {
      keepAlive.release();
    }
  }

  @Override
  public void dropped() {
    if (error != null) {
      LOG.warn(
          "Completer.completeError({}) was called from thread '{}' after the completer's isolate "
              + "ended; the error was dropped. To wait for a completion from another thread, "
              + "create the completer with Completer.keepAlive(), which keeps the isolate alive "
              + "until it is completed.",
          DartText.toDartString(error),
          thread,
          error);
    } else {
      LOG.warn(
          "Completer.complete({}) was called from thread '{}' after the completer's isolate "
              + "ended; the value was dropped. To wait for a completion from another thread, "
              + "create the completer with Completer.keepAlive(), which keeps the isolate alive "
              + "until it is completed.",
          DartText.toDartString(value),
          thread);
    }
  }

  @Override
  public String toString() {
    return error != null ? "Completer.completeError" : "Completer.complete";
  }
}
