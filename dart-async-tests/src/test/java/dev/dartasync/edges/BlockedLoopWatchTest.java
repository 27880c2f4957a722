package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import dev.dartasync.testing.LogCapture;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The blocked-loop detector: an isolate whose code does not return to its event loop within its
 * threshold gets one WARN with the stack of the code that blocks it, and a second when it
 * returns; an isolate that waits (a timer, a port) is not blocked. Thresholds here are 100 ms
 * against stalls of 400 ms (250 ms where no report is expected, so that a loaded machine's own
 * pauses do not make one), and no test asserts a stall's length beyond "at least the threshold":
 * the machine is shared.
 */
@Timeout(30)
class BlockedLoopWatchTest {

  @RegisterExtension final LogCapture logs = new LogCapture();

  private static final Pattern BLOCKED =
      Pattern.compile(
          "The isolate (\\S+) has not returned to its event loop for (\\d+) ms \\(threshold 100 ms\\):"
              + " its timers, messages and microtasks wait\\. It is running:\\n(?s)(.*)");
  private static final Pattern RETURNED =
      Pattern.compile("The isolate (\\S+) returned to its event loop after (\\d+) ms\\.");

  /** CPU work with no call into the library, for about {@code millis} ms. */
  static long busyFor(long millis) {
    long end = System.nanoTime() + millis * 1_000_000;
    long n = 0;
    while (System.nanoTime() < end) {
      n++;
    }
    return n;
  }

  private List<String> twoWarnings() throws InterruptedException {
    return logs.awaitWarnings(2, 5_000);
  }

