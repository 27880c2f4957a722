package dev.dartasync;

/**
 * The loop body of {@link Dart#awaitFor(DStream, AwaitForAction)}: called once per data event,
 * on the async body that runs the loop (it may {@link Dart#await}). Returns {@code true} to go on
 * with the next event, {@code false} to leave the loop (Dart's {@code break}).
 */
@FunctionalInterface
public interface AwaitForAction<T> {
  /**
   * Handles one element.
   *
   * @return true to continue, false to break out of the loop
   * @throws Exception anything: the loop cancels the subscription, waits for the cancel, and
   *     rethrows it from {@code awaitFor}
   */
  boolean run(T value) throws Exception;
}
