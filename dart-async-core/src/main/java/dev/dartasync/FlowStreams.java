package dev.dartasync;

import dev.dartasync.internal.FlowSink;
import dev.dartasync.internal.FlowSource;
import java.util.concurrent.Flow;

/**
 * Bridges between Dart streams and Java's {@link Flow} (Reactive Streams) publishers, in both
 * directions. Java interop, like {@link DFuture#fromCompletionStage}: the Java side may run on any
 * thread; everything that reaches Dart code arrives as an <b>event</b> of the isolate.
 *
 * <pre>{@code
 * DStream<Row> rows = FlowStreams.fromPublisher(driver.query(sql));   // Flow → Dart
 * Flow.Publisher<Row> out = FlowStreams.toPublisher(rows.where(...)); // Dart → Flow
 * }</pre>
 */
public final class FlowStreams {
  private FlowStreams() {}

  /**
   * A single-subscription stream of what {@code publisher} publishes. Its {@code listen}
   * subscribes to the publisher (synchronously, inside {@code listen}); each Flow signal, on
   * whatever thread it comes, is posted to the listening isolate as an event, in which the item is
   * added to the stream (delivered to {@code onData} a microtask later, as by an async {@link
   * StreamController}). {@code onError(e)} gives an error event and then done; {@code onComplete}
   * gives done. While subscribed (from {@code listen} to the terminal signal or the cancel) the
   * isolate stays alive.
   *
   * <p>Demand: {@value FlowSource#BATCH} items are requested at first, and the request is topped
   * back up to {@value FlowSource#BATCH} whenever half of them arrived; while the Dart
   * subscription is paused no more is requested (up to {@value FlowSource#BATCH} items already
   * requested may still arrive and wait in the stream's buffer), and requesting goes on when it
   * resumes. Cancelling the Dart subscription cancels the Flow subscription; signals after a
   * terminal signal or a cancel are ignored. A null item or error is refused by throwing {@link
   * NullPointerException} to the publisher (rule 2.13) and ends the stream with that error.
   *
   * @throws ArgumentError if {@code publisher} is null
   */
  public static <T> DStream<T> fromPublisher(Flow.Publisher<? extends T> publisher) {
    return FlowSource.stream(publisher);
  }

  /**
   * A publisher of {@code stream}'s events, for Java code that expects a {@link Flow.Publisher}.
   * Call it on {@code stream}'s isolate. Each subscriber gets its own {@code listen} on the stream
   * (so a single-subscription stream serves one subscriber; a second gets {@code onSubscribe} and
   * then {@code onError} with the {@code Bad state} of the second listen). {@code subscribe} may
   * be called from any thread: the listen is posted to the isolate (made at once on the isolate's
   * own thread), where {@code onSubscribe} is called first. Every signal to the subscriber is made
   * on the isolate's thread.
   *
   * <p>No more items are signalled than were requested: items beyond the demand wait in a queue
   * and the Dart subscription is paused until the subscriber requests more. A done event gives
   * {@code onComplete} after the waiting items; an error event gives {@code onError} after them
   * and cancels the Dart subscription. {@code request(n)} with {@code n <= 0} cancels and signals
   * {@code onError(IllegalArgumentException)} (rule 3.9). {@code cancel()} cancels the Dart
   * subscription and stops all signals. While a subscriber is subscribed (until a terminal signal
   * or its cancel) the isolate stays alive, waiting for its requests. If the isolate ended before
   * the subscription reached it, the subscriber gets {@code onSubscribe} and {@code
   * onError(IllegalStateException)} on the ending thread. A subscriber's method that throws (rule
   * 2.13) counts as its cancel; the exception goes to the uncaught-error handling of the zone in
   * which the stream delivered.
   *
   * @throws ArgumentError if {@code stream} is null
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <T> Flow.Publisher<T> toPublisher(DStream<T> stream) {
    return FlowSink.publisher(stream);
  }
}
