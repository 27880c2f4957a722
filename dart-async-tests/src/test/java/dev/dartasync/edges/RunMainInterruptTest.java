package dev.dartasync.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 6, bug 2, through {@code Dart.runMain}: an interrupt of the isolate's thread ends the
 * program as an unhandled error (exit code 255, the interrupt's text on stderr) instead of spinning.
 */
class RunMainInterruptTest {

  /** A program whose main thread is interrupted from another thread while its loop waits. */
  public static final class InterruptedProgram {
    public static void main(String[] args) {
      Thread mainThread = Thread.currentThread();
      Dart.runMain(
          () -> {
            System.out.println("started");
            new Timer(Duration.ofSeconds(60), () -> System.out.println("never"));
            Thread.ofPlatform()
                .start(
                    () -> {
                      try {
                        Thread.sleep(100);
                      } catch (InterruptedException e) {
                        return;
                      }
                      mainThread.interrupt();
                    });
          });
    }
  }

  @Test
  void anInterruptedMainEndsWithExitCode255AndSaysWhy() throws Exception {
    ChildProcess.Result result = ChildJvm.main(InterruptedProgram.class).run();
    assertEquals(255, result.exitCode(), result::describe);
    assertEquals("started", result.stdout().strip());
    List<String> lines = result.stderr().lines().toList();
    assertEquals("Unhandled exception:", lines.get(0), result::describe);
    assertTrue(lines.get(1).contains("The isolate's thread was interrupted"), result::describe);
  }
}
