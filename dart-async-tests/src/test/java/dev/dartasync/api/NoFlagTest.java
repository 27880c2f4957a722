package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A JVM started with no flag at all runs the library on the flag-free carrier, with one warning
 * per JVM that names the flag and what it buys; choosing that carrier by its property silences
 * the warning; asking for the virtual-thread carrier without the flag fails with an error naming
 * the flag and where to put it; an unknown carrier name fails naming the known ones.
 */
class NoFlagTest {

  /** What {@link NoFlagMain} prints, whichever carrier runs it (the carrier line apart). */
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

  private static List<String> lines(String text) {
    return text.lines().toList();
  }

  @Test
  @DisplayName("no flag: the flag-free carrier runs the program, with one warning naming the flag")
  void noFlagRunsOnTheFlagFreeCarrierWithOneWarning() throws Exception {
    ChildProcess.Result result = ChildJvm.main(NoFlagMain.class).withoutAddOpens().run();
    assertEquals(0, result.exitCode(), result::describe);
    List<String> out = lines(result.stdout());
    assertEquals("carrier flag-free", out.get(0), result::describe);
    assertEquals(PROGRAM_OUTPUT, out.subList(1, out.size()), result::describe);
    List<String> err = lines(result.stderr());
    assertEquals(1, err.size(), result::describe); // One warning for the JVM, three isolates.
    String warning = err.get(0);
    assertTrue(warning.startsWith("WARN "), warning);
    assertTrue(warning.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), warning);
    assertTrue(warning.contains("-Ddartasync.carrier=flag-free"), warning);
  }

  @Test
  @DisplayName("-Ddartasync.carrier=flag-free without the flag: the same program, nothing on stderr")
  void choosingTheFlagFreeCarrierIsSilent() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class)
            .withoutAddOpens()
            .systemProperty("dartasync.carrier", "flag-free")
            .run();
    assertEquals(0, result.exitCode(), result::describe);
    List<String> out = lines(result.stdout());
    assertEquals("carrier flag-free", out.get(0), result::describe);
    assertEquals(PROGRAM_OUTPUT, out.subList(1, out.size()), result::describe);
    assertEquals("", result.stderr(), result::describe);
  }

  @Test
  @DisplayName("the flag: the virtual-thread carrier, the same program, nothing on stderr")
  void theFlagRunsTheVirtualThreadCarrier() throws Exception {
    ChildProcess.Result result = ChildJvm.main(NoFlagMain.class).run();
    assertEquals(0, result.exitCode(), result::describe);
    List<String> out = lines(result.stdout());
    assertEquals("carrier vthread", out.get(0), result::describe);
    assertEquals(PROGRAM_OUTPUT, out.subList(1, out.size()), result::describe);
    assertEquals("", result.stderr(), result::describe);
  }

  @Test
  @DisplayName("-Ddartasync.carrier=vthread without the flag fails naming the flag and where to put it")
  void askingForTheVirtualThreadCarrierWithoutTheFlagIsExplained() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class)
            .withoutAddOpens()
            .systemProperty("dartasync.carrier", "vthread")
            .mergeStderr()
            .run();
    String out = result.stdout();
    assertNotEquals(0, result.exitCode(), out);
    assertTrue(out.contains("IllegalStateException"), out);
    assertTrue(out.contains("-Ddartasync.carrier=vthread was asked for"), out);
    assertTrue(out.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), out);
    assertTrue(out.contains("<argLine>"), out);
    assertTrue(out.contains("Add-Opens: java.base/java.lang"), out);
    assertTrue(!out.contains("run 1 start"), out);
  }

  @Test
  @DisplayName("an unknown carrier name fails naming the known ones")
  void anUnknownCarrierNameIsExplained() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class)
            .systemProperty("dartasync.carrier", "green-threads")
            .mergeStderr()
            .run();
    String out = result.stdout();
    assertNotEquals(0, result.exitCode(), out);
    assertTrue(
        out.contains("-Ddartasync.carrier=green-threads names no carrier; use one of [vthread, flag-free"),
        out);
  }
}
