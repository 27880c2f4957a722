package dev.dartasync.isolate;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code IsolateSpawnException}: an isolate could not be started. {@code toString()} is
 * {@code IsolateSpawnException: <message>}.
 */
public final class IsolateSpawnException extends RuntimeException {

  /**
   * Dart's {@code IsolateSpawnException(message)}.
   *
   * @param message why the isolate could not start
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s) (message): Must not be null}
   */
  public IsolateSpawnException(String message) {
    super(Checks.notNull(message, "message"));
  }

  @Override
  public String toString() {
    return TextAudit.record("IsolateSpawnException", "IsolateSpawnException: " + getMessage());
  }
}
