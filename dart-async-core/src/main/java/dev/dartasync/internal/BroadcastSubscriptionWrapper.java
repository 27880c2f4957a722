package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import dev.dartasync.UnsupportedError;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The handle on the source subscription that {@code asBroadcastStream}'s {@code onListen} and
 * {@code onCancel} callbacks get (Dart's {@code _BroadcastSubscriptionWrapper}): it pauses, resumes
 * and cancels the source, but the source's handlers cannot be replaced.
 */
final class BroadcastSubscriptionWrapper<T> implements StreamSubscription<T> {
  private final AsBroadcastStream<T> stream;

  BroadcastSubscriptionWrapper(AsBroadcastStream<T> stream) {
    this.stream = stream;
  }

  private static UnsupportedError handlersFixed() {
    return new UnsupportedError(
        "Cannot change handlers of asBroadcastStream source subscription.");
  }

  @Override
  public void onData(Consumer<? super T> handleData) {
    throw handlersFixed();
  }

  @Override
  public void onError(BiConsumer<? super Throwable, ? super StackTrace> handleError) {
    throw handlersFixed();
  }

  @Override
  public void onDone(Runnable handleDone) {
    throw handlersFixed();
  }

  @Override
  public <E> DFuture<E> asFuture(E futureValue) {
    throw handlersFixed();
  }

  @Override
  public void pause() {
    stream.pauseSubscription(null);
  }

  @Override
  public void pause(DFuture<?> resumeSignal) {
    stream.pauseSubscription(resumeSignal);
  }

  @Override
  public void resume() {
    stream.resumeSubscription();
  }

  /** Cancels the source; the stream can no longer be listened to. */
  @Override
  public DFuture<Void> cancel() {
    if (StreamThreads.isForeign(stream.owner())) {
      return StreamThreads.postFuture(stream.owner(), "StreamSubscription.cancel", this::cancel);
    }
    stream.cancelSubscription();
    return BufferingStreamSubscription.nullFuture();
  }

  @Override
  public boolean isPaused() {
    return stream.isSubscriptionPaused();
  }
}
