package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One listener on a {@link FutureImpl} (Dart's {@code _FutureListener}): what to run when the
 * source completes, and the future that receives the outcome. The callbacks run in the zone of
 * {@code result}, which is the zone current when the listener was registered.
 *
 * <p>{@code kind} is a bit set: {@link #VALUE} handles values, {@link #ERROR} handles errors,
 * {@link #TEST} has an error test, {@link #WHEN_COMPLETE} is a whenComplete action, {@link #CHAIN}
 * means a DFuture returned by the callback is chained into {@code result} (Dart's
 * {@code FutureOr}), {@link #AWAIT} means the callbacks resume a suspended async body.
 */
final class FutureListener {
  static final int VALUE = 1;
  static final int ERROR = 2;
  static final int TEST = 4;
  static final int WHEN_COMPLETE = 8;
  static final int CHAIN = 16;
  static final int AWAIT = 32;

  FutureListener next;
  final FutureImpl<Object> result;
  final int kind;
  /** Function (then), Callable (whenComplete) or Body (await). */
  final Object callback;
  /** Function&lt;Throwable,?&gt; or BiFunction&lt;Throwable,StackTrace,?&gt;, or null. */
  final Object errorCallback;
  final Predicate<Throwable> test;

  @SuppressWarnings("unchecked")
  FutureListener(
      FutureImpl<?> result, int kind, Object callback, Object errorCallback, Predicate<?> test) {
    this.result = (FutureImpl<Object>) result;
    this.kind = kind;
    this.callback = callback;
    this.errorCallback = errorCallback;
    this.test = (Predicate<Throwable>) test;
  }

  ZoneImpl zone() {
    return result.zone;
  }

  boolean handlesValue() {
    return (kind & VALUE) != 0;
  }

  boolean handlesError() {
    return (kind & ERROR) != 0;
  }

  boolean handlesComplete() {
    return (kind & WHEN_COMPLETE) != 0;
  }

  boolean chainsResult() {
    return (kind & CHAIN) != 0;
  }

  @SuppressWarnings("unchecked")
  Object handleValue(Object value) throws Throwable {
    if ((kind & AWAIT) != 0) {
      ((Body) callback).resumeWithValue(value);
      return null;
    }
    return ((Function<Object, Object>) callback).apply(value);
  }

  boolean matchesErrorTest(AsyncError error) {
    return test == null || test.test(error.error());
  }

  @SuppressWarnings("unchecked")
  Object handleError(AsyncError error) throws Throwable {
    if ((kind & AWAIT) != 0) {
      ((Body) callback).resumeWithError(error);
      return null;
    }
    if (errorCallback instanceof BiFunction<?, ?, ?> two) {
      return ((BiFunction<Throwable, StackTrace, Object>) two)
          .apply(error.error(), error.stackTrace());
    }
    return ((Function<Throwable, Object>) errorCallback).apply(error.error());
  }

  Object handleWhenComplete() throws Exception {
    return ((Callable<?>) callback).call();
  }
}
