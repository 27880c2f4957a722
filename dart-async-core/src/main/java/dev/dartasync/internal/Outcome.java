package dev.dartasync.internal;

/**
 * What a suspended {@link Body} resumes with. A value is kept as itself, unwrapped (as Guava's
 * {@code AbstractFuture} keeps its value and wraps only failures): no allocation for the common
 * resumption. An error is a {@link Failure}; the pinned-carrier failure of an await or a hand-over
 * is a {@link Pinned}, a type of its own, so that it is never mistaken for the awaited future's
 * error nor for a hand-over's (which resumes with nothing).
 */
sealed interface Outcome {

  /** The awaited future failed, or a foreign future called back with an error. */
  record Failure(Throwable error) implements Outcome {}

  /**
   * The carrier could not suspend the body (it is pinned) and gave up on the await or hand-over:
   * the body runs on and throws {@code error}.
   */
  record Pinned(IllegalStateException error) implements Outcome {}

  /** The outcome of an error. */
  static Outcome failure(Throwable error) {
    return new Failure(error);
  }
}
