package dev.dartasync.isolate;

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
    return "IsolateSpawnException: " + getMessage();
  }
}
