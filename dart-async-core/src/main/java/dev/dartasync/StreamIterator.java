package dev.dartasync;

import dev.dartasync.internal.StreamIteratorImpl;

/**
 * Dart's {@code StreamIterator}: pulls the events of a stream one at a time, with Dart's {@code
 * _StreamIterator} semantics. The first {@link #moveNext()} listens (with {@code cancelOnError:
 * true}); between a completed {@code moveNext} and the next call the subscription is paused, so a
 * slow consumer holds the producer (an {@code async*} body stays at its {@code yield}).
 *
 * <p>In an async body, {@link Dart#awaitFor(DStream, AwaitForAction)} is the loop built on it
 * that always cancels. Used by hand, the pattern is Dart's lowering of {@code await for}:
 *
 * <pre>{@code
 * var it = new StreamIterator<>(stream);
 * try {
 *   while (await(it.moveNext())) { use(it.current()); }
 * } finally {
 *   await(it.cancel());
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> The iterator belongs to the isolate that listened. From another thread,
 * {@link #moveNext()} throws {@link StateError} (as {@code listen} does), {@link #cancel()} is
 * posted to the isolate (its future completes there), and {@link #current()} reads a snapshot;
 * see {@link DStream}'s "Threads".
 */
public final class StreamIterator<T> {
  private final StreamIteratorImpl<T> impl;

  /**
   * Creates an iterator over {@code stream}; nothing listens until the first {@link #moveNext()}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (stream): Must not be null}
   */
  public StreamIterator(DStream<T> stream) {
    this.impl = new StreamIteratorImpl<>(stream);
  }

  /**
   * Dart's {@code moveNext()}: a future that completes with true when the next data event arrives
   * (synchronously, inside the event's delivery; {@link #current()} is then that value), with
   * false when the stream is done or the iterator was cancelled (a cancel completes it one
   * microtask later), or with the stream's error (the subscription is then already cancelled, and
   * later calls return false). The first call listens to the stream; later calls resume the paused
   * subscription.
   *
   * @throws StateError {@code Bad state: Already waiting for next.} if the previous {@code
   *     moveNext()} has not completed yet
   */
  public DFuture<Boolean> moveNext() {
    return impl.moveNext();
  }

  /**
   * Dart's {@code current}: the value of the last data event, while the last {@code moveNext()}
   * completed with true and no later one was called; null otherwise (before the first, while one
   * is pending, after the end).
   */
  public T current() {
    return impl.current();
  }

  /**
   * Dart's {@code cancel()}: cancels the subscription (a pending {@code moveNext()} then completes
   * with false one microtask later) and returns the subscription's cancel future, e.g. the one of
   * an {@code async*} body, which completes after its {@code finally} blocks ran. Before the first
   * {@code moveNext()} or after the end it returns an already completed future and the iterator is
   * ended.
   */
  public DFuture<?> cancel() {
    return impl.cancel();
  }
}
