package dev.dartasync.isolate;

import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code IsolateSpawnException}: an isolate could not be started. {@code toString()} is
 * {@code IsolateSpawnException: <message>}.
 */
public final class IsolateSpawnException extends RuntimeException {

  public IsolateSpawnException(String message) {
    super(message);
  }

  @Override
  public String toString() {
    return TextAudit.record("IsolateSpawnException", "IsolateSpawnException: " + getMessage());
  }
}
