package dev.dartasync.junit;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.Dart;

/**
 * Small helpers for tests that run an isolate and look at how it ended. Each runs synchronously
 * on the calling thread and reports a wrong outcome as an {@link AssertionError} (a JUnit failure).
 *
 * <pre>{@code
 * Throwable thrown = Isolates.uncaught(() -> {
 *   DFuture.error(boom); // no listener
 * });
 * assertSame(boom, thrown);
 * }</pre>
 */
public final class Isolates {

  private Isolates() {}

  /**
   * Runs {@code main} with {@link Dart#run(dev.dartasync.ThrowingRunnable)} and returns what it threw: the uncaught error
   * that stopped the isolate. Fails if {@code Dart.run} returned normally.
   */
  public static Throwable uncaught(dev.dartasync.ThrowingRunnable main) {
    return assertThrows(
        Throwable.class,
        () -> Dart.run(main),
        "Dart.run returned normally, but the isolate should have died with an uncaught error");
  }

  /**
   * Keeps the calling thread (the isolate's, when called from Dart code) busy for {@code millis}
   * without yielding to the event loop, so that every timer created before is due afterwards.
   */
  public static void busyWait(long millis) {
    long end = System.nanoTime() + millis * 1_000_000L;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  /**
   * Inside an async body: awaits {@code future} and returns the error it fails with, which must be
   * a {@code type}; fails the test if it completes with a value or another error.
   */
  public static <X extends Throwable> X awaitError(Class<X> type, dev.dartasync.DFuture<?> future) {
    Object value;
    try {
      value = Dart.await(future);
    } catch (Throwable e) {
      if (type.isInstance(e)) {
        return type.cast(e);
      }
      throw new AssertionError("expected a " + type.getSimpleName() + " but got " + e, e);
    }
    throw new AssertionError("expected a " + type.getSimpleName() + " but got the value " + value);
  }
}
