package dev.dartasync.isolate;

/**
 * The named parameters of Dart's {@code Isolate.spawn} ({@code paused}, {@code errorsAreFatal},
 * {@code onExit}, {@code onError}, {@code debugName}), as an immutable value: each method returns a
 * changed copy.
 *
 * <pre>{@code
 * Isolate.spawn(Worker::main, port.sendPort(),
 *     SpawnOptions.defaults().onExit(exitPort.sendPort()).debugName("worker"));
 * }</pre>
 */
public final class SpawnOptions {

  private static final SpawnOptions DEFAULTS = new SpawnOptions(false, true, null, null, null, null);

  final boolean paused;
  final boolean errorsAreFatal;
  final SendPort onExit;
  final Object onExitResponse;
  final SendPort onError;
  final String debugName;

  private SpawnOptions(
      boolean paused,
      boolean errorsAreFatal,
      SendPort onExit,
      Object onExitResponse,
      SendPort onError,
      String debugName) {
    this.paused = paused;
    this.errorsAreFatal = errorsAreFatal;
    this.onExit = onExit;
    this.onExitResponse = onExitResponse;
    this.onError = onError;
    this.debugName = debugName;
  }

  /** Dart's defaults: not paused, errors fatal, no exit or error port, no debug name. */
  public static SpawnOptions defaults() {
    return DEFAULTS;
  }

  /** {@code paused:}: the isolate runs nothing until {@link Isolate#resume} with its pause capability. */
  public SpawnOptions paused(boolean paused) {
    return new SpawnOptions(paused, errorsAreFatal, onExit, onExitResponse, onError, debugName);
  }

  /** {@code errorsAreFatal:}: whether the first uncaught error ends the isolate (default true). */
  public SpawnOptions errorsAreFatal(boolean fatal) {
    return new SpawnOptions(paused, fatal, onExit, onExitResponse, onError, debugName);
  }

  /** {@code onExit:}: {@code port} gets {@code null} as the isolate's last message when it ends. */
  public SpawnOptions onExit(SendPort port) {
    return onExit(port, null);
  }

  /**
   * {@code onExit:} with a response other than null (Dart's {@code addOnExitListener(port,
   * response:)}); the response is copied now.
   */
  public SpawnOptions onExit(SendPort port, Object response) {
    Object copy = dev.dartasync.internal.MessageCopy.copy(response);
    return new SpawnOptions(paused, errorsAreFatal, port, copy, onError, debugName);
  }

  /**
   * {@code onError:}: {@code port} gets each uncaught error of the isolate as a two-element list,
   * the error's text and its stack trace's text (or null).
   */
  public SpawnOptions onError(SendPort port) {
    return new SpawnOptions(paused, errorsAreFatal, onExit, onExitResponse, port, debugName);
  }

  /** {@code debugName:}: the name in {@link Isolate#debugName()} and in thread dumps. */
  public SpawnOptions debugName(String name) {
    return new SpawnOptions(paused, errorsAreFatal, onExit, onExitResponse, onError, name);
  }
}
