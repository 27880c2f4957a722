package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;

/**
 * Dart's {@code _StreamIterator} (stream_impl.dart): listens on the first {@link #moveNext} with
 * {@code cancelOnError: true} and pauses the subscription between calls.
 *
 * <p>States, as in Dart: not listened yet ({@code subscription == null}, {@code stateData} the
 * stream); listening ({@code subscription == null}, {@code stateData} the pending future);
 * waiting ({@code subscription != null}, {@code !hasValue}, {@code stateData} the pending
 * future); has a value ({@code hasValue}, {@code stateData} the value); ended ({@code
 * subscription == null}, {@code stateData == null}).
 */
public final class StreamIteratorImpl<T> {
  private StreamSubscription<T> subscription;
  private Object stateData;
  private boolean hasValue;

  public StreamIteratorImpl(DStream<T> stream) {
    this.stateData = Checks.notNull(stream, "stream");
  }

  /** Dart's {@code current}: the last value, or null when there is none. */
  @SuppressWarnings("unchecked")
  public T current() {
    return hasValue ? (T) stateData : null;
  }

  /** Whether a subscription is active (the await-for lowering cancels only then). */
  public boolean isListening() {
    return subscription != null;
  }

  public DFuture<Boolean> moveNext() {
    StreamSubscription<T> s = subscription;
    if (s != null) {
      if (hasValue) {
        FutureImpl<Boolean> future = new FutureImpl<>();
        stateData = future;
        hasValue = false;
        s.resume();
        return future;
      }
      throw new StateError("Already waiting for next.");
    }
    return initializeOrDone();
  }

  @SuppressWarnings("unchecked")
  private DFuture<Boolean> initializeOrDone() {
    Object data = stateData;
    if (data instanceof DStream<?> stream) {
      FutureImpl<Boolean> future = new FutureImpl<>();
      stateData = future;
      // Data events during listen are ignored; an error or done during listen completes the
      // future one microtask later and ends the iterator.
      StreamSubscription<T> s =
          ((DStream<T>) stream).listen(this::onData, this::onError, this::onDone, true);
      if (stateData != null) {
        subscription = s;
      }
      return future;
    }
    // Ended, or a moveNext during the first listen: Dart's _falseFuture, or its StateError when
    // stateData is the pending future (Dart fails on the cast of a future to a stream).
    if (data != null) {
      throw new StateError("Already waiting for next.");
    }
    return FutureImpl.completed(false);
  }

  @SuppressWarnings("unchecked")
  public DFuture<?> cancel() {
    StreamSubscription<T> s = subscription;
    Object data = stateData;
    stateData = null;
    if (s != null) {
      subscription = null;
      if (!hasValue) {
        ((FutureImpl<Boolean>) data).asyncComplete(false);
      } else {
        hasValue = false;
      }
      return s.cancel();
    }
    return BufferingStreamSubscription.nullFuture();
  }

  @SuppressWarnings("unchecked")
  private void onData(T data) {
    // Ignored during listen, and after cancel or done (a misbehaving stream).
    if (subscription == null) {
      return;
    }
    FutureImpl<Boolean> moveNextFuture = (FutureImpl<Boolean>) stateData;
    stateData = data;
    hasValue = true;
    moveNextFuture.complete(true);
    // Pause only if the loop body did not already call moveNext again synchronously.
    if (hasValue && subscription != null) {
      subscription.pause();
    }
  }

  @SuppressWarnings("unchecked")
  private void onError(Throwable error, StackTrace stackTrace) {
    StreamSubscription<T> s = subscription;
    FutureImpl<Boolean> moveNextFuture = (FutureImpl<Boolean>) stateData;
    subscription = null;
    stateData = null;
    AsyncError asyncError = new AsyncError(error, stackTrace);
    if (s != null) {
      moveNextFuture.completeError(asyncError);
    } else {
      moveNextFuture.asyncCompleteError(asyncError); // during listen
    }
  }

  @SuppressWarnings("unchecked")
  private void onDone() {
    StreamSubscription<T> s = subscription;
    FutureImpl<Boolean> moveNextFuture = (FutureImpl<Boolean>) stateData;
    subscription = null;
    stateData = null;
    if (s != null) {
      moveNextFuture.completeWithValue(false);
    } else {
      moveNextFuture.asyncCompleteWithValue(false); // during listen
    }
  }
}
