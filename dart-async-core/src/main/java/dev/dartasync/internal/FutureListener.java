package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One listener on a {@link FutureImpl} (Dart's {@code _FutureListener}), which is at the same time
 * the future that receives the outcome: what to run when the source completes, and where its
 * result goes. Dart keeps the two as separate objects; they are always one-to-one, so here the
 * listener <em>is</em> its result future. That is one allocation of 48 B per {@code then} instead
 * of two of 24 B and 40 B, measured as the largest cost of a then-chain stage after the callback
 * itself. The callbacks run in this future's zone, the zone current when the listener was
 * registered.
 *
 * <p>{@code kind} is a bit set: {@link #VALUE} handles values, {@link #ERROR} handles errors,
 * {@link #TEST} has an error test, {@link #WHEN_COMPLETE} is a whenComplete action, {@link #CHAIN}
 * means a DFuture returned by the callback is chained into this future (Dart's {@code FutureOr}),
 * {@link #AWAIT} means the callbacks resume a suspended async body.
 */
final class FutureListener extends FutureImpl<Object> {
  static final int VALUE = 1;
  static final int ERROR = 2;
  static final int TEST = 4;
  static final int WHEN_COMPLETE = 8;
  static final int CHAIN = 16;
  static final int AWAIT = 32;

  /** The next listener on the same source future (a LIFO list while the source is pending). */
  FutureListener next;
  final int kind;
  /**
   * Function (then), Callable (whenComplete) or Body (await); null once the listener ran, so that
   * nothing the callback captured stays reachable through the result future (as CompletableFuture
   * clears its completed stages).
   */
  Object callback;
  /** Function&lt;Throwable,?&gt; or BiFunction&lt;Throwable,StackTrace,?&gt;, or null. Cleared too. */
  Object errorCallback;
  Predicate<Throwable> test;
  /** For an await listener: the number of the await it resumes (see Body#resume). */
  int awaitNumber;

  @SuppressWarnings("unchecked")
  FutureListener(ZoneImpl zone, int kind, Object callback, Object errorCallback, Predicate<?> test) {
    super(zone);
    this.kind = kind;
    this.callback = callback;
    this.errorCallback = errorCallback;
    this.test = (Predicate<Throwable>) test;
  }

  ZoneImpl zone() {
    return zone;
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
      ((Body) callback).resume(awaitNumber, value, null);
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
      ((Body) callback).resume(awaitNumber, null, error.error());
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

  /** Drops the callbacks once they ran: the listener is now just its result future. */
  void clearCallbacks() {
    callback = null;
    errorCallback = null;
    test = null;
  }
}
