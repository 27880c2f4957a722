package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A stream that may be listened to once, over a source that could be listened to again but whose
 * data cannot (a Java iterator or stream): a second {@code listen} throws Dart's single-subscription
 * {@code Bad state: Stream has already been listened to.} synchronously.
 */
final class SingleUseStream<T> implements DStream<T> {
  private final DStream<T> source;
  /** Set by the first listen; never cleared. */
  private boolean listened;

  SingleUseStream(DStream<T> source) {
    this.source = source;
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    if (listened) {
      throw new StateError("Stream has already been listened to.");
    }
    listened = true;
    return source.listen(onData, onError, onDone, cancelOnError);
  }
}
