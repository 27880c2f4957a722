package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * What a spawned isolate does with an uncaught error and at its end (Dart's error and exit
 * listeners, {@code errorsAreFatal}). Called on the isolate's own thread.
 */
interface IsolateHooks {

  /**
   * An error reached the root zone uncaught (or escaped a timer or microtask callback).
   *
   * @return true if it stops the isolate (it becomes the isolate's fatal error)
   */
  boolean uncaughtError(EventLoop loop, Throwable error, StackTrace stackTrace);

  /** The isolate ended (ran dry, stopped by an error, killed or exited); its queue is closed. */
  void ended(EventLoop loop);
}
