package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StreamSubscription;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The searching members of Dart's {@code Stream} (stream.dart: {@code contains}, {@code any},
 * {@code every}, {@code firstWhere}, {@code lastWhere}, {@code singleWhere}). Each listens with
 * {@code cancelOnError: true} and runs the user's test through {@link
 * StreamResults#runUserCode}: a test that throws cancels the subscription and fails the future.
 */
public final class StreamSearches {
  private StreamSearches() {}

  /** Dart's {@code contains(needle)}: {@code element == needle}; a match cancels, true. */
  public static <T> DFuture<Boolean> contains(DStream<T> stream, Object needle) {
    return decide(stream, element -> Objects.equals(element, needle), true);
  }

  /** Dart's {@code any(test)}: the first match cancels, true; done: false. */
  public static <T> DFuture<Boolean> any(DStream<T> stream, Predicate<? super T> test) {
    Checks.notNull(test, "test");
    return decide(stream, test, true);
  }

  /** Dart's {@code every(test)}: the first non-match cancels, false; done: true. */
  public static <T> DFuture<Boolean> every(DStream<T> stream, Predicate<? super T> test) {
    Checks.notNull(test, "test");
    return decide(stream, test.negate(), false);
  }

  /**
   * {@code contains}, {@code any} and {@code every}: the first element for which {@code stop} is
   * true cancels and completes with {@code answer}; done completes with {@code !answer}.
   */
  private static <T> DFuture<Boolean> decide(
      DStream<T> stream, Predicate<? super T> stop, boolean answer) {
    FutureImpl<Boolean> future = new FutureImpl<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> future.completeWithValue(!answer));
    subscription.onData(
        element ->
            test(
                subscription,
                future,
                stop,
                element,
                matched -> StreamResults.cancelAndValue(subscription, future, answer)));
    return future;
  }

  /**
   * Dart's {@code firstWhere(test, orElse: orElse)}: the first match cancels and completes; at done
   * {@code orElse()} (null: {@code Bad state: No element}).
   */
  public static <T> DFuture<T> firstWhere(
      DStream<T> stream, Predicate<? super T> test, Callable<? extends T> orElse) {
    return searchWhere(
        stream,
        test,
        orElse,
        (subscription, future, slot, matched) ->
            StreamResults.cancelAndValue(subscription, future, matched));
  }

  /** Dart's {@code lastWhere(test, orElse: orElse)}: the last match, at done. */
  public static <T> DFuture<T> lastWhere(
      DStream<T> stream, Predicate<? super T> test, Callable<? extends T> orElse) {
    return searchWhere(
        stream, test, orElse, (subscription, future, slot, matched) -> slot.set(matched));
  }

  /**
   * Dart's {@code singleWhere(test, orElse: orElse)}: a second match cancels and fails with {@code
   * Bad state: Too many elements} (also with {@code orElse}).
   */
  public static <T> DFuture<T> singleWhere(
      DStream<T> stream, Predicate<? super T> test, Callable<? extends T> orElse) {
    return searchWhere(
        stream,
        test,
        orElse,
        (subscription, future, slot, matched) -> {
          if (slot.found) {
            StreamResults.cancelAndErrorWithReplacement(
                subscription, future, StreamResults.tooMany());
          } else {
            slot.set(matched);
          }
        });
  }

  /** What a {@code *Where} search does with a match. */
  private interface OnMatch<T> {
    void accept(
        StreamSubscription<T> subscription, FutureImpl<T> future, ResultSlot<T> slot, T matched);
  }

  /**
   * The shape the three {@code *Where} searches share: listen, test each element as Dart's
   * {@code _runUserCode}, hand a match to {@code onMatch}; at done the slot's value, else {@code
   * orElse()}, else {@code Bad state: No element}.
   */
  private static <T> DFuture<T> searchWhere(
      DStream<T> stream,
      Predicate<? super T> test,
      Callable<? extends T> orElse,
      OnMatch<T> onMatch) {
    Checks.notNull(test, "test");
    FutureImpl<T> future = new FutureImpl<>();
    ResultSlot<T> slot = new ResultSlot<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> slot.completeAtDone(future, orElse));
    subscription.onData(
        element ->
            test(
                subscription,
                future,
                test,
                element,
                matched -> onMatch.accept(subscription, future, slot, matched)));
    return future;
  }

  /**
   * Runs {@code test(element)} as Dart's {@code _runUserCode}: a match calls {@code onMatch} with
   * the element; a throw cancels and fails the future.
   */
  private static <T> void test(
      StreamSubscription<T> subscription,
      FutureImpl<?> future,
      Predicate<? super T> test,
      T element,
      Consumer<T> onMatch) {
    StreamResults.runUserCode(
        () -> test.test(element),
        isMatch -> {
          if (isMatch) {
            onMatch.accept(element);
          }
        },
        StreamResults.cancelAndErrorClosure(subscription, future));
  }
}
