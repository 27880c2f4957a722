package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * One async body (a Dart {@code async} function call): a virtual thread whose scheduler is its
 * isolate's {@link EventLoop}, and the future its return completes.
 *
 * <p>Timing, as Dart's VM ({@code async_patch.dart}): the body runs synchronously in its caller
 * until its first await; {@code return} completes the future synchronously; a throw before the
 * first await completes it with the error one microtask later, a throw after an await at once.
 */
public final class Body implements Runnable {

  // ---- state (confined to the isolate's thread) ----
  /** Running on the carrier (or about to). */
  static final int RUNNING = 0;
  /** Parked in {@code await}; a future listener or a microtask resumes it. */
  static final int AWAITING = 1;
  /** Parked to hand the carrier to another body; the loop resumes it when that one suspends. */
  static final int YIELDED = 2;
  /** Parked inside a blocking JDK call (sleep, socket read): the JDK resumes it; keeps the isolate alive. */
  static final int BLOCKED = 3;
  /** Returned or threw. */
  static final int DONE = 4;

  final EventLoop loop;
  final FutureImpl<Object> result;
  private final Callable<?> code;
  Thread thread;
  /** The JDK's continuation runnable for {@link #thread}, learnt at start. */
  Runnable continuation;
  /** The zone to restore when the body resumes. */
  ZoneImpl zone;
  int state = RUNNING;
  /** Set by whoever resumes the body; guards against spurious wake-ups. */
  boolean resumed;
  /** Has suspended at least once: a throw now completes synchronously. */
  boolean suspended;
  /**
   * How many library-invoked callbacks (a then handler, a whenComplete action, a doWhile action,
   * a zone body) are running on this body's stack. Such a callback is not the async body itself:
   * as in Dart, where {@code await} in a non-async closure does not compile, await there throws
   * instead of suspending the body in the middle of, say, a future's propagation.
   */
  int inCallback;
  /**
   * The continuation as the body's zone registered it at the first await, {@link
   * AwaitCallbacks#ROUTED} if the zone sees resumptions without registering, {@link
   * AwaitCallbacks#UNDECIDED} before the first await, null if the zone does not care (the root).
   */
  AwaitCallbacks awaitCallbacks;
  private Object resumeValue;
  private AsyncError resumeError;

  Body(EventLoop loop, Callable<?> code, ZoneImpl zone) {
    this.loop = loop;
    this.code = code;
    this.zone = zone;
    this.result = new FutureImpl<>(zone);
    this.awaitCallbacks = AwaitCallbacks.atStart(zone);
  }

  @Override
  public void run() {
    if (EventLoop.BODIES_SET_CURRENT) {
      EventLoop.CURRENT.set(loop);
    }
    loop.mounted = this;
    loop.zone = zone;
    Object value;
    try {
      value = code.call();
    } catch (Throwable e) {
      AsyncError error = new AsyncError(e, StackTrace.of(e, suspended));
      if (suspended) {
        result.completeError(error);
      } else {
        result.asyncCompleteError(error); // The caller gets one microtask to attach handlers.
      }
      finish();
      return;
    }
    result.completeWithValue(value);
    finish();
  }

  private void finish() {
    state = DONE;
  }

  /** Parks until {@link #resumed}; saves and restores the current zone. */
  void suspend(int why) {
    zone = loop.zone;
    state = why;
    do {
      LockSupport.park(this);
    } while (!resumed);
    resumed = false;
    state = RUNNING;
    loop.mounted = this;
    loop.zone = zone;
  }

  void resumeWithValue(Object value) {
    resumeValue = value;
    resumeError = null;
    loop.resume(this);
  }

  void resumeWithError(AsyncError error) {
    resumeValue = null;
    resumeError = error;
    loop.resume(this);
  }

  /** The outcome of the await that just resumed: returns the value or throws the error. */
  Object takeResult() {
    AsyncError error = resumeError;
    Object value = resumeValue;
    resumeError = null;
    resumeValue = null;
    if (error != null) {
      throw Sneaky.<RuntimeException>rethrow(error.error());
    }
    return value;
  }

  /** Fast path: the value is known and nothing can run before the resumption would. */
  void setResult(Object value, AsyncError error) {
    resumeValue = value;
    resumeError = error;
  }
}
