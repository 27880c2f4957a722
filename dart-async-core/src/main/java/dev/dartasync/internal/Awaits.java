package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code await}, as the Dart VM does it ({@code _SuspendState._await}, dart-semantics.md 3.1):
 *
 * <ul>
 *   <li>a completed future, a plain value or null: the body resumes in the next microtask,
 *       queued now (in the future's zone);
 *   <li>a pending future: the body resumes synchronously inside that future's completion;
 *   <li>a DFuture that is not ours: through its {@code then}.
 * </ul>
 *
 * Outside an async body: on the isolate's own thread it is an error (it would deadlock); on a
 * thread that belongs to no isolate it blocks that thread until the future completes.
 */
public final class Awaits {
  private Awaits() {}

  private static final String NOT_IN_BODY =
      "await was called on an isolate's thread outside an async body: it cannot block the event "
          + "loop. Run the code in Dart.async(() -> ...), or use then(...).";

  private static final String IN_CALLBACK =
      "await was called inside a callback (a then/catchError/whenComplete handler, a doWhile "
          + "action, a zone body) that runs synchronously on an async body's stack; the callback "
          + "is not the async body, and suspending here would suspend the body in the middle of "
          + "the library's work (in Dart, await in a non-async closure does not compile). Make the "
          + "callback an async body: Dart.async(() -> ...), or use thenCompose.";

  @SuppressWarnings("unchecked")
  public static <T> T await(Object awaited) throws InterruptedException {
    EventLoop loop = EventLoop.current();
    if (loop == null) {
      if (awaited instanceof DFuture<?> f) {
        try {
          return (T) awaitBlocking(f, -1);
        } catch (java.util.concurrent.TimeoutException impossible) {
          throw new AssertionError(impossible); // No time limit was given.
        }
      }
      return (T) awaited; // Nothing to wait for on a foreign thread.
    }
    Body body = loop.mounted;
    if (body == null || body.thread != Thread.currentThread()) {
      throw new IllegalStateException(NOT_IN_BODY);
    }
    if (body.inCallback > 0) {
      throw new IllegalStateException(IN_CALLBACK);
    }
    body.suspended = true;
    ZoneImpl zone = loop.zone;
    if (awaited instanceof FutureImpl<?> future) {
      if (future.isComplete()) {
        boolean crossesErrorZone = future.hasError() && !future.zone.inSameErrorZone(zone);
        if (!crossesErrorZone
            && loop.canResumeInline(body)
            && (future.zone == zone || future.zone.mayElideMicrotask())) {
          return (T) takeInline(future);
        }
        if (!AwaitCallbacks.awaitThroughZone(body, zone, future)) {
          future.zone.scheduleMicrotask(() -> resumeCompleted(loop, body, future, zone));
        }
      } else {
        future.thenAwait(body);
      }
    } else if (awaited instanceof DFuture<?> foreign) {
      foreign.then(
          value -> {
            body.resumeWithValue(value);
            return null;
          },
          (Throwable error, StackTrace stack) -> {
            body.resumeWithError(new AsyncError(error, stack));
            return null;
          });
    } else {
      if (loop.canResumeInline(body)) {
        return (T) awaited;
      }
      if (!AwaitCallbacks.awaitThroughZone(body, zone, awaited)) {
        zone.scheduleMicrotask(
            () -> {
              body.setResult(awaited, null);
              loop.resumeInTail(body);
            });
      }
    }
    body.suspend(Body.AWAITING);
    return (T) body.takeResult();
  }

  private static Object takeInline(FutureImpl<?> future) {
    if (future.hasError()) {
      throw Sneaky.<RuntimeException>rethrow(future.error().error());
    }
    return future.value();
  }

  private static void resumeCompleted(
      EventLoop loop, Body body, FutureImpl<?> future, ZoneImpl awaitZone) {
    if (future.hasError()) {
      AsyncError error = future.error();
      if (!future.zone.inSameErrorZone(awaitZone)) {
        future.zone.handleUncaughtError(error.error(), error.stackTrace());
        return; // The body never resumes: errors do not cross error zones.
      }
      body.setResult(null, error);
    } else {
      body.setResult(future.value(), null);
    }
    loop.resumeInTail(body);
  }

  /**
   * Blocks a thread that belongs to no isolate until {@code future} completes, then returns its
   * value or throws its error. {@code timeoutNanos < 0} waits without limit.
   */
  @SuppressWarnings("unchecked")
  public static <T> T awaitBlocking(DFuture<T> future, long timeoutNanos)
      throws InterruptedException, java.util.concurrent.TimeoutException {
    EventLoop current = EventLoop.current();
    if (current != null) {
      if (timeoutNanos >= 0) {
        throw new IllegalStateException(
            "Future.get with a timeout blocks its thread; it cannot run on an isolate's thread.");
      }
      return await(future);
    }
    Thread waiter = Thread.currentThread();
    Object[] outcome = new Object[2]; // value, AsyncError
    boolean[] done = new boolean[1];
    future.then(
        value -> {
          synchronized (outcome) {
            outcome[0] = value;
            done[0] = true;
          }
          LockSupport.unpark(waiter);
          return null;
        },
        (Throwable error, StackTrace stack) -> {
          synchronized (outcome) {
            outcome[1] = new AsyncError(error, stack);
            done[0] = true;
          }
          LockSupport.unpark(waiter);
          return null;
        });
    EventLoop owner = future instanceof FutureImpl<?> f ? f.loop() : null;
    long deadline = timeoutNanos < 0 ? 0 : System.nanoTime() + timeoutNanos;
    while (true) {
      synchronized (outcome) {
        if (done[0]) {
          break;
        }
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (owner != null && owner.isTerminated()) {
        synchronized (outcome) {
          if (done[0]) {
            break;
          }
        }
        throw new IllegalStateException(
            "The isolate that owns this future ended before the future completed.");
      }
      long park = TimeUnit.MILLISECONDS.toNanos(50);
      if (timeoutNanos >= 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new java.util.concurrent.TimeoutException("Future not completed");
        }
        park = Math.min(park, left);
      }
      LockSupport.parkNanos(future, park);
    }
    synchronized (outcome) {
      if (outcome[1] != null) {
        throw Sneaky.<RuntimeException>rethrow(((AsyncError) outcome[1]).error());
      }
      return (T) outcome[0];
    }
  }
}
