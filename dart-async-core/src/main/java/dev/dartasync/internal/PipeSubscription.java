package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What Dart's {@code _ForwardingStreamSubscription} and {@code _SinkTransformerStreamSubscription}
 * share: a buffering subscription fed by its own subscription to a source stream. The source is
 * listened to (without {@code cancelOnError}) by {@link #listenTo}, which the subclass calls in
 * its constructor, so inside {@code listen}. Pausing and resuming the input pause and resume the
 * source subscription; cancelling cancels it and returns its cancel future (a done event or a
 * {@code cancelOnError} error waits for it, unless it is the already-completed null future).
 *
 * @param <S> the source's event type
 * @param <T> the delivered event type
 */
abstract class PipeSubscription<S, T> extends BufferingStreamSubscription<T> {
  /** The source subscription; null before {@link #listenTo}, after cancel and after done. */
  private StreamSubscription<S> subscription;

  PipeSubscription(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    super(onData, onError, onDone, cancelOnError);
  }

  /** Listens to {@code source}, sending its events to the three handlers below. */
  final void listenTo(DStream<S> source) {
    BiConsumer<Throwable, StackTrace> onSourceError = this::handleSourceError;
    subscription =
        source.listen(this::handleSourceData, onSourceError, this::handleSourceDone, false);
  }

  /** Forgets the source subscription: it is done, there is nothing left to cancel. */
  /** The source subscription; null before listening, after cancel and after done. */
  final StreamSubscription<S> source() {
    return subscription;
  }

  final void sourceDone() {
    subscription = null;
  }

  abstract void handleSourceData(S data);

  abstract void handleSourceError(Throwable error, StackTrace stackTrace);

  abstract void handleSourceDone();

  @Override
  final void onPauseHook() {
    if (subscription != null) {
      subscription.pause();
    }
  }

  @Override
  final void onResumeHook() {
    if (subscription != null) {
      subscription.resume();
    }
  }

  @Override
  final DFuture<?> onCancelHook() {
    StreamSubscription<S> s = subscription;
    if (s == null) {
      return null;
    }
    subscription = null;
    return s.cancel();
  }
}
