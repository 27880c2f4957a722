package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;

/**
 * {@code await}, as the Dart VM does it ({@code _SuspendState._await}, docs/semantics.md §3.1):
 *
 * <ul>
 *   <li>a completed future, a plain value or null: the body resumes in the next microtask,
 *       queued now (in the future's zone);
 *   <li>a pending future: the body resumes synchronously inside that future's completion;
 *   <li>a DFuture that is not ours: through its {@code then}.
 * </ul>
 *
 * A future of another isolate is awaited through a bridge: its result is posted to this isolate,
 * and the body resumes here (a body only ever runs on its own isolate).
 *
 * <p>Outside an async body: on the isolate's own thread it is an error (it would deadlock); on a
 * thread that belongs to no isolate it blocks that thread until the future completes (see
 * {@link ForeignWaiter}).
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

  /**
   * Throws the misuse error if the calling thread, which runs on {@code loop}, is not an async
   * body that may suspend here: the isolate's own thread outside a body, or a library callback
   * running on a body's stack. {@code what} names the call in the message.
   */
  static Body requireAwaitable(EventLoop loop, String what) {
    Body body = loop.carrier.mounted;
    if (body == null || body.thread != Thread.currentThread() || body.inCallback > 0) {
      throw misuse(body, what);
    }
    return body;
  }

  /** The misuse error of {@link #requireAwaitable}; kept out of the hot path (inlining budget). */
  private static IllegalStateException misuse(Body body, String what) {
    String text = body == null || body.thread != Thread.currentThread() ? NOT_IN_BODY : IN_CALLBACK;
    return new IllegalStateException(what == null ? text : what + ": " + text);
  }

  /**
   * Dart's {@code await}. The common case, a completed future of this isolate (or a value) with
   * nothing else queued, returns here without parking; everything else is {@link #suspendFor}. The
   * split keeps this method small enough for the JIT to inline into the caller (measured: an await
   * that outgrew the inlining limit cost about 3 ns more per await).
   */
  @SuppressWarnings("unchecked")
  public static <T> T await(Object awaited) throws InterruptedException {
    Body body;
    EventLoop loop;
    // A body is its thread's uncaught-exception handler: one field read finds the caller's body
    // without the carrier thread-local (which made this method too large to inline).
    if (CarrierSeam.handlerOf(Thread.currentThread()) instanceof Body b
        && b.carrier.mounted == b
        && b.inCallback == 0) {
      body = b;
      loop = b.carrier.loop;
    } else {
      loop = EventLoop.current();
      if (loop == null) {
        return (T) awaitOffIsolate(awaited);
      }
      body = requireAwaitable(loop, null);
    }
    loop.exitIfStopping(); // An exiting or killed isolate's body never suspends again.
    if (loop.deferred != null) {
      InlineDelivery.runDeferredOf(loop, body); // The body suspends: its await-for delivery ends.
    }
    int await = body.beginAwait();
    ZoneImpl zone = loop.zone;
    if (awaited instanceof FutureImpl<?> future) {
      if (future.zone.loop == loop
          && future.isComplete()
          && loop.carrier.canResumeInline(body)
          && (future.zone == zone || future.zone.mayElideMicrotask())
          && (!future.hasError() || future.zone.inSameErrorZone(zone))) {
        return (T) takeInline(future);
      }
    } else if (!(awaited instanceof DFuture<?>) && loop.carrier.canResumeInline(body)) {
      return (T) awaited;
    }
    return (T) suspendFor(loop, body, await, zone, awaited);
  }

  /** {@code await} on a thread that belongs to no isolate: blocks until the future completes. */
  private static Object awaitOffIsolate(Object awaited) throws InterruptedException {
    if (awaited instanceof FutureImpl<?> f) {
      try {
        return f.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw Sneaky.<RuntimeException>rethrow(e.getCause());
      }
    }
    if (awaited instanceof DFuture<?> f) {
      return awaitForeignBlocking(f);
    }
    return awaited; // Nothing to wait for on a foreign thread.
  }

  /** {@code await} that parks the body: arranges its resumption, then suspends it. */
  private static Object suspendFor(
      EventLoop loop, Body body, int await, ZoneImpl zone, Object awaited) {
    if (awaited instanceof FutureImpl<?> other && other.zone.loop != loop) {
      awaited = other.bridgeInto(loop); // A future of another isolate: its result comes here.
    }
    if (awaited instanceof FutureImpl<?> future) {
      if (future.isComplete()) {
        if (!AwaitCallbacks.awaitThroughZone(body, zone, future)) {
          future.zone.scheduleMicrotask(() -> resumeCompleted(loop, body, await, future, zone));
        }
      } else {
        future.thenAwait(body, await);
      }
    } else if (awaited instanceof DFuture<?> foreign) {
      foreign.then(
          value -> {
            body.resume(await, value);
            return null;
          },
          (Throwable error, StackTrace stack) -> {
            body.resume(await, Outcome.failure(error));
            return null;
          });
    } else if (!AwaitCallbacks.awaitThroughZone(body, zone, awaited)) {
      Object value = awaited;
      zone.scheduleMicrotask(() -> loop.carrier.resumeInTail(body, await, value));
    }
    body.suspend(Body.State.AWAITING);
    loop.exitIfStopping(); // Killed while it waited (resumed in the same event): no further line.
    return body.takeOutcome();
  }

  /**
   * The async body running on the calling thread if it may suspend here (not inside a library
   * callback), else null.
   */
  static Body awaitableBody() {
    if (CarrierSeam.handlerOf(Thread.currentThread()) instanceof Body b
        && b.carrier.mounted == b
        && b.inCallback == 0) {
      return b;
    }
    return null;
  }

  /** The result of a completed future, as an await returns it: its value, or its error thrown. */
  static Object takeInline(FutureImpl<?> future) {
    if (future.hasError()) {
      throw Sneaky.<RuntimeException>rethrow(future.error().error());
    }
    return future.value();
  }

  private static void resumeCompleted(
      EventLoop loop, Body body, int await, FutureImpl<?> future, ZoneImpl awaitZone) {
    if (!body.isResumable(await)) {
      return; // The watchdog gave up on that await (pinned): the body went on without it.
    }
    Object outcome;
    if (future.hasError()) {
      AsyncError error = future.error();
      if (!future.zone.inSameErrorZone(awaitZone)) {
        future.zone.handleUncaughtError(error.error(), error.stackTrace());
        return; // The body never resumes: errors do not cross error zones.
      }
      outcome = Outcome.failure(error.error());
    } else {
      outcome = future.value();
    }
    loop.carrier.resumeInTail(body, await, outcome);
  }

  /** Blocks a thread of no isolate until a DFuture that is not the library's completes. */
  private static Object awaitForeignBlocking(DFuture<?> future) throws InterruptedException {
    try {
      return future.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw Sneaky.<RuntimeException>rethrow(e.getCause());
    }
  }
}
