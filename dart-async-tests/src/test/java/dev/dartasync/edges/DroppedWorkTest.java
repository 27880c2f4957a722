package dev.dartasync.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.testing.LogCapture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 6, bug 7 (and the late half of bug 10): after an isolate ended, a foreign
 * {@code complete}/{@code completeError} or a zone error report was thrown away without a word.
 * The isolate's queue closes when it ends; a late post is logged once through slf4j at WARN with
 * what was dropped, and an error is never dropped silently.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DroppedWorkTest {

  @RegisterExtension final LogCapture logs = new LogCapture();

  @Test
  void aLateForeignCompleteIsLoggedWithWhatToUseInstead() throws Exception {
    Completer<String>[] holder = newHolder();
    Dart.run(() -> {
      holder[0] = new Completer<>();
    });
    assertTrue(logs.warnings().isEmpty(), logs.warnings().toString());
    holder[0].complete("late value"); // From this (foreign) thread, after the isolate ended.
    List<String> warnings = logs.awaitWarnings(1, 5_000);
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(
        "Completer.complete was called on thread '" + Thread.currentThread().getName() + "' after"
            + " the completer's isolate had ended, so the value was dropped. To wait for a"
            + " completion from another thread, create the completer with Completer.keepAlive(),"
            + " which keeps the isolate alive until it is completed. The dropped value: late value",
        warnings.get(0));
  }

  @Test
  void aLateForeignCompleteErrorLogsTheErrorItself() throws Exception {
    Completer<String>[] holder = newHolder();
    Dart.run(() -> {
      holder[0] = new Completer<>();
    });
    holder[0].completeError(new StateError("lost?"));
    List<String> warnings = logs.awaitWarnings(1, 5_000);
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(
        "Completer.completeError was called on thread '" + Thread.currentThread().getName()
            + "' after the completer's isolate had ended, so the error was dropped. To wait for a"
            + " completion from another thread, create the completer with Completer.keepAlive(),"
            + " which keeps the isolate alive until it is completed. The dropped error: Bad state:"
            + " lost? | dev.dartasync.StateError: lost?",
        warnings.get(0));
  }

  @Test
  void aLateZoneErrorReportIsLogged() throws Exception {
    Zone[] zone = new Zone[1];
    Dart.run(() -> {
      zone[0] = Zone.current();
    });
    zone[0].handleUncaughtError(new StateError("reported late"), StackTrace.empty());
    List<String> warnings = logs.awaitWarnings(1, 5_000);
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("Bad state: reported late"), warnings.get(0));
  }

  /**
   * An isolate stopped by an uncaught error drops its pending timers with it: a timer that can
   * never fire is not active (and its callback is released). Cancelling one afterwards, from
   * another thread, does nothing and is not a dropped post.
   */
  @Test
  void aTimerOfAnEndedIsolateIsInactiveAndCancellingItSaysNothing() throws Exception {
    Timer[] timer = new Timer[1];
    Throwable died =
        dev.dartasync.junit.Isolates.uncaught(
            () -> {
              timer[0] = new Timer(Duration.ofSeconds(30), () -> {});
              Dart.scheduleMicrotask(() -> {
                throw new StateError("stop");
              });
            });
    assertEquals("Bad state: stop", died.getMessage() == null ? "" : "Bad state: " + died.getMessage());
    assertFalse(timer[0].isActive(), "a timer of an ended isolate can never fire");
    Thread t = new Thread(() -> timer[0].cancel());
    t.start();
    t.join(5_000);
    assertFalse(timer[0].isActive());
    assertTrue(logs.warnings().isEmpty(), logs.warnings().toString());
  }

  /** A stage given to fromCompletionStage that completes after its isolate died: said at WARN. */
  @Test
  void aStageThatCompletesAfterItsIsolateDiedIsLogged() throws Exception {
    java.util.concurrent.CompletableFuture<String> stage =
        new java.util.concurrent.CompletableFuture<>();
    dev.dartasync.junit.Isolates.uncaught(
        () -> {
          dev.dartasync.DFuture.fromCompletionStage(stage).ignore();
          Dart.scheduleMicrotask(() -> {
            throw new StateError("die");
          });
        });
    stage.complete("too late");
    List<String> warnings = logs.awaitWarnings(1, 5_000);
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(
        "The CompletionStage given to DFuture.fromCompletionStage completed on thread '"
            + Thread.currentThread().getName() + "' after its isolate had stopped early (an"
            + " uncaught error, an interrupt, Isolate.kill or Isolate.exit), so the value was"
            + " dropped. The dropped value: too late",
        warnings.get(0));
  }

  @SuppressWarnings("unchecked")
  private static Completer<String>[] newHolder() {
    return (Completer<String>[]) new Completer<?>[1];
  }
}
