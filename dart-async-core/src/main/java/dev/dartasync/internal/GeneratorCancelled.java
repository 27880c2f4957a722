package dev.dartasync.internal;

/**
 * Thrown by {@code yield} / {@code yieldAll} of an {@code async*} body whose listener cancelled:
 * unwinds the body as Dart's {@code return} at the yield would, running its {@code finally}
 * blocks, and is swallowed by {@link AsyncStarController}'s runner. An {@link Error}, so that
 * {@code catch (Exception e)} in user code does not stop it; no stack trace (it is control flow).
 */
final class GeneratorCancelled extends Error {
  private static final long serialVersionUID = 1L;

  GeneratorCancelled() {
    super("async* body cancelled at a yield (control flow; do not catch)", null, false, false);
  }
}
