package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.IndexError;
import dev.dartasync.RangeError;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The members of Dart's {@code Stream} that consume the stream and return a future (stream.dart:
 * {@code first}, {@code last}, {@code single}, {@code length}, {@code isEmpty}, {@code toList},
 * {@code toSet}, {@code fold}, {@code reduce}, {@code join}, {@code forEach}, {@code drain},
 * {@code elementAt}). Each listens with {@code cancelOnError: true}; the searching members are in
 * {@link StreamSearches}.
 */
public final class StreamFutures {
  private StreamFutures() {}

  /** Dart's {@code first}: the first data event cancels and completes. */
  public static <T> DFuture<T> first(DStream<T> stream) {
    FutureImpl<T> future = new FutureImpl<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> StreamResults.noElement(future));
    subscription.onData(value -> StreamResults.cancelAndValue(subscription, future, value));
    return future;
  }

  /** Dart's {@code last}: the last data event, at done. */
  public static <T> DFuture<T> last(DStream<T> stream) {
    FutureImpl<T> future = new FutureImpl<>();
    ResultSlot<T> slot = new ResultSlot<>();
    // stream.dart last: listen(onData, onError:, onDone:, cancelOnError: true), one registration.
    StreamResults.listen(stream, future, slot::set, () -> slot.completeAtDone(future, null));
    return future;
  }

  /** Dart's {@code single}: a second data event cancels and fails with {@code Too many elements}. */
  public static <T> DFuture<T> single(DStream<T> stream) {
    FutureImpl<T> future = new FutureImpl<>();
    ResultSlot<T> slot = new ResultSlot<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> slot.completeAtDone(future, null));
    subscription.onData(
        value -> {
          if (slot.found) {
            StreamResults.cancelAndErrorWithReplacement(
                subscription, future, StreamResults.tooMany());
            return;
          }
          slot.set(value);
        });
    return future;
  }

  /** Dart's {@code length}: counts the data events; completes at done. */
  public static <T> DFuture<Integer> length(DStream<T> stream) {
    FutureImpl<Integer> future = new FutureImpl<>();
    int[] count = {0};
    // stream.dart length: the counting handler is given to listen itself (no onData afterwards).
    StreamResults.listen(
        stream, future, value -> count[0]++, () -> future.completeWithValue(count[0]));
    return future;
  }

  /** Dart's {@code isEmpty}: a data event cancels and completes with false; done: true. */
  public static <T> DFuture<Boolean> isEmpty(DStream<T> stream) {
    FutureImpl<Boolean> future = new FutureImpl<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> future.completeWithValue(true));
    subscription.onData(value -> StreamResults.cancelAndValue(subscription, future, false));
    return future;
  }

  /** Dart's {@code toList}: a new (modifiable) list of the data events, at done. */
  public static <T> DFuture<List<T>> toList(DStream<T> stream) {
    return collect(stream, ArrayList::new);
  }

  /** Dart's {@code toSet}: a new insertion-ordered set of the data events, at done. */
  public static <T> DFuture<Set<T>> toSet(DStream<T> stream) {
    return collect(stream, LinkedHashSet::new);
  }

  private static <T, C extends Collection<T>> DFuture<C> collect(
      DStream<T> stream, Supplier<C> newCollection) {
    C result = newCollection.get();
    FutureImpl<C> future = new FutureImpl<>();
    // stream.dart toList/toSet: the adding handler is given to listen itself.
    StreamResults.listen(stream, future, result::add, () -> future.completeWithValue(result));
    return future;
  }

  /** Dart's {@code fold}: {@code combine} throwing cancels and fails. */
  public static <T, S> DFuture<S> fold(
      DStream<T> stream, S initialValue, BiFunction<? super S, ? super T, ? extends S> combine) {
    Checks.notNull(combine, "combine");
    FutureImpl<S> future = new FutureImpl<>();
    ResultSlot<S> slot = new ResultSlot<>(initialValue);
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> future.completeWithValue(slot.value));
    subscription.onData(
        element ->
            StreamResults.runUserCode(
                () -> combine.apply(slot.value, element),
                slot::set,
                StreamResults.cancelAndErrorClosure(subscription, future)));
    return future;
  }

  /**
   * Dart's {@code reduce}: the first element starts the value ({@code combine} is not called for
   * it); empty: {@code No element}.
   */
  public static <T> DFuture<T> reduce(
      DStream<T> stream, BiFunction<? super T, ? super T, ? extends T> combine) {
    Checks.notNull(combine, "combine");
    FutureImpl<T> future = new FutureImpl<>();
    ResultSlot<T> slot = new ResultSlot<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> slot.completeAtDone(future, null));
    subscription.onData(
        element -> {
          if (!slot.found) {
            slot.set(element);
            return;
          }
          StreamResults.runUserCode(
              () -> combine.apply(slot.value, element),
              slot::set,
              StreamResults.cancelAndErrorClosure(subscription, future));
        });
    return future;
  }

  /**
   * Dart's {@code join(separator)}: the Dart texts of the data events ({@link Dart#str}), the
   * separator between them. A {@code toString} that throws cancels and fails.
   */
  public static <T> DFuture<String> join(DStream<T> stream, String separator) {
    Checks.notNull(separator, "separator");
    FutureImpl<String> future = new FutureImpl<>();
    StringBuilder buffer = new StringBuilder();
    boolean[] first = {true};
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> future.completeWithValue(buffer.toString()));
    subscription.onData(
        element -> {
          if (!first[0]) {
            buffer.append(separator);
          }
          first[0] = false;
          try {
            buffer.append(Dart.str(element));
          } catch (Throwable e) {
            IsolateStop.rethrowIfStop(e);
            StreamResults.cancelAndErrorWithReplacement(subscription, future, e);
          }
        });
    return future;
  }

  /** Dart's {@code forEach}: {@code action} throwing cancels and fails; done completes with null. */
  public static <T> DFuture<Void> forEach(DStream<T> stream, Consumer<? super T> action) {
    Checks.notNull(action, "action");
    FutureImpl<Void> future = new FutureImpl<>();
    StreamSubscription<T> subscription =
        StreamResults.listen(stream, future, () -> future.completeWithValue(null));
    subscription.onData(
        element ->
            StreamResults.runUserCode(
                () -> {
                  action.accept(element);
                  return null;
                },
                ignored -> {},
                StreamResults.cancelAndErrorClosure(subscription, future)));
    return future;
  }

  /** Dart's {@code drain(futureValue)}: {@code listen(null, cancelOnError: true).asFuture(v)}. */
  public static <T, E> DFuture<E> drain(DStream<T> stream, E futureValue) {
    return stream
        .listen(null, (BiConsumer<Throwable, StackTrace>) null, null, true)
        .asFuture(futureValue);
  }

  /**
   * Dart's {@code elementAt(index)}: negative index throws now; a stream too short fails at done
   * with an {@link IndexError} and {@link StackTrace#empty()}.
   */
  public static <T> DFuture<T> elementAt(DStream<T> stream, int index) {
    RangeError.checkNotNegative(index, "index");
    FutureImpl<T> future = new FutureImpl<>();
    int[] count = {0};
    StreamSubscription<T> subscription =
        StreamResults.listen(
            stream,
            future,
            () ->
                future.completeError(
                    new AsyncError(
                        IndexError.withLength(index, count[0], stream, "index", null),
                        StackTrace.empty())));
    subscription.onData(
        value -> {
          if (index == count[0]) {
            StreamResults.cancelAndValue(subscription, future, value);
            return;
          }
          count[0]++;
        });
    return future;
  }
}
