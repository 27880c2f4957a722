package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;

/**
 * The controller behind {@code asBroadcastStream} (Dart's {@code _AsBroadcastStreamController}): a
 * sync broadcast controller fed by the source subscription. An event that arrives while another
 * is being delivered (a listener's callback made the source emit) is queued instead of failing,
 * and delivered right after the current one, still inside the outer {@code add}.
 */
final class AsBroadcastStreamController<T> extends SyncBroadcastStreamController<T> {
  /** Events that arrived while firing; null until the first one. */
  private PendingEvents<T> pending;

  AsBroadcastStreamController(Runnable onListen, Runnable onCancel) {
    super(onListen, onCancel == null ? null : Adapt.callable(onCancel));
  }

  private void addPendingEvent(DelayedEvent event) {
    if (pending == null) {
      pending = new PendingEvents<>();
    }
    pending.add(event);
  }

  private boolean queuesEvent() {
    return !isClosed() && isFiring();
  }

  @Override
  public void add(T value) {
    if (queuesEvent()) {
      addPendingEvent(new DelayedEvent.Data(value));
      return;
    }
    super.add(value);
    flushPending();
  }

  /** As Dart's: no zone errorCallback here; a missing stack trace becomes the default one. */
  @Override
  public void addError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    if (stackTrace == null) {
      stackTrace = AsyncError.defaultStackTrace(error);
    }
    if (queuesEvent()) {
      addPendingEvent(new DelayedEvent.Error(error, stackTrace));
      return;
    }
    if (!mayAddEvent()) {
      throw addEventError();
    }
    sendError(error, stackTrace);
    flushPending();
  }

  /** Delivers the events queued during the last delivery, in order. */
  private void flushPending() {
    PendingEvents<T> events = pending;
    if (events != null) {
      while (!events.isEmpty()) {
        events.handleNext(this);
      }
    }
  }

  @Override
  public DFuture<Void> close() {
    if (queuesEvent()) {
      addPendingEvent(DelayedEvent.Done.INSTANCE);
      // Closed now; the done event follows the one being delivered.
      state |= CLOSED;
      return done();
    }
    return super.close();
  }

  @Override
  void callOnCancel() {
    if (pending != null) {
      pending.clear();
      pending = null;
    }
    super.callOnCancel();
  }
}
