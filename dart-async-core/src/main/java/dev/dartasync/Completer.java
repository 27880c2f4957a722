package dev.dartasync;

import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.FutureImpl;
import dev.dartasync.internal.ZoneErrors;
import dev.dartasync.internal.ZoneImpl;
import java.util.Objects;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Produces a {@link DFuture} and completes it later: Dart's {@code Completer<T>}.
 *
 * <p><b>Ordering.</b> {@code new Completer<>()} is Dart's default, asynchronous completer:
 * {@link #complete(Object)} records the value and queues one microtask, and the future's listeners
 * run inside that microtask. {@link #sync()} gives Dart's {@code Completer.sync()}: listeners run
 * synchronously inside {@code complete}. Either way {@link #isCompleted()} is true at once.
 *
 * <p><b>Threads.</b> A completer belongs to the isolate it was created on. {@code complete} and
 * {@code completeError} may be called from any thread: the "already completed" check happens at
 * once on the calling thread (so exactly one of many racing threads succeeds), and the completion
 * itself is posted to the isolate as an event; no user code runs on the calling thread. A
 * completion arriving from another thread does not keep the isolate alive by itself (as a pending
 * future does not in Dart); to wait for a Java computation, use
 * {@link DFuture#fromCompletionStage}, which does.
 */
public class Completer<T> {

  private final FutureImpl<T> future;
  private final boolean sync;
  /**
   * 0 until complete or completeError is called, then 1; set once, by a compare-and-set, so that
   * exactly one of many racing threads succeeds. A field with a VarHandle rather than an
   * AtomicBoolean: one object less per completer (16 B, and a pointer to chase).
   */
  private volatile int completed;

  private static final VarHandle COMPLETED;

  static {
    try {
      COMPLETED = MethodHandles.lookup().findVarHandle(Completer.class, "completed", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Dart's {@code Completer()}: completes its future asynchronously (one microtask later).
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public Completer() {
    this(false);
  }

  private Completer(boolean sync) {
    this.future = new FutureImpl<>();
    this.sync = sync;
  }

  /**
   * Dart's {@code Completer.sync()}: listeners run synchronously inside {@code complete}.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <T> Completer<T> sync() {
    return new Completer<>(true);
  }

  /** The future this completer completes. */
  public DFuture<T> future() {
    return future;
  }

  /** Whether complete or completeError was called (true at once, even before listeners run). */
  public boolean isCompleted() {
    return completed != 0;
  }

  /** Completes with null; see {@link #complete(Object)}. */
  public void complete() {
    complete((T) null);
  }

  /**
   * Completes the future with {@code value}.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void complete(T value) {
    claim();
    deliver(() -> {
      if (sync) {
        future.completeWithValue(value);
      } else {
        future.asyncCompleteWithValue(value);
      }
    });
  }

  /**
   * Completes the future with the result of {@code source}: Dart's {@code complete(future)}. The
   * async completer follows it without running listeners synchronously (one microtask after the
   * source completes, or at once if the source already has a value and nobody listens yet); the
   * sync completer runs listeners inside the source's completion.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void complete(DFuture<? extends T> source) {
    Objects.requireNonNull(source, "value");
    claim();
    deliver(() -> {
      if (sync) {
        future.complete(source);
      } else {
        future.chainFuture(source);
      }
    });
  }

  /**
   * Completes the future with {@code error} and the error's own stack trace.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void completeError(Throwable error) {
    completeError(error, null);
  }

  /**
   * Completes the future with {@code error} and {@code stackTrace} (the error's own if null). The
   * async completer delivers it one microtask later; if the future still has no listener then, the
   * error is uncaught in the future's zone. The calling zone's {@link Zone#errorCallback} runs
   * first, synchronously, and may replace the error and stack trace.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void completeError(Throwable error, StackTrace stackTrace) {
    Objects.requireNonNull(error, "error");
    claim();
    ZoneImpl caller = ZoneErrors.callerZone(future);
    deliver(() -> {
      // Dart's _interceptUserError: the calling zone's errorCallback may replace the error.
      AsyncError asyncError = ZoneErrors.intercept(caller, error, stackTrace);
      if (sync) {
        future.completeError(asyncError);
      } else {
        future.asyncCompleteError(asyncError);
      }
    });
  }

  private void claim() {
    if (!COMPLETED.compareAndSet(this, 0, 1)) {
      throw new StateError("Future already completed");
    }
  }

  private void deliver(Runnable completion) {
    EventLoop loop = future.loop();
    if (loop.isOwnerThread()) {
      completion.run();
    } else {
      loop.post(completion);
    }
  }
}
