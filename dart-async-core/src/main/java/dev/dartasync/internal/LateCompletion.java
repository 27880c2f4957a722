package dev.dartasync.internal;

/**
 * A Completer's completion posted from another thread. If the isolate ended before it could run,
 * the value or error is lost: that is logged at WARN (an error with its stack), with what to use
 * instead.
 */
public final class LateCompletion implements DroppableEvent {

  private static final Log COMPLETER_LOG = Log.named("dev.dartasync.Completer");
  private static final Log STAGE_LOG = Log.named("dev.dartasync.DFuture");

  private final Log log;

  private final Runnable completion;
  private final KeepAlive keepAlive;
  private final Object value;
  private final Throwable error;
  private final String thread = Thread.currentThread().getName();
  /** What happened, up to the thread, e.g. {@code Completer.complete was called}. */
  private final String what;
  /** Why it came too late, e.g. {@code the completer's isolate had ended}. */
  private final String after;
  /** What to use instead (a sentence with a leading space), or the empty string. */
  private final String advice;

  private static final String USE_KEEP_ALIVE =
      " To wait for a completion from another thread, create the completer with "
          + "Completer.keepAlive(), which keeps the isolate alive until it is completed.";

  /** A keep-alive hold ends only with its completion: its isolate can only have stopped early. */
  private static final String STOPPED_EARLY =
      "had stopped early (an uncaught error, an interrupt, Isolate.kill or Isolate.exit)";

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
        COMPLETER_LOG,
        error != null ? "Completer.completeError was called" : "Completer.complete was called",
        keepAlive != null
            ? "the completer's isolate " + STOPPED_EARLY
            : "the completer's isolate had ended",
        keepAlive != null ? "" : USE_KEEP_ALIVE);
  }

  private LateCompletion(
      Runnable completion,
      KeepAlive keepAlive,
      Object value,
      Throwable error,
      Log log,
      String what,
      String after,
      String advice) {
    this.completion = completion;
    this.keepAlive = keepAlive;
    this.value = value;
    this.error = error;
    this.log = log;
    this.what = what;
    this.after = after;
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
        STAGE_LOG,
        "The CompletionStage given to DFuture.fromCompletionStage completed",
        "its isolate " + STOPPED_EARLY,
        "");
  }

  @Override
  public void run() {
    completion.run();
    if (keepAlive != null) {
      keepAlive.release();
    }
  }

  /**
   * One sentence for what happened and what was dropped, then what to do instead, then the
   * dropped value or error itself, last and labelled (a value's text is not part of the sentence).
   */
  @Override
  public void dropped() {
    if (error != null) {
      log.warn(
          "{} on thread '{}' after {}, so the error was dropped.{} The dropped error: {}",
          what,
          thread,
          after,
          advice,
          DartText.toDartString(error),
          error);
    } else {
      log.warn(
          "{} on thread '{}' after {}, so the value was dropped.{} The dropped value: {}",
          what,
          thread,
          after,
          advice,
          DartText.toDartString(value));
    }
  }

  @Override
  public String toString() {
    return what;
  }
}
