package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code kill(Isolate.IMMEDIATE)} of an isolate that is busy in its current event (semantics notes
 * §12.14). Java cannot stop running code, so the kill takes effect at the isolate's next call into
 * the library (a send here) or when its event ends; but nothing it sends after the kill returned is
 * delivered, its exit listener hears of it within a bound, and a loop that calls the library does
 * not outlive the kill.
 *
 * <p>The busy loops are bounded (8 s) so that the unchanged code, which let them run to the end,
 * fails these tests instead of spinning for the rest of the suite. The bounds on time are generous
 * (the machine is shared): with the kill working, each takes milliseconds.
 */
@Timeout(30)
class KillBusyIsolateTest {

  /** How long the busy loops run unless something stops them. */
  private static final long LOOP_NANOS = TimeUnit.SECONDS.toNanos(8);

  /** The bound on the time from the kill to the exit message. */
  private static final long EXIT_BOUND_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** The last number whose send returned in the sending isolate. */
  static final AtomicLong SENT = new AtomicLong();

  /** The sending isolate's body thread. */
  static final AtomicReference<Thread> SENDER = new AtomicReference<>();

  /**
   * A worker that sends 1, 2, 3, ... for up to 8 s, then "loop ended", never returning to its event
   * loop meanwhile (a short spin between sends bounds the messages queued at the receiver).
   */
  static void sender(SendPort p) {
    SENDER.set(Thread.currentThread());
    long end = System.nanoTime() + LOOP_NANOS;
    for (long i = 1; System.nanoTime() < end; i++) {
      p.send(i);
      SENT.set(i);
      long spin = System.nanoTime() + 20_000;
      while (System.nanoTime() < spin) {
        Thread.onSpinWait();
      }
    }
    p.send("loop ended");
  }

  @Test
  @DisplayName("a busy sender killed with IMMEDIATE: nothing sent after the kill arrives; onExit soon")
  void busySender() {
    SENT.set(0);
    long[] atKill = new long[2]; // [SENT after kill returned, nanoTime of the kill]
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          KillBusyIsolateTest::sender,
                          port.sendPort(),
                          SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              List<Object> out = new ArrayList<>();
              Completer<Void> exited = new Completer<>();
              long[] max = {0};
              port.listen(
                  message -> {
                    if (atKill[1] == 0) {
                      atKill[1] = System.nanoTime();
                      isolate.kill(Isolate.IMMEDIATE);
                      atKill[0] = SENT.get();
                    }
                    if (message instanceof Long n) {
                      max[0] = Math.max(max[0], n);
                    } else {
                      out.add(message);
                      out.add(System.nanoTime() - atKill[1] < EXIT_BOUND_NANOS);
                    }
                    if ("exit".equals(message)) {
                      port.close();
                      exited.complete(null);
                    }
                  });
              await(exited.future());
              out.add(max[0] <= atKill[0] + 1 ? "nothing sent after the kill" : max[0] - atKill[0]);
              return out;
            });
    // At most one send was in flight when the kill returned (it checked before the kill).
    assertEquals(List.of("exit", true, "nothing sent after the kill"), got);
  }

  @Test
  @DisplayName("a busy sender killed with IMMEDIATE does not keep running after Dart.run returned")
  void noSpinAfterRun() throws InterruptedException {
    SENT.set(0);
    SENDER.set(null);
    Dart.run(
        () -> {
          ReceivePort port = new ReceivePort();
          Isolate isolate = await(Isolate.spawn(KillBusyIsolateTest::sender, port.sendPort()));
          await(port.first()); // It is in its loop; first() closes the port.
          isolate.kill(Isolate.IMMEDIATE);
        });
    Thread sender = SENDER.get();
    sender.join(TimeUnit.NANOSECONDS.toMillis(EXIT_BOUND_NANOS));
    assertFalse(sender.isAlive(), "the killed isolate's body still runs after Dart.run returned");
    long before = SENT.get();
    Thread.sleep(100);
    assertEquals(before, SENT.get(), "the killed isolate still sends");
  }

  /**
   * A worker busy in a loop of {@code await(null)}: after the first, each await continues at once
   * (nothing else is queued), so the isolate never returns to its event loop until the loop ends.
   */
  static void awaiter(SendPort p) {
    p.send("awaiting");
    long end = System.nanoTime() + LOOP_NANOS;
    while (System.nanoTime() < end) {
      await((Object) null);
    }
    p.send("loop ended");
  }

  @Test
  @DisplayName("an isolate busy awaiting, killed with IMMEDIATE, ends at its next await")
  void busyAwaiter() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          KillBusyIsolateTest::awaiter,
                          port.sendPort(),
                          SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              List<Object> out = new ArrayList<>();
              Completer<Void> exited = new Completer<>();
              long[] killedAt = {0};
              port.listen(
                  message -> {
                    out.add(message);
                    if ("awaiting".equals(message)) {
                      killedAt[0] = System.nanoTime();
                      isolate.kill(Isolate.IMMEDIATE);
                    }
                    if ("exit".equals(message)) {
                      out.add(System.nanoTime() - killedAt[0] < EXIT_BOUND_NANOS);
                      port.close();
                      exited.complete(null);
                    }
                  });
              await(exited.future());
              return out;
            });
    assertEquals(List.of("awaiting", "exit", true), got);
  }

  /** Set by the computing isolate when its loop is over, before it sends anything more. */
  static final AtomicBoolean COMPUTED = new AtomicBoolean();

  /** A worker that says "computing", computes for a while without calling the library, then sends. */
  static void computer(SendPort p) {
    Timer.run(() -> p.send("timer"));
    p.send("computing");
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
    long x = 0;
    while (System.nanoTime() < end) {
      x += System.nanoTime() % 7; // Pure Java: Java cannot stop it.
    }
    COMPUTED.set(true);
    p.send("after the loop " + (x >= 0));
  }

  @Test
  @DisplayName("a computing isolate killed with IMMEDIATE: onExit when its event ends, nothing after")
  void busyComputer() {
    COMPUTED.set(false);
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          KillBusyIsolateTest::computer,
                          port.sendPort(),
                          SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              List<Object> out = new ArrayList<>();
              Completer<Void> exited = new Completer<>();
              long[] killedAt = {0};
              port.listen(
                  message -> {
                    out.add(message);
                    if ("computing".equals(message)) {
                      killedAt[0] = System.nanoTime();
                      isolate.kill(Isolate.IMMEDIATE);
                    }
                    if ("exit".equals(message)) {
                      // Not at once: the loop it was in has ended (the isolate was not marked dead
                      // while its code still ran).
                      out.add(COMPUTED.get() ? "its loop had ended" : "its loop still ran");
                      out.add(System.nanoTime() - killedAt[0] < EXIT_BOUND_NANOS);
                      port.close();
                      exited.complete(null);
                    }
                  });
              await(exited.future());
              return out;
            });
    assertEquals(List.of("computing", "exit", "its loop had ended", true), got);
    assertTrue(COMPUTED.get());
  }
}
