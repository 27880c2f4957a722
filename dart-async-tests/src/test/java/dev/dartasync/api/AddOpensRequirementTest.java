package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A JVM without {@code --add-opens java.base/java.lang=ALL-UNNAMED} fails at the first use with an
 * error that names the flag and the three places to put it.
 */
class AddOpensRequirementTest {

  @Test
  @DisplayName("first use without the flag fails with an error naming the flag and where to put it")
  void missingFlagIsExplained() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process process =
        new ProcessBuilder(
                List.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    NoFlagMain.class.getName()))
            .redirectErrorStream(true)
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertNotEquals(0, process.exitValue(), out);
    assertTrue(out.contains("IllegalStateException"), out);
    assertTrue(out.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), out);
    assertTrue(out.contains("<argLine>"), out);
    assertTrue(out.contains("Add-Opens: java.base/java.lang"), out);
    assertFalse(out.contains("unreachable"), out);
  }
}
