package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * {@code zone.handleUncaughtError} called from another thread, posted to the zone's isolate. If
 * the isolate ended, no handler can run: the error is logged at WARN instead of being lost.
 */
final class LateErrorReport implements DroppableEvent {

  private static final Log LOG = Log.named("dev.dartasync.Zone");

  private final ZoneImpl zone;
  private final Throwable error;
  private final StackTrace stackTrace;

  LateErrorReport(ZoneImpl zone, Throwable error, StackTrace stackTrace) {
    this.zone = zone;
    this.error = error;
    this.stackTrace = stackTrace;
  }

  @Override
  public void run() {
    zone.handleUncaughtError(error, stackTrace);
  }

  @Override
  public void dropped() {
    LOG.warn(
        "An uncaught error was reported to a zone from thread '{}' after the zone's isolate "
            + "ended; no handler can run: {}",
        Thread.currentThread().getName(),
        DartText.toDartString(error),
        error);
  }

  @Override
  public String toString() {
    return "Zone.handleUncaughtError";
  }
}
