package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core on the module path, as a module user sees it: its descriptor exports the API only, so
 * code of another module that names an internal type does not compile; a module that requires
 * {@code dev.dartasync} runs a program with no JVM flag (the flag-free carrier), and with the
 * module-path form of the flag on the virtual-thread carrier.
 */
@Timeout(120)
class ModulePathTest {

  private static final String MAIN =
      """
      package demo;

      import static dev.dartasync.Dart.await;

      import dev.dartasync.DFuture;
      import dev.dartasync.Dart;
      import dev.dartasync.isolate.Isolate;
      import java.time.Duration;

      public class Main {
        public static void main(String[] args) {
          System.out.println("carrier " + Dart.carrier().propertyValue());
          Dart.run(() -> {
            await(DFuture.delayed(Duration.ofMillis(5)));
            System.out.println("after delay");
            System.out.println("isolate " + await(Isolate.run(() -> 6 * 7)));
          });
        }
      }
      """;

  private static final String INTERNAL =
      """
      package demo;

      public class Reach {
        Object f = new dev.dartasync.internal.FutureImpl<Object>();
      }
      """;

  /** The core's classes or jar and its two dependencies, from this test's class path. */
  private static String coreModulePath() {
    List<String> entries =
        Arrays.stream(ChildJvm.testClassPath().split(File.pathSeparator))
            .filter(
                e ->
                    e.contains("dart-async-core")
                        || e.contains(File.separator + "vavr")
                        || e.contains("slf4j-api"))
            .toList();
    assertEquals(4, entries.size(), "core, vavr, vavr-match, slf4j-api: " + entries);
    return String.join(File.pathSeparator, entries);
  }

  private static String compile(Path src, Path out, String... sources) throws IOException {
    Files.createDirectories(src.resolve("demo"));
    Files.writeString(src.resolve("module-info.java"), "module demo { requires dev.dartasync; }\n");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    List<String> args =
        new java.util.ArrayList<>(
            List.of("--module-path", coreModulePath(), "-d", out.toString()));
    args.add(src.resolve("module-info.java").toString());
    for (int i = 0; i < sources.length; i += 2) {
      Path file = src.resolve("demo").resolve(sources[i]);
      Files.writeString(file, sources[i + 1]);
      args.add(file.toString());
    }
    int code = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
      @Override
      public void write(int b) {
        diagnostics.write(b);
      }
    }), args.toArray(String[]::new));
    return code == 0 ? null : diagnostics.toString();
  }

  @Test
  @DisplayName("the descriptor exports the API only: naming an internal type does not compile")
  void internalsAreNotVisible(@TempDir Path dir) throws IOException {
    String errors = compile(dir.resolve("src"), dir.resolve("out"), "Reach.java", INTERNAL);
    assertTrue(errors != null, "compiled, but dev.dartasync.internal should not be visible");
    assertTrue(
        errors.contains("package dev.dartasync.internal is not visible")
            || errors.contains("does not export dev.dartasync.internal"),
        errors);
  }

  private static ChildProcess.Result run(Path dir, String... jvmArgs) throws Exception {
    Path out = dir.resolve("out");
    String errors = compile(dir.resolve("src"), out, "Main.java", MAIN);
    assertEquals(null, errors);
    List<String> command = new java.util.ArrayList<>();
    command.add(ChildJvm.javaBinary().toString());
    command.addAll(List.of(jvmArgs));
    command.addAll(
        List.of(
            "--module-path", coreModulePath() + File.pathSeparator + out, "-m", "demo/demo.Main"));
    return ChildProcess.run(new ProcessBuilder(command), Duration.ofSeconds(60));
  }

  /** stderr without slf4j's own note that no logging backend is on the module path. */
  private static String stderrBeyondSlf4j(ChildProcess.Result result) {
    return result.stderr().lines().filter(l -> !l.startsWith("SLF4J")).collect(Collectors.joining("\n"));
  }

  @Test
  @DisplayName("a module that requires dev.dartasync runs with no flag, on the flag-free carrier")
  void runsWithNoFlag(@TempDir Path dir) throws Exception {
    ChildProcess.Result result = run(dir);
    assertEquals(0, result.exitCode(), result::describe);
    assertEquals(
        List.of("carrier flag-free", "after delay", "isolate 42"), result.stdoutLines(), result::describe);
    assertEquals("", stderrBeyondSlf4j(result), result::describe);
  }

  @Test
  @DisplayName("--add-opens java.base/java.lang=dev.dartasync: the virtual-thread carrier")
  void theModuleFormOfTheFlag(@TempDir Path dir) throws Exception {
    ChildProcess.Result result = run(dir, "--add-opens", "java.base/java.lang=dev.dartasync");
    assertEquals(0, result.exitCode(), result::describe);
    assertEquals(
        List.of("carrier vthread", "after delay", "isolate 42"), result.stdoutLines(), result::describe);
    assertFalse(result.stderr().contains("Exception"), result::describe);
  }
}
