package dev.dartasync.isolate;

/**
 * The entry point of a spawned isolate, Dart's {@code void Function(T message)}: called in the new
 * isolate, as an async body (it may {@code await}), with the copy of the spawn message.
 *
 * @param <T> the message type
 */
@FunctionalInterface
public interface IsolateEntryPoint<T> {

  /**
   * Runs in the new isolate.
   *
   * @param message the copy of the message given to {@link Isolate#spawn}
   * @throws Exception an error that is uncaught in the new isolate (reported to its error
   *     listeners, and fatal unless errors were made non-fatal)
   */
  void call(T message) throws Exception;
}
