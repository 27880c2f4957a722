package dev.dartasync.junit;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The ordering helper of kotlinx.coroutines' {@code TestBase}: every observable step of a test
 * calls {@link #expect(int)} with its number in the expected order (1, 2, 3, …); the last one calls
 * {@link #finish(int)}; code that must never run calls {@link #expectUnreached()}.
 *
 * <pre>{@code
 * @RegisterExtension final Expect ex = new Expect();
 *
 * Dart.run(() -> {
 *   ex.expect(1);
 *   scheduleMicrotask(() -> ex.finish(3));
 *   ex.expect(2);
 * });
 * }</pre>
 *
 * <p>A failure throws at once (an {@link AssertionError} that names the expected and the actual
 * step) <b>and</b> is remembered: code running inside an isolate may have its exceptions routed
 * elsewhere (a zone's error handler, a future's error), so when registered as a JUnit extension the
 * first remembered failure is rethrown after the test. After the test the extension also checks that
 * {@link #finish(int)} was called if any step was recorded.
 *
 * <p>Every call checks synchronously, on the calling thread, when it is made: the numbers record
 * the order in which the isolate's callbacks actually ran (a microtask, a timer's event, a
 * resumed body), which is what an ordering test pins. Thread-safe: steps may be recorded from the
 * isolate's thread, its async bodies and foreign threads; each call is atomic.
 *
 * <p>Works in a {@code @DartTest} method as in a plain {@code @Test} that calls {@code Dart.run}.
 */
public final class Expect implements AfterEachCallback {

  /** A fresh record: no step yet. Register it with {@code @RegisterExtension} (one per test). */
  public Expect() {}

  private int step;
  private int finishedAt = -1;
  private String finishedBy;
  private final AtomicReference<AssertionError> firstFailure = new AtomicReference<>();

  /** Asserts that {@code n} is the next step: exactly one more than the last recorded step. */
  public synchronized void expect(int n) {
    int actual = ++step;
    if (finishedAt >= 0) {
      throw failure(
          "expect("
              + n
              + ") ran after finish("
              + finishedAt
              + "): nothing may run after the last step (this is step "
              + actual
              + ")");
    }
    if (n != actual) {
      throw failure(
          "Expected step "
              + n
              + " but it is actually step "
              + actual
              + " (step "
              + (actual - 1)
              + " was the last one recorded)");
    }
  }

  /**
   * Asserts that {@code n} is the next step and the last one: any later {@link #expect(int)} or
   * {@link #finish(int)} fails.
   */
  public synchronized void finish(int n) {
    if (finishedAt >= 0) {
      throw failure("finish(" + n + ") called after finish(" + finishedAt + ")");
    }
    expect(n);
    finishedAt = n;
    finishedBy = Thread.currentThread().getName();
  }

  /** Fails: this code must not run. */
  public void expectUnreached() {
    int at;
    synchronized (this) {
      at = step;
    }
    throw failure("Should not be reached (after step " + at + ")");
  }

  /**
   * Asserts {@code condition} from code whose exceptions may be routed elsewhere (a zone's
   * handler, a future's error): a failure throws at once and is remembered, like a wrong step.
   */
  public void check(boolean condition, String message) {
    if (!condition) {
      throw failure(message);
    }
  }

  /** {@link #check} that {@code actual} is the very object {@code expected}. */
  public void checkSame(Object expected, Object actual, String what) {
    check(expected == actual, what + ": expected <" + expected + "> but was <" + actual + ">");
  }

  /** {@link #check} that {@code actual} equals {@code expected}. */
  public void checkEquals(Object expected, Object actual, String what) {
    check(
        java.util.Objects.equals(expected, actual),
        what + ": expected <" + expected + "> but was <" + actual + ">");
  }

  /** The number of steps recorded so far. */
  public synchronized int steps() {
    return step;
  }

  /** Whether {@link #finish(int)} was called. */
  public synchronized boolean finished() {
    return finishedAt >= 0;
  }

  /** Rethrows the first failure recorded so far, if any (for use without the JUnit extension). */
  public void rethrowFailure() {
    AssertionError failure = firstFailure.get();
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Verifies the whole run: no failure was recorded, and {@link #finish(int)} was called if any
   * step was recorded.
   */
  public void verify() {
    rethrowFailure();
    synchronized (this) {
      if (step > 0 && finishedAt < 0) {
        fail("finish() was never called; the last step recorded was " + step);
      }
    }
  }

  /**
   * JUnit's hook after each test: {@link #verify()}, unless the test already failed (then its own
   * failure is the one reported).
   */
  @Override
  public void afterEach(ExtensionContext context) {
    if (context.getExecutionException().isPresent()) {
      // The test already failed; if our failure caused it, it is the one JUnit reports.
      return;
    }
    verify();
  }

  private AssertionError failure(String message) {
    AssertionError error = new AssertionError(message);
    firstFailure.compareAndSet(null, error);
    return error;
  }

  @Override
  public synchronized String toString() {
    return "Expect[step=" + step + (finishedAt >= 0 ? ", finished by " + finishedBy : "") + "]";
  }
}
