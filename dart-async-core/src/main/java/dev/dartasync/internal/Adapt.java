package dev.dartasync.internal;

import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Converts between Java's callback shapes where a zone handler expects Dart's one shape: Dart has
 * one function type per arity ({@code R Function()}, with {@code void} a kind of result), Java has
 * a void and a value-returning interface for each. Used only on paths where a zone customises the
 * operation; the root path passes callbacks through untouched.
 */
final class Adapt {
  private Adapt() {}

  static Callable<Object> callable(Runnable action) {
    return () -> {
      action.run();
      return null;
    };
  }

  /** Runs a callable as a runnable; a checked exception it throws is rethrown as is. */
  static Runnable runnable(Callable<?> callable) {
    return () -> {
      try {
        callable.call();
      } catch (Exception e) {
        throw Sneaky.<RuntimeException>rethrow(e);
      }
    };
  }

  static <T> Function<T, Object> function(Consumer<? super T> action) {
    return argument -> {
      action.accept(argument);
      return null;
    };
  }

  static <T> Consumer<T> consumer(Function<? super T, ?> function) {
    return function::apply;
  }

  static <T1, T2> BiFunction<T1, T2, Object> biFunction(BiConsumer<? super T1, ? super T2> action) {
    return (argument1, argument2) -> {
      action.accept(argument1, argument2);
      return null;
    };
  }

  static <T1, T2> BiConsumer<T1, T2> biConsumer(BiFunction<? super T1, ? super T2, ?> function) {
    return function::apply;
  }
}
