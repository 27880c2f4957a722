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
 *
 * <h2>One await, step by step</h2>
 *
 * Four classes carry an await of the root zone; the isolate's {@link EventLoop} and the zone are
 * only read (the current zone, whether a microtask is queued):
 *
 * <ol>
 *   <li><b>Awaits</b> ({@link #await}) finds the caller's {@link Body}: one field read.
 *   <li><b>Body</b> ({@link Body#beginAwait}) begins the await: a stopping isolate stops here; the
 *       rest of an await-for delivery runs; the await gets its number.
 *   <li><b>FutureImpl</b> ({@link FutureImpl#mayAwaitInline}) and <b>Carrier</b> ({@link
 *       Carrier#canResumeInline}): if the future is complete and the resuming microtask would be
 *       the very next thing to run, the result is taken now and the await returns.
 *   <li>Else the resumption is arranged: a pending future gets the await's listener ({@link
 *       FutureImpl#thenAwait}); a complete one, a microtask that resumes the body ({@link
 *       Carrier#resumeInTail}).
 *   <li><b>Body</b> ({@link Body#awaitResumption}) suspends: AWAITING; the <b>Carrier</b> takes the
 *       body off the isolate's thread ({@link Carrier#suspend}).
 *   <li>The future completes: its listener calls {@link Body#resume} with the await's number and
 *       the outcome (RESUMING), and the <b>Carrier</b> runs the body ({@link Carrier#resume}),
 *       synchronously from the completer's point of view. Step 5 returns the value or throws.
 * </ol>
 *
 * A zone with register or run handlers adds {@link AwaitCallbacks} between steps 4 and 6 (its
 * handlers see the resumption); a future of another isolate, a bridge (step 4); a {@code DFuture}
 * that is not the library's, its {@code then}.
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
    // Step 1: the caller's body, one field read (a body is its thread's uncaught-exception
    // handler; the carrier's thread-local made this method too large to inline).
    Body body = Body.of(Thread.currentThread());
    if (body == null || body.carrier.mounted != body || body.inCallback != 0) {
      body = bodyOfIsolateThread(); // Not a body's own stack: a misuse, or no isolate at all.
      if (body == null) {
        return (T) awaitOffIsolate(awaited);
      }
    }
    int await = body.beginAwait(); // Step 2.
    Carrier carrier = body.carrier;
    ZoneImpl zone = carrier.loop.zone;
    // Step 3: nothing can run before the resumption's microtask, so take the result now.
    if (awaited instanceof FutureImpl<?> future) {
      if (future.mayAwaitInline(carrier.loop, zone) && carrier.canResumeInline(body)) {
        return (T) takeInline(future);
      }
    } else if (!(awaited instanceof DFuture<?>) && carrier.canResumeInline(body)) {
      return (T) awaited;
    }
    return (T) suspendFor(carrier.loop, body, await, zone, awaited); // Steps 4 to 6.
  }

  /**
   * The body of an await whose thread did not name it in one field read (its thread's
   * uncaught-exception handler was replaced by user code): found through the isolate; null on a
   * thread of no isolate.
   *
   * @throws IllegalStateException on an isolate's thread outside a body, or inside a callback
   */
  private static Body bodyOfIsolateThread() {
    EventLoop loop = EventLoop.current();
    return loop == null ? null : requireAwaitable(loop, null);
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
    return body.awaitResumption(); // Step 5: parked until step 6 resumes it.
  }

  /**
   * The async body running on the calling thread if it may suspend here (not inside a library
   * callback), else null.
   */
  static Body awaitableBody() {
    Body b = Body.of(Thread.currentThread());
    return b != null && b.carrier.mounted == b && b.inCallback == 0 ? b : null;
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
