package dev.dartasync;

/**
 * A computation without a result that may throw anything, checked exceptions included: the Java
 * shape of Dart's {@code void Function()} where Dart passes one (an async body, the computation of
 * {@code Future(...)}, {@code Future.microtask}, {@code Future.delayed}, a {@code whenComplete}
 * action).
 *
 * <p>It exists so that block lambdas compile as they are written in Dart, without a
 * {@code return null;} and without a try/catch around a call that declares a checked exception:
 *
 * <pre>{@code
 * async(() -> { Thread.sleep(10); print("slept"); });   // void body, checked exception
 * DFuture.run(() -> print("in a timer"));                // expression lambda calling a void method
 * }</pre>
 *
 * <p>The methods that take it also take a {@link java.util.concurrent.Callable}; Java picks the
 * Callable for a lambda that returns a value and this interface for one that returns nothing, so
 * both kinds of lambda compile without a cast. A {@link Runnable} held in a variable is passed as
 * {@code runnable::run}.
 *
 * <p>What the library does with an exception thrown by {@link #run()} is said by the method that
 * takes it (typically: the future it returns completes with that error, the original object).
 */
@FunctionalInterface
public interface ThrowingRunnable {

  /**
   * Runs the computation.
   *
   * @throws Exception anything; the method that called it says where it goes
   */
  void run() throws Exception;
}
