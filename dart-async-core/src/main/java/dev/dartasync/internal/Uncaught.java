package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * Carries an uncaught error, with the stack trace it was reported with, out of the microtask loop:
 * the root zone's handler throws it from a priority microtask (Dart's
 * {@code Error.throwWithStackTrace}), and the event loop unwraps it and stops the isolate.
 */
final class Uncaught extends RuntimeException {
  final transient Throwable error;
  final transient StackTrace stackTrace;

  Uncaught(Throwable error, StackTrace stackTrace) {
    super(null, null, false, false);
    this.error = error;
    this.stackTrace = stackTrace;
  }
}
