package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The continuation carrier is opt-in: asked for with its flag, it runs the same program; asked for
 * without the flag, it fails naming the flag; with the flag but not asked for, it is not taken.
 * Each test starts a JVM of its own, so they run under every carrier of the suite.
 */
class ContinuationFlagTest {

  private static final String FLAG = "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED";

  /** What {@link NoFlagMain} prints after its carrier line, whichever carrier runs it. */
  private static final List<String> PROGRAM_OUTPUT =
      List.of(
          "run 1 start",
          "inner before await",
          "outer after start",
          "inner done",
          "isolate 42",
          "run 2 start",
          "inner before await",
          "outer after start",
          "inner done",
          "isolate 42");

  @Test
  @DisplayName("-Ddartasync.carrier=continuation with its flag: the same program, nothing on stderr")
  void askedForWithTheFlagItRunsTheProgram() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class)
            .withoutAddOpens()
            .jvmOption(FLAG)
            .systemProperty("dartasync.carrier", "continuation")
            .run();
    assertEquals(0, result.exitCode(), result::describe);
    List<String> out = result.stdout().lines().toList();
    assertEquals("carrier continuation", out.get(0), result::describe);
    assertEquals(PROGRAM_OUTPUT, out.subList(1, out.size()), result::describe);
    assertEquals("", result.stderr(), result::describe);
  }

  @Test
  @DisplayName("-Ddartasync.carrier=continuation without the flag fails naming the flag")
  void askedForWithoutTheFlagIsExplained() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class)
            .systemProperty("dartasync.carrier", "continuation")
            .mergeStderr()
            .run();
    String out = result.stdout();
    assertNotEquals(0, result.exitCode(), out);
    assertTrue(out.contains("IllegalStateException"), out);
    assertTrue(out.contains("-Ddartasync.carrier=continuation was asked for, but"), out);
    assertTrue(out.contains("--add-exports java.base/jdk.internal.vm=ALL-UNNAMED"), out);
    assertTrue(out.contains("<argLine>"), out);
    assertTrue(out.contains("Add-Exports: java.base/jdk.internal.vm"), out);
    assertFalse(out.contains("jdk.internal.vm.Continuation"), out); // No internal class names.
    assertFalse(out.contains("run 1 start"), out);
  }

  @Test
  @DisplayName("the flag alone does not choose the continuation carrier")
  void theFlagAloneDoesNotChooseIt() throws Exception {
    ChildProcess.Result result = ChildJvm.main(NoFlagMain.class).jvmOption(FLAG).run();
    assertEquals(0, result.exitCode(), result::describe);
    assertEquals("carrier vthread", result.stdout().lines().findFirst().orElse(""));
  }
}
