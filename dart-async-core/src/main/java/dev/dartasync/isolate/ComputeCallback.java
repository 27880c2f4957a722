package dev.dartasync.isolate;

/**
 * Flutter's {@code ComputeCallback<M, R>}: the function {@link Isolate#compute} runs in a new
 * isolate with the copy of its message. It may return a {@link dev.dartasync.DFuture}, which is
 * awaited there.
 *
 * @param <M> the message type
 * @param <R> the result type
 */
@FunctionalInterface
public interface ComputeCallback<M, R> {

  /**
   * Runs in the new isolate.
   *
   * @param message the copy of the message
   * @return the result, handed back without a copy
   * @throws Exception the error the returned future completes with
   */
  R call(M message) throws Exception;
}
