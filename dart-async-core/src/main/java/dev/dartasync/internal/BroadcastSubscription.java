package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One listener of a broadcast controller (Dart's {@code _BroadcastSubscription}): a buffering
 * subscription that is also a link of the controller's list of listeners, with a small state of its
 * own for the controller's firing loop. Pause and resume concern only this listener (a broadcast
 * controller has no pause hooks); cancel reports to the controller.
 */
final class BroadcastSubscription<T> extends BufferingStreamSubscription<T> {
  /**
   * The id (0 or 1) of the next event this listener expects. The controller flips its own id per
   * fired event, so a listener added while an event is fired skips that event.
   */
  static final int EVENT_ID = 1;

  /** The controller is delivering an event to this listener right now. */
  static final int FIRING = 2;

  /** Cancelled while {@link #FIRING}: the controller unlinks it after the delivery. */
  static final int REMOVE_AFTER_FIRING = 4;

  private final BroadcastStreamController<T> controller;
  int eventState;

  /** The neighbours in the controller's list; both point to this subscription when unlinked. */
  BroadcastSubscription<T> next;

  BroadcastSubscription<T> previous;

  BroadcastSubscription(
      BroadcastStreamController<T> controller,
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    super(onData, onError, onDone, cancelOnError);
    this.controller = controller;
    this.next = this;
    this.previous = this;
  }

  boolean expectsEvent(int eventId) {
    return (eventState & EVENT_ID) == eventId;
  }

  void toggleEventId() {
    eventState ^= EVENT_ID;
  }

  boolean isFiring() {
    return (eventState & FIRING) != 0;
  }

  void setRemoveAfterFiring() {
    eventState |= REMOVE_AFTER_FIRING;
  }

  boolean removeAfterFiring() {
    return (eventState & REMOVE_AFTER_FIRING) != 0;
  }

  /** Whether the controller's list no longer holds this subscription. */
  boolean isUnlinked() {
    return next == this;
  }

  @Override
  DFuture<?> onCancelHook() {
    controller.recordCancel(this);
    return null; // A broadcast controller's onCancel result is not passed on, as in Dart.
  }
}
