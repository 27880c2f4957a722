package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Dart;
import dev.dartasync.StreamIterator;
import dev.dartasync.internal.Testing;
import dev.dartasync.isolate.Capability;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The loop of an isolate that owns its thread looks at its queues a last time after it marked
 * itself sleeping, so that what another thread posts meanwhile is never missed. Here the message
 * arrives exactly in the window between the loop's look and the mark (a test hook runs there):
 * before the fix the last look saw only events, so a control message (a ping) or the end of a
 * pause waited for a next post or timer that never came, and the isolate hung.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class LoopSleepRaceTest {

  @AfterEach
  void noHook() {
    Testing.beforeLoopSleeps(null);
  }

  /** Runs {@code action} once, at the first park of the loop after it was armed. */
  private static void atNextSleep(Runnable action) {
    AtomicReference<Runnable> once = new AtomicReference<>(action);
    Testing.beforeLoopSleeps(
        () -> {
          Runnable a = once.getAndSet(null);
          if (a != null) {
            a.run();
          }
        });
  }

  @Test
  void aPingThatArrivesAsTheLoopGoesToSleepIsAnswered() {
    Object answer =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate self = Isolate.current();
              atNextSleep(() -> self.ping(port.sendPort(), "pong", Isolate.IMMEDIATE));
              StreamIterator<Object> it = new StreamIterator<>(port);
              await(it.moveNext());
              port.close();
              return it.current();
            });
    assertEquals("pong", answer);
  }

  @Test
  void aResumeThatArrivesAsThePausedLoopGoesToSleepLetsItGoOn() {
    Object answer =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate self = Isolate.current();
              Capability pause = self.pause();
              port.sendPort().send("held by the pause");
              atNextSleep(() -> self.resume(pause));
              StreamIterator<Object> it = new StreamIterator<>(port);
              await(it.moveNext());
              port.close();
              return it.current();
            });
    assertEquals("held by the pause", answer);
  }
}
