package dev.dartasync.internal;

/**
 * Rethrows any throwable, checked or not, without wrapping: Dart has no checked exceptions, and
 * {@code await} rethrows the original error object so that {@code catch} clauses see it as thrown.
 */
public final class Sneaky {
  private Sneaky() {}

  /**
   * Throws {@code t}. Declared to return an exception so callers can write {@code throw
   * Sneaky.rethrow(t)} and keep the compiler's flow analysis.
   */
  @SuppressWarnings("unchecked")
  public static <E extends Throwable> E rethrow(Throwable t) throws E {
    throw (E) t;
  }
}
