package dev.dartasync;

import dev.dartasync.internal.UnaryErrorHandler;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A listener's handle on a stream: Dart's {@code StreamSubscription<T>}, returned by {@link
 * DStream#listen}. The callbacks run in the zone that was current when {@code listen} was called,
 * guarded: an error a callback throws goes to that zone's uncaught-error handling (in the root zone
 * that stops the isolate), never to the code that delivered the event.
 *
 * <p><b>Threads.</b> A subscription belongs to the isolate that listened. From another thread,
 * {@code pause}, {@code resume}, {@code cancel} and the handler setters are posted to that isolate
 * as events ({@code cancel} returns a future that completes there, as the isolate-side cancel's
 * does), {@link #asFuture} throws {@link StateError}, and {@link #isPaused} reads a snapshot; the
 * source's hooks ({@code onPause}, {@code onResume}, {@code onCancel}) and the handlers always run
 * on the isolate. The whole rule: {@link DStream}'s "Threads".
 */
public interface StreamSubscription<T> {

  /**
   * Replaces the data handler (Dart's {@code onData}); null means "ignore data events". Takes effect
   * for the next event delivered; registers the handler in the subscription's zone now.
   */
  void onData(Consumer<? super T> handleData);

  /**
   * Replaces the error handler with one that also gets the stack trace (Dart's {@code
   * onError((e, st) => ...)}). Null means no handler: a later error event then goes to the zone's
   * uncaught-error handling.
   */
  void onError(BiConsumer<? super Throwable, ? super StackTrace> handleError);

  /** Replaces the error handler with one that takes only the error (Dart's {@code onError((e) => ...)}). */
  default void onError(Consumer<? super Throwable> handleError) {
    onError(UnaryErrorHandler.of(handleError));
  }

  /** Replaces the done handler (Dart's {@code onDone}); null means none. */
  void onDone(Runnable handleDone);

  /**
   * Dart's {@code pause()}: asks the stream to stop sending events until {@link #resume()} is called
   * as often as {@code pause}. Events that still arrive are buffered. If this is the first pause,
   * the source's pause hook (a controller's {@code onPause}) runs synchronously inside this call,
   * except when called from inside one of this subscription's callbacks: then it runs right after
   * that callback returns. Does nothing after cancel or done.
   */
  void pause();

  /**
   * Dart's {@code pause(resumeSignal)}: as {@link #pause()}, and {@link #resume()} is called when
   * {@code resumeSignal} completes (value or error; an error of the signal is then uncaught, as in
   * Dart, since the future {@code whenComplete} returns has no listener). Null is {@link #pause()}.
   */
  void pause(DFuture<?> resumeSignal);

  /**
   * Dart's {@code resume()}: undoes one {@link #pause()}. When the last pause is undone, buffered
   * events are delivered again, one per microtask starting with the next; the source's resume hook
   * (a controller's {@code onResume}) runs only once the buffer is empty: synchronously here if
   * nothing is buffered, else right after the last buffered event. Does nothing if not paused or
   * after cancel.
   */
  void resume();

  /** Whether {@link #pause()} calls outnumber {@link #resume()} calls; false after cancel or done. */
  boolean isPaused();

  /**
   * Dart's {@code cancel()}: no more events are delivered, buffered ones are dropped. The source's
   * cancel hook (a controller's {@code onCancel}) runs synchronously inside this call, the first
   * time only. Returns the future that hook returned (so it completes when the source's clean-up is
   * done; an error the hook throws fails it, one microtask later), else an already completed
   * future. Later calls cancel nothing more and return the hook's future again.
   */
  DFuture<Void> cancel();

  /**
   * Dart's {@code asFuture(futureValue)}: replaces the done and error handlers; the returned future
   * completes with {@code futureValue} synchronously when the done event is delivered, or, on the
   * first error event, the subscription is cancelled and the future fails with that error (after
   * the cancel future completes, if the source returned one). A DFuture {@code futureValue} is
   * followed.
   */
  <E> DFuture<E> asFuture(E futureValue);

  /** Dart's {@code asFuture()}: {@link #asFuture(Object)} with null. */
  default DFuture<Void> asFuture() {
    return asFuture((Void) null);
  }
}
