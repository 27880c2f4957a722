package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The helpers behind the future-returning members of {@link DStream}, ported from Dart's
 * stream_pipe.dart ({@code _runUserCode}, {@code _cancelAndValue}, {@code _cancelAndError},
 * {@code _cancelAndErrorWithReplacement}) and future_impl.dart ({@code
 * _completeWithErrorCallback}). Every result completes synchronously where Dart's does: inside
 * the event callback, or after the subscription's cancel future when the source returned a real
 * one.
 */
final class StreamResults {
  private StreamResults() {}

  /**
   * Dart's {@code listen(null, onError: future._completeError, onDone: onDone, cancelOnError:
   * true)}: the subscription every member starts with; its data handler is set afterwards, so
   * that it can refer to the subscription.
   */
  static <T> StreamSubscription<T> listen(
      DStream<T> stream, FutureImpl<?> future, Runnable onDone) {
    return listen(stream, future, null, onDone);
  }

  /**
   * Dart's {@code listen(onData, onError: future._completeError, onDone: onDone, cancelOnError:
   * true)}: the shape of the members whose data handler needs no subscription ({@code last},
   * {@code length}, {@code toList}, {@code toSet}); the zone sees the data handler registered
   * once, as in Dart, not a null handler and then the real one.
   */
  static <T> StreamSubscription<T> listen(
      DStream<T> stream, FutureImpl<?> future, Consumer<? super T> onData, Runnable onDone) {
    return stream.listen(
        onData,
        (Throwable error, StackTrace stack) -> future.completeError(new AsyncError(error, stack)),
        onDone,
        true);
  }

  /**
   * Dart's {@code _runUserCode}: runs the user's callback and hands its result to {@code
   * onSuccess}; what either throws goes to {@code onError}, after the current zone's {@code
   * errorCallback} (which may replace it).
   */
  static <R> void runUserCode(
      Callable<? extends R> userCode,
      Consumer<? super R> onSuccess,
      BiConsumer<Throwable, StackTrace> onError) {
    try {
      onSuccess.accept(userCode.call());
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      AsyncError replaced = replace(e, StackTrace.of(e));
      onError.accept(replaced.error(), replaced.stackTrace());
    }
  }

  /** Dart's {@code _cancelAndValue}: cancels, then completes with {@code value}. */
  static void cancelAndValue(StreamSubscription<?> subscription, FutureImpl<?> future, Object value) {
    afterCancel(subscription, () -> future.completeWithValue(value));
  }

  /** Dart's {@code _cancelAndError}: cancels, then completes with the error. */
  static void cancelAndError(
      StreamSubscription<?> subscription, FutureImpl<?> future, Throwable error, StackTrace stack) {
    AsyncError asyncError = new AsyncError(error, stack);
    afterCancel(subscription, () -> future.completeError(asyncError));
  }

  /** Dart's {@code _cancelAndErrorClosure}: {@link #cancelAndError} as an error handler. */
  static BiConsumer<Throwable, StackTrace> cancelAndErrorClosure(
      StreamSubscription<?> subscription, FutureImpl<?> future) {
    return (error, stack) -> cancelAndError(subscription, future, error, stack);
  }

  /**
   * Dart's {@code _cancelAndErrorWithReplacement}: {@link #cancelAndError} with an error of our
   * own making (e.g. {@code Too many elements}), after the zone's {@code errorCallback}.
   */
  static void cancelAndErrorWithReplacement(
      StreamSubscription<?> subscription, FutureImpl<?> future, Throwable error) {
    AsyncError replaced = replace(error, StackTrace.of(error));
    cancelAndError(subscription, future, replaced.error(), replaced.stackTrace());
  }

  /**
   * Runs {@code then} synchronously after {@code subscription.cancel()} if the cancel returned
   * nothing to wait for (Dart's {@code _nullFuture}), else when the cancel future completes.
   */
  private static void afterCancel(StreamSubscription<?> subscription, Runnable then) {
    DFuture<?> cancelFuture = subscription.cancel();
    if (NullFuture.isNull(cancelFuture)) {
      then.run();
    } else {
      cancelFuture.whenComplete(then::run);
    }
  }

  /** Dart's {@code _completeWithErrorCallback}: completes with the error after errorCallback. */
  static void completeWithErrorCallback(FutureImpl<?> future, Throwable error) {
    future.completeError(replace(error, StackTrace.of(error)));
  }

  /** Completes with {@code Bad state: No element} (Dart's {@code IterableElementError.noElement}). */
  static void noElement(FutureImpl<?> future) {
    completeWithErrorCallback(future, new StateError("No element"));
  }

  /** Dart's {@code IterableElementError.tooMany()}: {@code Bad state: Too many elements}. */
  static StateError tooMany() {
    return new StateError("Too many elements");
  }

  /** The current zone's {@code errorCallback} replacement of the error, or the error itself. */
  private static AsyncError replace(Throwable error, StackTrace stack) {
    AsyncError replacement = ZoneImpl.current().errorCallback(error, stack);
    return replacement != null ? replacement : new AsyncError(error, stack);
  }
}
