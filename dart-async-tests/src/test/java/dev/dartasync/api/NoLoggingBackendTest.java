package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A user with slf4j-api and no logging backend: slf4j prints {@code SLF4J(W): No SLF4J providers
 * were found} (three lines) on standard error the first time a logger is created. A run in which
 * nothing went wrong must create none, so it prints nothing there: the library touches slf4j only
 * when it has a line to log.
 */
class NoLoggingBackendTest {

  /** Isolates started and ended, a timer, a microtask, ports: nothing goes wrong. */
  public static final class Program {
    public static void main(String[] args) {
      Dart.run(() -> {
        Dart.print("1 main");
        Dart.scheduleMicrotask(() -> Dart.print("2 microtask"));
        int sum = Dart.await(Isolate.run(() -> 40 + 2));
        Dart.print("3 Isolate.run: " + sum);
        ReceivePort port = new ReceivePort();
        Dart.await(Isolate.spawn((SendPort reply) -> reply.send("hello"), port.sendPort()));
        Dart.print("4 Isolate.spawn sent: " + Dart.await(port.first()));
        Dart.await(dev.dartasync.DFuture.delayed(java.time.Duration.ofMillis(1)));
        Dart.print("5 after a timer");
      });
    }
  }

  @Test
  @DisplayName("a run with isolates, ports and a timer loads no slf4j class and prints nothing on stderr")
  void nothingWentWrongSoNothingIsLogged() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(Program.class)
            .classPath(withoutLoggingBackend(ChildJvm.testClassPath()))
            .jvmOption("-verbose:class")
            .run();
    assertEquals(0, result.exitCode(), result::describe);
    List<String> printed =
        result.stdoutLines().stream().filter(line -> !line.startsWith("[")).toList();
    assertEquals(
        List.of(
            "1 main",
            "2 microtask",
            "3 Isolate.run: 42",
            "4 Isolate.spawn sent: hello",
            "5 after a timer"),
        printed,
        result::describe);
    List<String> slf4j =
        result.stdoutLines().stream().filter(line -> line.contains(" org.slf4j.")).toList();
    assertEquals(List.of(), slf4j, "slf4j classes loaded");
    assertEquals("", result.stderr(), result::describe);
  }

  /** The test class path without logback: slf4j-api alone, as a user without a backend has it. */
  private static String withoutLoggingBackend(String classPath) {
    List<String> entries = List.of(classPath.split(File.pathSeparator));
    assertTrue(entries.stream().anyMatch(e -> e.contains("slf4j-api")), classPath);
    assertTrue(entries.stream().anyMatch(e -> e.contains("logback")), classPath);
    return String.join(
        File.pathSeparator,
        entries.stream().filter(e -> !e.contains("logback")).toList());
  }
}
