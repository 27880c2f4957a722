package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import java.util.concurrent.Callable;

/**
 * The running state of a stream member that completes at done (Dart's local {@code foundResult}
 * and {@code result} variables): whether a value was seen, and the value.
 */
final class ResultSlot<V> {
  boolean found;
  V value;

  ResultSlot() {}

  ResultSlot(V initial) {
    value = initial;
  }

  void set(V newValue) {
    found = true;
    value = newValue;
  }

  /**
   * At done: completes with the value if one was found, else with {@code orElse()} (its throw,
   * after errorCallback, fails the future), else with {@code Bad state: No element}.
   */
  void completeAtDone(FutureImpl<V> future, Callable<? extends V> orElse) {
    if (found) {
      future.completeWithValue(value);
    } else if (orElse != null) {
      StreamResults.runUserCode(
          orElse,
          future::completeWithValue,
          (error, stack) -> future.completeError(new AsyncError(error, stack)));
    } else {
      StreamResults.noElement(future);
    }
  }
}
