package dev.dartasync.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The child-process helper every child-JVM test relies on: its timeout fires and kills the tree. */
class ChildProcessTest {

  /**
   * {@code child}: starts a grandchild that shares its standard output (so the test's pipe stays
   * open for as long as the grandchild lives), waits until the grandchild is up, prints both pids
   * and sleeps forever. {@code grandchild}: says it is up on its own stderr and sleeps forever.
   */
  public static final class Hangs {
    public static void main(String[] args) throws Exception {
      if (args[0].equals("grandchild")) {
        System.err.println("up");
        Thread.sleep(Long.MAX_VALUE);
      }
      Process grandchild =
          new ProcessBuilder(
                  ChildJvm.javaBinary().toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  Hangs.class.getName(),
                  "grandchild")
              .redirectOutput(ProcessBuilder.Redirect.INHERIT)
              .start();
      BufferedReader up =
          new BufferedReader(
              new InputStreamReader(grandchild.getErrorStream(), StandardCharsets.UTF_8));
      if (!"up".equals(up.readLine())) {
        throw new IllegalStateException("the grandchild did not start");
      }
      // stderr first: once the test sees the stdout line, both are in the pipes.
      System.err.println("child's stderr before the hang");
      System.out.println("child " + ProcessHandle.current().pid() + " grandchild " + grandchild.pid());
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  @Test
  @DisplayName("a child that never ends: the 2 s timeout fires, the tree is killed, the output so far is reported")
  void timeoutFiresAndKillsTheTree() throws Exception {
    ChildProcess child = ChildJvm.main(Hangs.class, "child").timeout(Duration.ofSeconds(2)).start();
    Matcher pids = awaitPids(child);
    long childPid = Long.parseLong(pids.group(1));
    long grandchildPid = Long.parseLong(pids.group(2));
    assertEquals(child.pid(), childPid);

    long started = System.nanoTime();
    AssertionError failure = assertThrows(AssertionError.class, child::await);
    Duration waited = Duration.ofNanos(System.nanoTime() - started);

    String message = failure.getMessage();
    assertTrue(message.startsWith("child process timed out after 2 s; killed"), message);
    assertTrue(message.contains(Hangs.class.getName() + " child"), "names the command: " + message);
    assertTrue(message.contains(pids.group()), "stdout so far: " + message);
    assertTrue(message.contains("child's stderr before the hang"), "stderr so far: " + message);
    assertFalse(alive(childPid), "the child was killed");
    assertFalse(alive(grandchildPid), "the grandchild was killed");
    // await() waited only for the rest of the 2 s (the grandchild's pipe could not hold it).
    assertTrue(waited.compareTo(Duration.ofSeconds(30)) < 0, "returned after " + waited);
  }

  @Test
  @DisplayName("a child that ends: exit code and both streams, complete and apart")
  void endedChildReportsBothStreams() throws Exception {
    ChildProcess.Result result =
        ChildProcess.run(
            new ProcessBuilder(
                ChildJvm.javaBinary().toString(), "-XshowSettings:properties", "-version"),
            Duration.ofSeconds(60));
    assertEquals(0, result.exitCode(), result::describe);
    assertEquals("", result.stdout(), result::describe);
    assertTrue(result.stderr().contains("java.home = "), result::describe);
    assertEquals(
        List.of(ChildJvm.javaBinary().toString(), "-XshowSettings:properties", "-version"),
        result.command());
  }

  private static Matcher awaitPids(ChildProcess child) throws InterruptedException {
    Pattern line = Pattern.compile("child (\\d+) grandchild (\\d+)\n");
    long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < giveUp) {
      Matcher m = line.matcher(child.stdoutSoFar());
      if (m.find()) {
        return m;
      }
      Thread.sleep(20);
    }
    return fail("the child never printed its pids; stderr so far:\n" + child.stderrSoFar());
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
