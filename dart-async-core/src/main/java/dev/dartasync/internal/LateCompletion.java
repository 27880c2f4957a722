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
  /** What completed late, up to the value, e.g. {@code Completer.complete(}. */
  private final String what;
  /** What follows the value, e.g. {@code )}. */
  private final String close;
  /** What to use instead, or the empty string. */
  private final String advice;

  private static final String USE_KEEP_ALIVE =
      " To wait for a completion from another thread, create the completer with "
          + "Completer.keepAlive(), which keeps the isolate alive until it is completed.";

  /**
   * @param keepAlive released after the completion ran, or null
   * @param value the value it completes with (for the message)
   * @param error the error it completes with, or null for a value
   */
  public LateCompletion(Runnable completion, KeepAlive keepAlive, Object value, Throwable error) {
    this(
        completion,
        keepAlive,
        value,
        error,
        error != null ? "Completer.completeError(" : "Completer.complete(",
        ")",
        keepAlive != null ? "" : USE_KEEP_ALIVE);
  }

  private LateCompletion(
      Runnable completion,
      KeepAlive keepAlive,
      Object value,
      Throwable error,
      String what,
      String close,
      String advice) {
    this.completion = completion;
    this.keepAlive = keepAlive;
    this.value = value;
    this.error = error;
    this.what = what;
    this.close = close;
    this.advice = advice;
  }

  /** The completion of a stage given to {@code DFuture.fromCompletionStage}. */
  static LateCompletion ofStage(
      Runnable completion, KeepAlive keepAlive, Object value, Throwable error) {
    return new LateCompletion(
        completion,
        keepAlive,
        value,
        error,
        "The CompletionStage given to DFuture.fromCompletionStage completed with ",
        "",
        " (The isolate had stopped early: an uncaught error or an interrupt.)");
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
          "{}{}{} from thread '{}' after the isolate ended; the error was dropped.{}",
          what,
          DartText.toDartString(error),
          close,
          thread,
          advice,
          error);
    } else {
      LOG.warn(
          "{}{}{} from thread '{}' after the isolate ended; the value was dropped.{}",
          what,
          DartText.toDartString(value),
          close,
          thread,
          advice);
    }
  }

  @Override
  public String toString() {
    return what + "…" + close;
  }
}
