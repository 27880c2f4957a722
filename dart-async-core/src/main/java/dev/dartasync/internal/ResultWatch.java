package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Watches a future on its own isolate for a party outside it (a foreign thread in {@code get()}, a
 * bridge to another isolate): exactly one of the two callbacks runs, {@code onResult} when the
 * future completes (error or not, in the future's own zone, so that its errors always arrive), or
 * {@code onOwnerEnded} if the isolate ends first.
 */
final class ResultWatch {
  private ResultWatch() {}

  /** What to do with the result: {@code error} is null for a value. */
  interface OnResult {
    void accept(Object value, Throwable error, StackTrace stack);
  }

  /** Call on the future's isolate. */
  static void watch(FutureImpl<?> future, OnResult onResult, Runnable onOwnerEnded) {
    EventLoop owner = future.zone.loop;
    owner.onClose(onOwnerEnded);
    future.addListenerOwned(
        new FutureListener(
            future.zone,
            FutureListener.VALUE | FutureListener.ERROR,
            (Function<Object, Object>)
                value -> {
                  owner.removeOnClose(onOwnerEnded);
                  onResult.accept(value, null, null);
                  return null;
                },
            (BiFunction<Throwable, StackTrace, Object>)
                (error, stack) -> {
                  owner.removeOnClose(onOwnerEnded);
                  onResult.accept(null, error, stack);
                  return null;
                },
            null));
  }
}
