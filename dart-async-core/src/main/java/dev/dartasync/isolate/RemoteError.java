package dev.dartasync.isolate;

import dev.dartasync.StackTrace;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code RemoteError}: an error of another isolate, known only by its text: the text of
 * the original error ({@link #toString()}) and of its stack trace ({@link #stackTrace()}). {@link
 * Isolate#run} completes with one when the computation's isolate reported an uncaught error, or
 * ended without a result ({@code Computation ended without result}); {@link Isolate#errors()}
 * delivers them.
 */
public final class RemoteError extends RuntimeException {

  private final String stackDescription;

  /**
   * Dart's {@code RemoteError(description, stackDescription)}.
   *
   * @param description the original error's text; {@link #toString()} returns it
   * @param stackDescription the original stack trace's text, or null
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s) (description): Must not be null}
   */
  public RemoteError(String description, String stackDescription) {
    super(Checks.notNull(description, "description"), null, false, false);
    this.stackDescription = stackDescription == null ? "" : stackDescription;
  }

  /** The remote stack trace: {@code StackTrace.fromString(stackDescription)}. */
  public StackTrace stackTrace() {
    return StackTrace.fromString(stackDescription);
  }

  /** The description, exactly as the remote error's {@code toString()} was. */
  @Override
  public String toString() {
    return TextAudit.record("RemoteError", getMessage());
  }
}
