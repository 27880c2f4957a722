package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What an ended isolate leaves behind. A spawned isolate that goes idle with a pending timer asks
 * the shared timer thread to wake it at the deadline; if it is killed first, that request used to
 * stay queued until the deadline, and with it the isolate's loop, its timers and everything their
 * callbacks captured (an hour's timer: an hour). Its pending timers are dropped when it ends, and
 * the wake-up request is withdrawn.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EndedIsolateRetentionTest {

  /** Set by the spawned isolate: a static is the one thing Java lets isolates share. */
  private static final AtomicReference<WeakReference<byte[]>> CAPTURE = new AtomicReference<>();

  @Test
  void aKilledIsolatesPendingTimerDoesNotKeepWhatItsCallbackCaptured() {
    List<Object> messages =
        Dart.run(
            () -> {
              ReceivePort events = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (SendPort out) -> {
                            byte[] big = new byte[16 << 20];
                            CAPTURE.set(new WeakReference<>(big));
                            new Timer(Duration.ofHours(1), () -> out.send(big.length));
                            out.send("timer set");
                          },
                          events.sendPort(),
                          SpawnOptions.defaults().onExit(events.sendPort(), "exit")));
              Object first = await(events.first());
              // Long enough for the isolate to give its thread back and ask for its wake-up (it
              // does so as soon as its turn ends); on a machine so slow that it did not, the test
              // passes without checking anything, it cannot fail wrongly.
              await(DFuture.delayed(Duration.ofMillis(200)));
              ReceivePort exits = new ReceivePort();
              isolate.addOnExitListener(exits.sendPort(), "killed");
              isolate.kill(Isolate.IMMEDIATE);
              Object exit = await(exits.first());
              events.close();
              return List.of(first, exit);
            });
    assertEquals(List.of("timer set", "killed"), messages);
    WeakReference<byte[]> capture = CAPTURE.get();
    for (int i = 0; i < 50 && capture.get() != null; i++) {
      System.gc();
      sleep(20);
    }
    assertTrue(
        capture.get() == null, // Not assertNull: it would print 16 MB of zeros.
        "a killed isolate's pending timer still keeps its callback's capture reachable");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
