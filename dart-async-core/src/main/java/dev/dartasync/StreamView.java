package dev.dartasync;

import dev.dartasync.internal.Checks;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code StreamView<T>}: a stream that shows only the {@link DStream} side of another
 * stream (for example of an object that is also a controller), and a base class for a stream type
 * of one's own that adds members to a wrapped stream. {@link #listen(Consumer, BiConsumer,
 * Runnable, boolean)}, {@link #isBroadcast()} and both {@code asBroadcastStream} forms go to the
 * wrapped stream unchanged, so events, their timing and errors are exactly the wrapped stream's;
 * every other member is {@link DStream}'s own, built on this {@code listen}.
 *
 * @param <T> the event type
 */
public class StreamView<T> implements DStream<T> {
  private final DStream<T> stream;

  /**
   * Dart's {@code StreamView(stream)}: a view of {@code stream}. Listens to nothing by itself.
   *
   * @throws ArgumentError {@code Invalid argument(s) (stream): Must not be null} for null
   */
  public StreamView(DStream<T> stream) {
    this.stream = Checks.notNull(stream, "stream");
  }

  /**
   * Listens to the wrapped stream with these arguments and returns its subscription: callbacks
   * run when, and in the zone where, the wrapped stream runs them; its errors (a second listen of
   * a single-subscription stream, for one) are thrown from here.
   */
  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    return stream.listen(onData, onError, onDone, cancelOnError);
  }

  /** The wrapped stream's {@link DStream#isBroadcast()}. */
  @Override
  public boolean isBroadcast() {
    return stream.isBroadcast();
  }

  /** The wrapped stream's {@link DStream#asBroadcastStream()} (its result, as it is). */
  @Override
  public DStream<T> asBroadcastStream() {
    return stream.asBroadcastStream();
  }

  /**
   * The wrapped stream's {@link DStream#asBroadcastStream(Consumer, Consumer)}, with the same
   * callbacks (which run as that stream's documentation says).
   */
  @Override
  public DStream<T> asBroadcastStream(
      Consumer<StreamSubscription<T>> onListen, Consumer<StreamSubscription<T>> onCancel) {
    return stream.asBroadcastStream(onListen, onCancel);
  }
}
