package dev.dartasync.internal;

/**
 * Unwinds the loop's own stack when the isolate stops without an error: {@code Isolate.kill} or
 * {@code Isolate.exit}. Thrown only from loop code (between events, or after the body that called
 * {@code Isolate.exit} parked for good), caught by the loop, never seen by a future.
 */
final class IsolateStop extends Error {
  IsolateStop() {
    super("the isolate was stopped", null, false, false);
  }
}
