package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
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
  /** How {@link #awaitNext} takes buffered elements without a park; created at its first use. */
  private InlineDelivery inline;
  /** The await-for loop's body, which a generator's yield may run ({@link LoopDriver}); or null. */
  private LoopDriver<T> driver;

  public StreamIteratorImpl(DStream<T> stream) {
    this.stateData = Checks.notNull(stream, "stream");
  }

  /** Lets the generator feeding this iterator run {@code driver}'s loop body in its yield. */
  void drive(LoopDriver<T> driver) {
    this.driver = driver;
  }

  /**
   * The loop's next {@code moveNext} after a loop body that a generator ran ({@link LoopDriver}):
   * waiting again on the same {@code future}, on which the consumer is still parked. The iterator
   * is as that loop body found it: only the consumer's loop touches it, and the generator, whose
   * add is running it, cannot send anything else meanwhile.
   */
  void rearm(FutureImpl<Boolean> future) {
    stateData = future;
    hasValue = false;
    ((BufferingStreamSubscription<T>) subscription).resumeOwned(); // On the generator's thread.
  }

  /** Dart's {@code current}: the last value, or null when there is none. */
  @SuppressWarnings("unchecked")
  public T current() {
    return hasValue ? (T) stateData : null;
  }

  /** The isolate of the iterator's subscription, if known (before the first moveNext: none). */
  private static EventLoop owner(StreamSubscription<?> s) {
    return s instanceof BufferingStreamSubscription<?> b ? b.owner() : null;
  }

  /** Whether a subscription is active (the await-for lowering cancels only then). */
  public boolean isListening() {
    return subscription != null;
  }

  public DFuture<Boolean> moveNext() {
    StreamSubscription<T> s = subscription;
    if (StreamThreads.isForeign(owner(s))) {
      throw StreamThreads.refused("StreamIterator.moveNext");
    }
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

  /**
   * {@code await moveNext()}, as the await-for lowering does it, for the running async body: the
   * same order as {@link #moveNext} followed by {@code Dart.await}, but a buffered element whose
   * delivery microtask is the next thing to run is taken on the body's own stack, without a park
   * ({@link InlineDelivery}).
   */
  @SuppressWarnings("unchecked")
  public boolean awaitNext() throws InterruptedException {
    DFuture<Boolean> next = moveNext();
    Body body;
    if (subscription instanceof BufferingStreamSubscription<?> s
        && next instanceof FutureImpl<?> future
        && !future.isComplete()
        && InlineDelivery.enabled
        && (body = Awaits.awaitableBody()) != null
        && body.awaitCallbacks == null) {
      PendingEvents<?> source = s.inlineSource();
      if (source != null && (driver == null || s.buffersEvents())) {
        return awaitBuffered(body, (FutureImpl<Boolean>) future, source);
      }
      LoopDriver<T> d = driver;
      if (d != null) {
        return awaitDriven(body, (FutureImpl<Boolean>) future, d);
      }
    }
    return Dart.await(next);
  }

  /** Parks on {@code future}, which the generator may keep pending over many loop bodies. */
  private boolean awaitDriven(Body body, FutureImpl<Boolean> future, LoopDriver<T> d)
      throws InterruptedException {
    if (!d.arm(body, future)) {
      return Dart.await(future);
    }
    try {
      return Dart.await(future);
    } finally {
      d.parkedOn = null;
    }
  }

  private boolean awaitBuffered(Body body, FutureImpl<Boolean> future, PendingEvents<?> source)
      throws InterruptedException {
    EventLoop loop = body.carrier.loop;
    // In Dart the body suspends here: the rest of the delivery it took last runs now.
    InlineDelivery.runDeferredOf(loop, body);
    InlineDelivery d = inline;
    if (d == null) {
      d = inline = new InlineDelivery(this);
    }
    d.body = body;
    source.armed = d;
    try {
      // Each delivery that is the next microtask anyway runs here; one filtered out on the way
      // leaves the future pending, and the next one may follow.
      while (!future.isComplete() && loop.zone.mayElideMicrotask()) {
        MicrotaskQueue.Entry head = loop.peekMicrotask();
        if (head == null
            || !source.isDeliveryTask(head.task)
            || !body.carrier.mayRunNextMicrotask(body)) {
          break;
        }
        loop.pollMicrotask();
        // An error may complete the future before the body reads it: not an uncaught error.
        future.ignore();
        ((ZoneImpl) head.zone).runMicrotask(head.task);
      }
      if (future.isComplete()) {
        return (Boolean) Awaits.takeInline(future);
      }
      // Park; the loop runs the delivery through d when its turn comes.
      return Dart.await(future);
    } finally {
      source.armed = null;
    }
  }

  /**
   * The end of Dart's {@code onData}: pauses the subscription unless the loop body already asked
   * for the next element (deferred by {@link InlineDelivery} to the body's next suspension).
   */
  void pauseUnlessMoved() {
    if (hasValue && subscription != null) {
      subscription.pause();
    }
  }

  @SuppressWarnings("unchecked")
  public DFuture<?> cancel() {
    StreamSubscription<T> s = subscription;
    if (StreamThreads.isForeign(owner(s))) {
      return StreamThreads.postFuture(owner(s), "StreamIterator.cancel", this::cancel);
    }
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
    LoopDriver<T> driven = driver;
    if (driven != null) {
      Body generator = driven.mayDrive(moveNextFuture);
      if (generator != null) {
        driven.drive(this, data, moveNextFuture, generator);
        pauseUnlessMoved();
        return;
      }
    }
    InlineDelivery d = inline;
    if (d != null && d.body.carrier.loop.inline == d) {
      d.trigger(moveNextFuture); // The future completes, and the body runs, after the delivery.
      return;
    }
    moveNextFuture.complete(true);
    // Pause only if the loop body did not already call moveNext again synchronously.
    pauseUnlessMoved();
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
