package dev.dartasync.internal;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * A thread that belongs to no isolate, blocked until a future completes ({@code get()} or
 * {@code await} outside any isolate). It parks (no polling) until a listener on the future's
 * isolate wakes it, or the isolate ends without completing the future (a close hook wakes it with
 * an error), or its time runs out, or it is interrupted.
 */
final class ForeignWaiter implements DroppableEvent {

  static final String ENDED =
      "The isolate that owns this future ended before the future completed; it never will.";

  private final FutureImpl<?> future;
  private final Thread waiter = Thread.currentThread();
  /** Set once: the future completed (its result is read from it), or the isolate ended. */
  private volatile boolean done;
  private volatile boolean ended;

  private ForeignWaiter(FutureImpl<?> future) {
    this.future = future;
  }

  /**
   * Blocks until {@code future} has a result; {@code timeoutNanos < 0} waits without limit.
   *
   * @throws IllegalStateException if the isolate ended first
   */
  static void await(FutureImpl<?> future, long timeoutNanos)
      throws InterruptedException, TimeoutException {
    ForeignWaiter w = new ForeignWaiter(future);
    future.zone.loop.post(w);
    long deadline = timeoutNanos < 0 ? 0 : System.nanoTime() + timeoutNanos;
    while (!w.done) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (timeoutNanos < 0) {
        LockSupport.park(w);
      } else {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException("Future not completed");
        }
        LockSupport.parkNanos(w, left);
      }
    }
    if (w.ended && future.resultHolder() == null) {
      throw new IllegalStateException(ENDED);
    }
  }

  private void wake(boolean isolateEnded) {
    ended = isolateEnded;
    done = true;
    LockSupport.unpark(waiter);
  }

  /** On the future's isolate: listen, in the future's zone, and watch for the isolate's end. */
  @Override
  public void run() {
    ResultWatch.watch(future, (value, error, stack) -> wake(false), () -> wake(true));
  }

  @Override
  public void dropped() {
    wake(true);
  }

  @Override
  public String toString() {
    return "a thread waiting in Future.get()";
  }
}
