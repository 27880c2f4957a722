package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A subscription that only sends done, one microtask after it is created (Dart's {@code
 * _DoneStreamSubscription}). Paused when the microtask runs: done waits for the last resume, which
 * queues a new microtask.
 */
final class DoneStreamSubscription<T> implements StreamSubscription<T> {
  /** Not paused, not cancelled, no microtask queued: done may be sent. */
  private static final int READY_TO_SEND = 0;

  /** A microtask is queued. */
  private static final int SCHEDULED = 1;

  /** Done sent or cancelled; any negative state counts as done. */
  private static final int DONE = -1;

  /** Added per pause (while not done), subtracted per resume. */
  private static final int PAUSED_ONCE = 2;

  private final ZoneImpl zone;
  private int state;
  private Runnable onDone;

  DoneStreamSubscription(Runnable onDone) {
    this.zone = ZoneImpl.current();
    // A microtask is queued now.
    this.state = SCHEDULED;
    zone.scheduleMicrotaskFromCurrent(this::onMicrotask);
    if (onDone != null) {
      this.onDone = zone.registerRunnableOwned(onDone);
    }
  }

  private static boolean isDone(int state) {
    return state < 0;
  }

  @Override
  public void onData(Consumer<? super T> handleData) {}

  @Override
  public void onError(BiConsumer<? super Throwable, ? super StackTrace> handleError) {}

  @Override
  public void onDone(Runnable handleDone) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.onDone", () -> onDone(handleDone));
      return;
    }
    if (!isDone(state)) {
      onDone = handleDone == null ? null : zone.registerRunnableOwned(handleDone);
    }
  }

  @Override
  public void pause() {
    pause(null);
  }

  @Override
  public void pause(DFuture<?> resumeSignal) {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.pause", () -> pause(resumeSignal));
      return;
    }
    if (!isDone(state)) {
      // One more pause.
      state += PAUSED_ONCE;
      if (resumeSignal != null) {
        resumeSignal.whenComplete(this::resume);
      }
    }
  }

  @Override
  public void resume() {
    if (StreamThreads.isForeign(zone.loop)) {
      StreamThreads.post(zone.loop, "StreamSubscription.resume", this::resume);
      return;
    }
    int resumed = state - PAUSED_ONCE;
    if (resumed < 0) {
      return; // Not paused (or done).
    }
    if (resumed == READY_TO_SEND) {
      // The last resume, and the earlier microtask has passed: queue a new one.
      state = SCHEDULED;
      zone.scheduleMicrotaskFromCurrent(this::onMicrotask);
    } else {
      // Still paused, or a microtask is still queued.
      state = resumed;
    }
  }

  @Override
  public boolean isPaused() {
    return state >= PAUSED_ONCE;
  }

  @Override
  public DFuture<Void> cancel() {
    if (StreamThreads.isForeign(zone.loop)) {
      return StreamThreads.postFuture(zone.loop, "StreamSubscription.cancel", this::cancel);
    }
    // Cancelled: done is never sent.
    state = DONE;
    onDone = null;
    return BufferingStreamSubscription.nullFuture();
  }

  @Override
  public <E> DFuture<E> asFuture(E futureValue) {
    if (StreamThreads.isForeign(zone.loop)) {
      throw StreamThreads.refused("StreamSubscription.asFuture");
    }
    FutureImpl<E> result = new FutureImpl<>();
    if (!isDone(state)) {
      onDone = zone.registerRunnableOwned(() -> result.completeWithValue(futureValue));
    }
    return result;
  }

  private void onMicrotask() {
    int unscheduled = state - SCHEDULED;
    if (unscheduled == READY_TO_SEND) {
      // Done is sent now.
      state = DONE;
      Runnable handler = onDone;
      if (handler != null) {
        onDone = null;
        zone.runGuardedOwned(handler);
      }
    } else {
      // Paused or cancelled: no microtask is queued any more.
      state = unscheduled;
    }
  }
}
