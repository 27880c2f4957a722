package dev.dartasync.internal;

import dev.dartasync.AwaitForAction;
import dev.dartasync.DStream;
import dev.dartasync.Dart;

/**
 * Dart's lowering of {@code await for} (docs/semantics.md §3.3): a {@link StreamIteratorImpl}, a
 * loop over {@code await moveNext()}, and in {@code finally} an awaited cancel if the subscription
 * is still active (after {@code break}, a throw in the body; not after done or a stream error).
 */
public final class AwaitFor {
  private AwaitFor() {}

  public static <T> void run(DStream<T> stream, AwaitForAction<? super T> action) {
    Checks.notNull(stream, "stream");
    Checks.notNull(action, "action");
    StreamIteratorImpl<T> iterator = new StreamIteratorImpl<>(stream);
    LoopDriver<T> driver = null;
    if (stream instanceof ControllerStream<?> c
        && c.controller() instanceof AsyncStarController<?> generator) {
      // The generator may run the loop body in its yield.
      driver = new LoopDriver<>(action, generator);
      iterator.drive(driver);
    }
    try {
      while (iterator.awaitNext()) {
        if (driver != null && driver.takeEnd()) {
          break; // The generator ran the loop body, which broke out (a throw is rethrown).
        }
        if (!action.run(iterator.current())) {
          break;
        }
      }
    } catch (Exception e) {
      throw Sneaky.<RuntimeException>rethrow(e);
    } finally {
      if (iterator.isListening() && !IsolateStop.callerStopping()) { // Ending: no onCancel runs.
        Dart.await(iterator.cancel());
      }
    }
  }
}