  @Test
  void aBlockingEventIsReportedWithItsStackThenItsEnd() throws Exception {
    Dart.run(
        () -> {
          Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(100));
          busyFor(400);
          return null;
        });
    List<String> warnings = twoWarnings();
    assertEquals(2, warnings.size(), warnings::toString);
    Matcher blocked = BLOCKED.matcher(warnings.get(0));
    assertTrue(blocked.matches(), warnings.get(0));
    assertEquals("main", blocked.group(1));
    assertTrue(Long.parseLong(blocked.group(2)) >= 100, warnings.get(0));
    String stack = blocked.group(3);
    assertTrue(stack.contains("BlockedLoopWatchTest.busyFor"), stack);
    assertTrue(stack.endsWith("\t... (the isolate's event loop)"), stack);
    assertTrue(!stack.contains("dev.dartasync.internal"), stack);
    Matcher returned = RETURNED.matcher(warnings.get(1));
    assertTrue(returned.matches(), warnings.get(1));
    assertEquals("main", returned.group(1));
    assertTrue(Long.parseLong(returned.group(2)) >= 100, warnings.get(1));
  }

  @Test
  void aChainOfMicrotasksBlocksTheLoopToo() throws Exception {
    Dart.run(
        () -> {
          Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(100));
          long end = System.nanoTime() + 400_000_000L;
          Runnable[] step = new Runnable[1];
          step[0] =
              () -> {
                if (System.nanoTime() < end) {
                  Dart.scheduleMicrotask(step[0]);
                }
              };
          Dart.scheduleMicrotask(step[0]);
          return null;
        });
    List<String> warnings = twoWarnings();
    assertEquals(2, warnings.size(), warnings::toString);
    assertTrue(BLOCKED.matcher(warnings.get(0)).matches(), warnings.get(0));
    assertTrue(RETURNED.matcher(warnings.get(1)).matches(), warnings.get(1));
  }

  @Test
  void anIsolateThatWaitsIsNotBlocked() throws Exception {
    Dart.run(
        () -> {
          Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(250));
          await(DFuture.delayed(Duration.ofMillis(600)));
          return null;
        });
    Thread.sleep(100);
    assertEquals(List.of(), logs.warnings());
  }

  @Test
  void isolateRunIsNotWatchedUnlessItAsks() throws Exception {
    Dart.run(
        () -> {
          // The JVM's first Isolate.run blocks its caller while the message copier sets up (tens
          // of ms, more under load: a real stall of the main isolate, reported as one). Not here.
          await(Isolate.run(() -> 0));
          Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(250));
          await(Isolate.run(() -> busyFor(600))); // Off by default: a worker may block.
          return null;
        });
    Thread.sleep(100);
    assertEquals(List.of(), logs.warnings());
    Dart.run(
        () ->
            await(
                Isolate.run(
                    () -> {
                      Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(100));
                      return busyFor(400);
                    })));
    List<String> warnings = twoWarnings();
    assertEquals(2, warnings.size(), warnings::toString);
    Matcher blocked = BLOCKED.matcher(warnings.get(0));
    assertTrue(blocked.matches(), warnings.get(0));
    assertEquals("isolate", blocked.group(1)); // Isolate.run's default debug name.
  }

  @Test
  void aPooledIsolateIsWatchedAcrossItsTurns() throws Exception {
    Dart.run(
        () ->
            await(
                Isolate.run(
                    () -> {
                      Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(100));
                      await(DFuture.delayed(Duration.ofMillis(300))); // Its second turn next.
                      long n = busyFor(400); // Blocked: reported.
                      await(DFuture.delayed(Duration.ofMillis(400))); // Idle: not reported.
                      return n;
                    })));
    Thread.sleep(100);
    List<String> warnings = logs.warnings();
    assertEquals(2, warnings.size(), warnings::toString);
    Matcher blocked = BLOCKED.matcher(warnings.get(0));
    assertTrue(blocked.matches(), warnings.get(0));
    assertTrue(blocked.group(3).contains("BlockedLoopWatchTest.busyFor"), warnings.get(0));
    assertTrue(RETURNED.matcher(warnings.get(1)).matches(), warnings.get(1));
  }

  @Test
  void zeroTurnsItOff() throws Exception {
    Dart.run(
        () -> {
          Isolate current = Isolate.current();
          current.setBlockedLoopThreshold(Duration.ofMillis(100));
          current.setBlockedLoopThreshold(Duration.ZERO);
          busyFor(400);
          return null;
        });
    Thread.sleep(100);
    assertEquals(List.of(), logs.warnings());
  }

  @Test
  void badThresholds() {
    Dart.run(
        () -> {
          Isolate current = Isolate.current();
          assertEquals(
              "Invalid argument(s) (threshold): Must not be null",
              assertThrows(ArgumentError.class, () -> current.setBlockedLoopThreshold(null))
                  .toString());
          assertEquals(
              "Invalid argument (threshold): Must not be negative: Instance of 'Duration'",
              assertThrows(
                      ArgumentError.class,
                      () -> current.setBlockedLoopThreshold(Duration.ofMillis(-1)))
                  .toString());
          return null;
        });
  }

  @Test
  void theSystemPropertySetsTheMainIsolatesThreshold() throws Exception {
    ChildProcess.Result on =
        ChildJvm.main(BlockedLoopMain.class)
            .systemProperty("dartasync.blockedLoopThreshold", "100")
            .run();
    assertEquals(0, on.exitCode(), on::describe);
    assertEquals(List.of("done"), on.stdoutLines(), on::describe);
    List<String> err = on.stderr().lines().toList();
    assertTrue(err.get(0).startsWith("WARN Isolate - The isolate main has not returned to its event"
        + " loop for "), on::describe);
    assertTrue(on.stderr().contains("at dev.dartasync.edges.BlockedLoopMain.lambda$main"), on::describe);
    assertTrue(err.get(err.size() - 1).startsWith("WARN Isolate - The isolate main returned to its"
        + " event loop after "), on::describe);

    ChildProcess.Result off = ChildJvm.main(BlockedLoopMain.class).run(); // ChildJvm: off.
    assertEquals(List.of("done"), off.stdoutLines(), off::describe);
    assertEquals("", off.stderr(), off::describe);

    ChildProcess.Result bad =
        ChildJvm.main(BlockedLoopMain.class)
            .systemProperty("dartasync.blockedLoopThreshold", "soon")
            .run();
    assertTrue(
        bad.stderr()
            .contains(
                "-Ddartasync.blockedLoopThreshold=soon: expected a number of milliseconds, or off"),
        bad::describe);
  }
}
