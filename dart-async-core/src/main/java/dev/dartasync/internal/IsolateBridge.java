package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;

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
    EventLoop owner = source.zone.loop;
    EventLoop caller = local.zone.loop;
    Runnable ownerEnded = waiting::release;
    owner.onClose(ownerEnded);
    FutureListener listener =
        new FutureListener(
            source.zone,
            FutureListener.VALUE | FutureListener.ERROR,
            (java.util.function.Function<Object, Object>)
                value -> {
                  owner.removeOnClose(ownerEnded);
                  caller.post(
                      () -> {
                        waiting.release();
                        local.completeWithValue(value);
                      });
                  return null;
                },
            (java.util.function.BiFunction<Throwable, StackTrace, Object>)
                (error, stack) -> {
                  owner.removeOnClose(ownerEnded);
                  AsyncError asyncError = new AsyncError(error, stack);
                  caller.post(
                      () -> {
                        waiting.release();
                        local.completeError(asyncError);
                      });
                  return null;
                },
            null);
    source.addListenerOwned(listener);
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
