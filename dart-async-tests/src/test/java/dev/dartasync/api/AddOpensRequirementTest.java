package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
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
    ChildProcess.Result result =
        ChildJvm.main(NoFlagMain.class).withoutAddOpens().mergeStderr().run();
    String out = result.stdout();
    assertNotEquals(0, result.exitCode(), out);
    assertTrue(out.contains("IllegalStateException"), out);
    assertTrue(out.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), out);
    assertTrue(out.contains("<argLine>"), out);
    assertTrue(out.contains("Add-Opens: java.base/java.lang"), out);
    assertFalse(out.contains("unreachable"), out);
  }
}
