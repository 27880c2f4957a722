package dev.dartasync.internal;

import dev.dartasync.AsyncError;

/**
 * Carries the result of a future of one isolate (the owner) to a future of another (the caller):
 * posted to the owner, it listens there and posts the result to the caller. Until then the caller
 * is held open by {@code waiting}; if the owner ends first (or had already ended), the hold is
 * released and the caller's future never completes, like any future nobody completes.
 */
final class IsolateBridge<T> implements DroppableEvent {

  private final FutureImpl<T> source;
  private final FutureImpl<T> local;
  private final KeepAlive waiting;

  IsolateBridge(FutureImpl<T> source, FutureImpl<T> local, KeepAlive waiting) {
    this.source = source;
    this.local = local;
    this.waiting = waiting;
  }

  /** On the owner: listen to the source, in its own zone, so that its errors always arrive. */
  @Override
  public void run() {
    EventLoop caller = local.zone.loop;
    ResultWatch.watch(
        source,
        (value, error, stack) -> {
          AsyncError asyncError = error == null ? null : new AsyncError(error, stack);
          caller.post(
              () -> {
                waiting.release();
                if (asyncError == null) {
                  local.completeWithValue(value);
                } else {
                  local.completeError(asyncError);
                }
              });
        },
        waiting::release);
  }

  /** The owner had ended: its future can never complete. */
  @Override
  public void dropped() {
    waiting.release();
  }

  @Override
  public String toString() {
    return "a bridge to a future of another isolate";
  }
}
