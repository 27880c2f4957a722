package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.EventLoop;
import dev.dartasync.internal.FutureImpl;
import dev.dartasync.internal.KeepAlive;
import dev.dartasync.internal.LateCompletion;
import dev.dartasync.internal.ZoneErrors;
import dev.dartasync.internal.ZoneImpl;
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
 * itself is posted to the isolate as an event; no user code runs on the calling thread.
 *
 * <p><b>Keeping the isolate alive.</b> A pending future does not keep an isolate alive (as in
 * Dart): if nothing else is left, the isolate ends, and a completion that arrives later from
 * another thread is dropped with a WARN log line. To wait for a callback from another thread (a
 * JDBC driver, an HTTP client, a listener), create the completer with {@link #keepAlive()}: it
 * holds the isolate open until it is completed, the way an open {@code ReceivePort} does in Dart.
 * For a {@code CompletionStage}, {@link DFuture#fromCompletionStage} does the same.
 */
public class Completer<T> {

  private final FutureImpl<T> future;
  /** Held until completion by a {@link #keepAlive()} completer; null for the others. */
  private final KeepAlive keepAlive;
  /**
   * 0 until complete or completeError is called, then 1; set once, by a compare-and-set, so that
   * exactly one of many racing threads succeeds. A field with a VarHandle rather than an
   * AtomicBoolean: one object less per completer (16 B, and a pointer to chase). Whether the
   * completer is synchronous is its class ({@link SyncCompleter}), not a field: with the three
   * fields here a completer is 24 B; a fourth would make it 32.
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

  private Completer(boolean keepAlive) {
    this.future = new FutureImpl<>();
    this.keepAlive =
        keepAlive ? future.loop().keepAlive("Completer.keepAlive() not completed yet") : null;
  }

  /**
   * An asynchronous completer (like {@link #Completer()}) that <b>keeps its isolate alive</b> until
   * it is completed: the bridge for a result that another thread delivers. Typical use, in an
   * async body:
   *
   * <pre>{@code
   * Completer<Row> c = Completer.keepAlive();
   * db.query(sql, row -> c.complete(row), error -> c.completeError(error)); // driver threads
   * Row row = await(c.future());
   * }</pre>
   *
   * <p>Completion from any thread is posted to the isolate, and the hold is released after it.
   * A keep-alive completer that is never completed keeps the isolate running forever, like a
   * {@code ReceivePort} that is never closed.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <T> Completer<T> keepAlive() {
    return new Completer<>(true);
  }

  /**
   * Dart's {@code Completer.sync()}: listeners run synchronously inside {@code complete}.
   *
   * @throws IllegalStateException if this thread belongs to no isolate
   */
  public static <T> Completer<T> sync() {
    return new SyncCompleter<>();
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
   * Completes the future with {@code value}. Its listeners run in a microtask queued now (this
   * completer) or synchronously inside this call ({@link #sync()}); from a thread that is not the
   * isolate's, the completion is posted to the isolate as an event and they run there.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void complete(T value) {
    claim();
    if (future.loop().isOwnerThread() && keepAlive == null) {
      completeHere(value); // The common case, without the closure that deliver takes.
      return;
    }
    deliver(() -> completeHere(value), value, null);
  }

  /** complete's work on the isolate's thread: listeners now (sync) or in a microtask. */
  private void completeHere(T value) {
    if (this instanceof SyncCompleter) {
      future.completeWithValue(value);
    } else {
      future.asyncCompleteWithValue(value);
    }
  }

  /**
   * Completes the future with the result of {@code source}: Dart's {@code complete(future)}.
   * (Java difference: a separate name, so that {@code complete(null)} is not ambiguous; as
   * {@code thenCompose} is to {@code then}.)
   *
   * <ul>
   *   <li>{@code source} still pending: this future is chained to it, and its listeners run
   *       <b>synchronously inside the source's completion</b> (both completers);
   *   <li>{@code source} already complete: the sync completer runs the listeners now; the async
   *       completer takes a value at once if nobody listens yet, otherwise (an error, or listeners
   *       already waiting) it completes in a microtask queued now.
   * </ul>
   *
   * A {@code source} of another isolate is followed through a bridge: its result arrives as an
   * event.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void completeWith(DFuture<? extends T> source) {
    Checks.notNull(source, "source");
    claim();
    deliver(
        () -> {
          if (this instanceof SyncCompleter) {
            future.complete(source);
          } else {
            future.chainFuture(source);
          }
        },
        source,
        null);
  }

  /**
   * Completes the future with {@code error} and no stack trace of its own: Dart's
   * {@link AsyncError#defaultStackTrace} is used (the error's own frames for a Dart {@code Error},
   * {@link StackTrace#empty()} otherwise).
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void completeError(Throwable error) {
    completeError(error, null);
  }

  /**
   * Completes the future with {@code error} and {@code stackTrace} (if null, Dart's
   * {@link AsyncError#defaultStackTrace}). The
   * async completer delivers it one microtask later; if the future still has no listener then, the
   * error is uncaught in the future's zone. The calling zone's {@link Zone#errorCallback} runs
   * first, synchronously, and may replace the error and stack trace.
   *
   * @throws StateError {@code Bad state: Future already completed} if already completed
   */
  public void completeError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    claim();
    ZoneImpl caller = ZoneErrors.callerZone(future);
    deliver(
        () -> {
          // Dart's _interceptUserError: the calling zone's errorCallback may replace the error.
          AsyncError asyncError = ZoneErrors.intercept(caller, error, stackTrace);
          if (this instanceof SyncCompleter) {
            future.completeError(asyncError);
          } else {
            future.asyncCompleteError(asyncError);
          }
        },
        null,
        error);
  }

  private void claim() {
    if (!COMPLETED.compareAndSet(this, 0, 1)) {
      throw new StateError("Future already completed");
    }
  }

  /**
   * Runs the completion on the isolate: here if this is its thread, else posted to it. A posted
   * completion that the isolate can no longer run is logged, with the value or error it carried.
   */
  private void deliver(Runnable completion, Object value, Throwable error) {
    EventLoop loop = future.loop();
    if (loop.isOwnerThread()) {
      completion.run();
      if (keepAlive != null) {
        keepAlive.release();
      }
    } else {
      try {
        // An isolate that is ending (its code swallowed the stop) completes nothing of another.
        EventLoop.exitCurrentIfStopping();
      } catch (Error stop) {
        if (keepAlive != null) {
          keepAlive.release(); // The completion will not come: hold the owner open no longer.
        }
        throw stop;
      }
      loop.post(new LateCompletion(completion, keepAlive, value, error));
    }
  }

  /** {@link #sync()}: listeners run inside complete. */
  private static final class SyncCompleter<T> extends Completer<T> {
    SyncCompleter() {
      super(false);
    }
  }
}
