package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.LogCapture;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 6, bug 10: the natural bridge (a Completer, a callback thread, {@code await} in main) ran
 * dry and exited without output; the late completion was dropped. {@link Completer#keepAlive()}
 * holds the isolate open until it is completed, like an open ReceivePort in Dart.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class KeepAliveCompleterTest {

  @RegisterExtension final Expect ex = new Expect();
  @RegisterExtension final LogCapture logs = new LogCapture();

  @Test
  void aKeepAliveCompleterHoldsTheIsolateUntilAForeignThreadCompletesIt() {
    String v =
        Dart.run(
            () -> {
              Completer<String> c = Completer.keepAlive();
              new Thread(() -> {
                sleep(50);
                c.complete("from the callback thread");
              }).start();
              return await(c.future());
            });
    assertEquals("from the callback thread", v);
    assertTrue(logs.warnings().isEmpty(), logs.warnings().toString());
  }

  @Test
  void anErrorFromTheForeignThreadReachesTheAwait() {
    String v =
        Dart.run(
            () -> {
              Completer<String> c = Completer.keepAlive();
              new Thread(() -> c.completeError(new StateError("callback failed"))).start();
              try {
                return await(c.future());
              } catch (StateError e) {
                return e.toString();
              }
            });
    assertEquals("Bad state: callback failed", v);
  }

  /** Step order: the keep-alive completer is an async completer (listeners one microtask later). */
  @Test
  void itCompletesLikeAnAsyncCompleterOnTheIsolate() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.keepAlive();
          c.future().thenAccept(v -> ex.expect(3));
          Dart.scheduleMicrotask(() -> ex.expect(2));
          c.complete(1);
          assertTrue(c.isCompleted());
          ex.expect(1);
          Dart.scheduleMicrotask(() -> ex.finish(4));
        });
  }

  @Test
  void anOrdinaryCompleterFromAnotherThreadRunsDryAndTheLateCompletionIsAWarning()
      throws Exception {
    Thread[] callback = new Thread[1];
    IllegalStateException dry =
        assertThrows(
            IllegalStateException.class,
            () ->
                Dart.run(
                    () -> {
                      Completer<String> c = new Completer<>();
                      callback[0] = new Thread(() -> {
                        sleep(100);
                        c.complete("too late");
                      });
                      callback[0].start();
                      return await(c.future());
                    }));
    assertTrue(dry.getMessage().startsWith("The isolate ran dry"), dry.getMessage());
    callback[0].join(10_000);
    List<String> warnings = logs.awaitWarnings(1, 5_000);
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(
        "Completer.complete was called on thread '" + callback[0].getName() + "' after the"
            + " completer's isolate had ended, so the value was dropped. To wait for a completion"
            + " from another thread, create the completer with Completer.keepAlive(), which keeps"
            + " the isolate alive until it is completed. The dropped value: too late",
        warnings.get(0));
  }

  @Test
  void completingTwiceIsABadState() {
    Dart.run(
        () -> {
          Completer<String> c = Completer.keepAlive();
          c.complete("once");
          StateError e = assertThrows(StateError.class, () -> c.complete("twice"));
          assertEquals("Bad state: Future already completed", e.toString());
          assertFalse(await(c.future()).isEmpty());
        });
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
