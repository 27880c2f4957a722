package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code CastStreamSubscription} (_internal/async_cast.dart): a view of the source
 * subscription whose data handler checks each event's type. An event of another type becomes a
 * {@link ClassCastException} given to the error handler (or, without one, to the zone's
 * uncaught-error handling); as in Dart, that error does not cancel the subscription even with
 * {@code cancelOnError}. Everything else is the source subscription's.
 */
final class CastSubscription<S, T> implements StreamSubscription<T> {
  private final StreamSubscription<S> source;
  private final Class<T> type;
  private final ZoneImpl zone = ZoneImpl.current();
  private Consumer<? super T> handleData;
  private BiConsumer<? super Throwable, ? super StackTrace> handleError;

  CastSubscription(StreamSubscription<S> source, Class<T> type) {
    this.source = source;
    this.type = type;
    source.onData(this::onSourceData);
  }

  @Override
  public void onData(Consumer<? super T> handler) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onData", () -> onData(handler));
      return;
    }
    handleData = handler == null ? null : zone.registerConsumerOwned(handler);
  }

  @Override
  public void onError(BiConsumer<? super Throwable, ? super StackTrace> handler) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onError", () -> onError(handler));
      return;
    }
    source.onError(handler);
    handleError = handler == null ? null : BufferingStreamSubscription.registerError(zone, handler);
  }

  @Override
  public void onDone(Runnable handler) {
    source.onDone(handler);
  }

  private void onSourceData(S data) {
    if (handleData == null) {
      return;
    }
    T target;
    try {
      target = type.cast(data);
    } catch (ClassCastException e) {
      StackTrace stack = StackTrace.of(e);
      if (handleError == null) {
        zone.handleUncaughtErrorOwned(e, stack);
      } else if (handleError instanceof UnaryErrorHandler unary) {
        zone.runUnaryGuardedOwned(unary.handler(), e);
      } else {
        zone.runBinaryGuarded(handleError, e, stack);
      }
      return;
    }
    zone.runUnaryGuardedOwned(handleData, target);
  }

  @Override
  public void pause() {
    source.pause();
  }

  @Override
  public void pause(DFuture<?> resumeSignal) {
    source.pause(resumeSignal);
  }

  @Override
  public void resume() {
    source.resume();
  }

  @Override
  public boolean isPaused() {
    return source.isPaused();
  }

  @Override
  public DFuture<Void> cancel() {
    return source.cancel();
  }

  @Override
  public <E> DFuture<E> asFuture(E futureValue) {
    return source.asFuture(futureValue);
  }
}
