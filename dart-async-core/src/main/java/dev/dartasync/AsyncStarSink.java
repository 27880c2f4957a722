package dev.dartasync;

/**
 * The {@code yield} and {@code yield*} of an {@code async*} body started by {@link
 * Dart#asyncStar(AsyncStarBody)}. Both may be called only by that body itself, on its own stack
 * (not from a callback it registered, not after it returned); otherwise they throw {@link
 * IllegalStateException}.
 *
 * <p><b>Cancellation.</b> When the listener has cancelled, {@code yield} and {@code yieldAll} do
 * not return: they throw a private unchecked {@link Error} that ends the body as if it executed
 * {@code return} at that point, running its {@code finally} blocks (Dart's rule: a {@code yield}
 * after cancel behaves like {@code return}). The generator runner swallows it. Body code must not
 * catch it: do not {@code catch (Throwable)} or {@code catch (Error)} around a yield without
 * rethrowing. ({@code catch (Exception)} is safe.) A body that swallows it runs on; its next yield
 * throws again.
 */
public interface AsyncStarSink<T> {

  /**
   * Dart's {@code yield value}. Adds {@code value} to the stream: delivered <b>synchronously</b> to
   * the listener's {@code onData} (on this body's stack) when the subscription is not paused, else
   * buffered in the subscription. The body then suspends and continues one microtask later (every
   * {@code yield} costs a microtask); while the subscription is paused it stays suspended here
   * until {@code resume()}; if the listener cancelled (also from inside {@code onData}), the body
   * ends here as if by {@code return}.
   *
   * @throws IllegalStateException if called from anything but this body's own code
   */
  void yield(T value);

  /**
   * Dart's {@code yield* stream}: listens to {@code stream} now and forwards its data and error
   * events to this generator's listener as they arrive (synchronously, unless paused); pausing,
   * resuming and cancelling the outer subscription pause, resume and cancel the inner one. An
   * error of {@code stream} does not end the forwarding ({@code cancelOnError: false}). The body
   * continues two microtasks after {@code stream} is done; if the listener cancelled meanwhile
   * (the cancel future of the outer subscription then waits for the inner cancel), it ends here as
   * if by {@code return}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (stream): Must not be null}
   * @throws IllegalStateException if called from anything but this body's own code
   */
  void yieldAll(DStream<? extends T> stream);
}
