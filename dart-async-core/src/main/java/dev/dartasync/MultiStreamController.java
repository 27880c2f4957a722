package dev.dartasync;

import java.util.concurrent.Callable;

/**
 * The controller that {@link DStream#multi} hands to its {@code onListen} for each listener: Dart's
 * {@code MultiStreamController<T>}. It is an async controller (like {@code new StreamController()})
 * whose events go to that one listener only, plus the {@code *Sync} methods that deliver at once.
 *
 * <ul>
 *   <li>{@link #add}, {@link #addError}, {@link #close}: as an async {@link StreamController}: each
 *       event is delivered in a microtask of its own.
 *   <li>{@link #addSync}, {@link #addErrorSync}, {@link #closeSync}: delivered synchronously inside
 *       the call if the subscription can take it now (not paused, not inside one of its callbacks,
 *       nothing buffered before it); else buffered behind the earlier events.
 * </ul>
 *
 * After the listener cancelled, events are dropped silently. After {@link #close} or {@link
 * #closeSync}, adding throws {@code Bad state: Cannot add event after closing}. {@link #stream()}
 * throws, as Dart's getter does. Java difference: no {@code onListen} setter (Dart's has no
 * effect).
 *
 * <p><b>Threads.</b> The controller belongs to the listener's isolate; from another thread, each
 * member that returns nothing, the controller or a future is posted there as an event, and the
 * getters read a snapshot ({@link DStream}'s "Threads" has the whole rule).
 */
public interface MultiStreamController<T> {

  /**
   * Dart's {@code add}: a data event, delivered in a later microtask (one per event).
   *
   * @throws StateError {@code Bad state: Cannot add event after closing} after a close
   */
  void add(T event);

  /**
   * Dart's {@code addError(error, stackTrace)}: an error event, delivered in a later microtask;
   * the current zone's {@link Zone#errorCallback} may replace it; a null stack trace is the
   * error's default one ({@link AsyncError#defaultStackTrace}).
   *
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} for null
   * @throws StateError as {@link #add}
   */
  void addError(Throwable error, StackTrace stackTrace);

  /** Dart's {@code addError(error)}: {@link #addError(Throwable, StackTrace)} with null. */
  default void addError(Throwable error) {
    addError(error, null);
  }

  /**
   * Dart's {@code close()}: the done event, delivered in a later microtask; returns {@link
   * #done()}. Calling it again only returns that future.
   */
  DFuture<Void> close();

  /**
   * Dart's {@code addSync}: a data event, delivered synchronously inside this call when the
   * subscription can take it (see the class comment), else buffered.
   *
   * @throws StateError as {@link #add}
   */
  void addSync(T event);

  /**
   * Dart's {@code addErrorSync(error, stackTrace)}: an error event delivered as {@link #addSync};
   * no {@code errorCallback}; a null stack trace is {@link StackTrace#empty()}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} for null
   * @throws StateError as {@link #add}
   */
  void addErrorSync(Throwable error, StackTrace stackTrace);

  /** Dart's {@code addErrorSync(error)}: {@link #addErrorSync(Throwable, StackTrace)} with null. */
  default void addErrorSync(Throwable error) {
    addErrorSync(error, null);
  }

  /**
   * Dart's {@code closeSync()}: the done event, delivered as {@link #addSync} (the listener's
   * {@code onCancel} hook, then its {@code onDone}, inside this call if it can fire). Does nothing
   * if already closed.
   */
  void closeSync();

  /**
   * Dart's {@code done}: completes one microtask after the subscription ended (done delivered or
   * cancelled), or after the future {@code onCancel} returned.
   */
  DFuture<Void> done();

  /** Dart's {@code hasListener}: true from {@code onListen} until the listener cancels or gets done. */
  boolean hasListener();

  /** Dart's {@code isPaused}: whether the subscription's input is paused. */
  boolean isPaused();

  /** Dart's {@code isClosed}: true from {@link #close} or {@link #closeSync} on. */
  boolean isClosed();

  /**
   * Dart's {@code stream} getter, which a multi-stream controller has but cannot serve: the
   * stream is the one {@link DStream#multi} returned, and this controller belongs to one of its
   * listens. Runs no callback.
   *
   * @throws UnsupportedError always: {@code Unsupported operation: Not available}
   */
  default DStream<T> stream() {
    throw new UnsupportedError("Not available");
  }

  /** Sets {@code onPause}, run synchronously when the listener's input becomes paused. */
  MultiStreamController<T> onPause(Runnable onPause);

  /** Sets {@code onResume}, run synchronously when the input resumes (after buffered events). */
  MultiStreamController<T> onResume(Runnable onResume);

  /**
   * Sets {@code onCancel}, run synchronously when the subscription ends (cancel, cancelOnError, or
   * done, before the listener's {@code onDone}).
   */
  MultiStreamController<T> onCancel(Runnable onCancel);

  /**
   * Sets an {@code onCancel} that returns a DFuture, which {@code cancel()} then returns (null: a
   * completed one); run when {@link #onCancel(Runnable)}'s would. A lambda returning anything
   * but a DFuture takes the {@link Runnable} form.
   */
  MultiStreamController<T> onCancel(Callable<? extends DFuture<?>> onCancel);
}
