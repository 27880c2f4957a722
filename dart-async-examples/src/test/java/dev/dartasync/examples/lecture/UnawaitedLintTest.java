package dev.dartasync.examples.lecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** UnawaitedLint's reading of javac's output: one dart-analyze line per Error Prone finding, column from the caret. */
class UnawaitedLintTest {

  @Test
  void eachFindingBecomesOneLineInDartAnalyzesForm() {
    List<String> javac =
        List.of(
            "/tmp/x/src/dev/dartasync/examples/lecture/Unawaited.java:41: warning: [UnawaitedFutures]"
                + " Missing an 'await'. Try it.",
            "      saveScore(42); // no await",
            "      ^",
            "    (see https://dart.dev/tools/linter-rules/unawaited_futures)",
            "  Did you mean 'await(saveScore(42));' or 'unawaited(saveScore(42));'?",
            "B.java:3: error: [Other] Something.",
            "  x();",
            "  ^",
            "1 error",
            "1 warning");
    assertEquals(
        List.of(
            "   warning - Unawaited.java:41:7 - Missing an 'await'. Try it. - UnawaitedFutures",
            "   error - B.java:3:3 - Something. - Other"),
        UnawaitedLint.findings(javac));
  }

  @Test
  void plainJavacMessagesAreNoFindings() {
    assertEquals(
        List.of(),
        UnawaitedLint.findings(List.of("A.java:1: warning: [removal] Thread.stop() is deprecated", "x", "^")));
  }
}
