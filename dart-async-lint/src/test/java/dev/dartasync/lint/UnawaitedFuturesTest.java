package dev.dartasync.lint;

import com.google.errorprone.BugCheckerRefactoringTestHelper;
import com.google.errorprone.CompilationTestHelper;
import org.junit.jupiter.api.Test;

/** UnawaitedFutures: where it fires (Dart's places, Dart's message), where it is silent, its two fixes. */
class UnawaitedFuturesTest {

  private static final String MESSAGE =
      "Missing an 'await' for the 'Future' computed by this expression. Try adding an 'await' or"
          + " wrapping the expression with 'unawaited'.";

  private final CompilationTestHelper helper =
      CompilationTestHelper.newInstance(UnawaitedFutures.class, getClass());

  @Test
  void droppedFutureInAsyncBodiesIsFlaggedWithDartsMessage() {
    helper
        .addSourceLines(
            "Demo.java",
            "import static dev.dartasync.Dart.async;",
            "import static dev.dartasync.Dart.awaitFor;",
            "import dev.dartasync.DFuture;",
            "import dev.dartasync.DStream;",
            "import dev.dartasync.Dart;",
            "import dev.dartasync.isolate.Isolate;",
            "class Demo {",
            "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
            "  static DFuture<Void> body() {",
            "    return async(() -> {",
            "      // BUG: Diagnostic contains: " + MESSAGE,
            "      saveScore(42);",
            "      // BUG: Diagnostic contains: " + MESSAGE,
            "      saveScore(1).then(v -> v);",
            "      awaitFor(DStream.fromIterable(java.util.List.of(1)), v -> {",
            "        // BUG: Diagnostic contains: " + MESSAGE,
            "        saveScore(v);",
            "        return true;",
            "      });",
            "    });",
            "  }",
            "  static void program() {",
            "    // BUG: Diagnostic contains: " + MESSAGE,
            "    saveScore(2);",
            "    Dart.await(saveScore(0));",
            "  }",
            "  static Integer value() {",
            "    // BUG: Diagnostic contains: " + MESSAGE,
            "    saveScore(3);",
            "    awaitFor(DStream.fromIterable(java.util.List.of(1)), v -> true);",
            "    return 1;",
            "  }",
            "  public static void main(String[] args) {",
            "    Dart.runMain(Demo::program);",
            "    Dart.run(Demo::value);",
            "    Dart.run(() -> {",
            "      // BUG: Diagnostic contains: " + MESSAGE,
            "      saveScore(4);",
            "      Dart.await(saveScore(0));",
            "    });",
            "    Isolate.run(() -> {",
            "      // BUG: Diagnostic contains: " + MESSAGE,
            "      saveScore(5);",
            "      return Dart.await(5);",
            "    });",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void silentForOptOutsAssignmentsReturnsAwaitsAndSynchronousCode() {
    helper
        .addSourceLines(
            "Demo.java",
            "import static dev.dartasync.Dart.async;",
            "import static dev.dartasync.Dart.asyncStar;",
            "import static dev.dartasync.Dart.await;",
            "import static dev.dartasync.Dart.runZoned;",
            "import static dev.dartasync.Dart.unawaited;",
            "import dev.dartasync.DFuture;",
            "import dev.dartasync.DStream;",
            "import dev.dartasync.Dart;",
            "import java.time.Duration;",
            "class Demo {",
            "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
            "  static DFuture<Void> f;",
            "  static Object body() {",
            "    return async(() -> {",
            "      unawaited(saveScore(1));",
            "      saveScore(2).ignore();",
            "      DFuture<Void> g = saveScore(3);",
            "      f = saveScore(4);",
            "      await(saveScore(5));",
            "      DFuture.delayed(Duration.ofMillis(1), () -> {});",
            "      Runnable later = () -> saveScore(6);",
            "      Runnable later2 = () -> { saveScore(7); };",
            "      saveScore(8).then(v -> { saveScore(9); return v; }).ignore();",
            "      runZoned(() -> { saveScore(10); });",
            "      helper();",
            "      return g;",
            "    });",
            "  }",
            "  static void helper() {",
            "    saveScore(11);",
            "  }",
            "  static DFuture<Void> returned() {",
            "    return saveScore(12);",
            "  }",
            "  static DStream<Integer> generator() {",
            "    return asyncStar(sink -> { saveScore(13); });",
            "  }",
            "  static Object lambdaValue() {",
            "    return async(() -> saveScore(14));",
            "  }",
            "  // Dart's void main(): a main that never awaits is synchronous, as is a lambda in it.",
            "  static void syncMain() {",
            "    saveScore(15);",
            "    Runnable r = () -> await(saveScore(16));",
            "  }",
            "  public static void main(String[] args) {",
            "    Dart.runMain(Demo::syncMain);",
            "    Dart.run(() -> { saveScore(17); });",
            "    dev.dartasync.isolate.Isolate.run(() -> { saveScore(18); return 1; });",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void suppressedByItsDartAndErrorProneNames() {
    helper
        .addSourceLines(
            "Demo.java",
            "import static dev.dartasync.Dart.async;",
            "import dev.dartasync.DFuture;",
            "import dev.dartasync.Dart;",
            "class Demo {",
            "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
            "  @SuppressWarnings(\"unawaited_futures\")",
            "  static void a() { saveScore(1); Dart.await(1); }",
            "  @SuppressWarnings(\"FutureReturnValueIgnored\")",
            "  static void b() { saveScore(2); Dart.await(1); }",
            "  @SuppressWarnings(\"UnawaitedFutures\")",
            "  static void c() { saveScore(3); Dart.await(1); }",
            "  static void main() { Dart.run(Demo::a); Dart.run(Demo::b); Dart.run(Demo::c); }",
            "}")
        .doTest();
  }

  private static final String[] BEFORE = {
    "import static dev.dartasync.Dart.async;",
    "import dev.dartasync.DFuture;",
    "class Demo {",
    "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
    "  static DFuture<Void> body() {",
    "    return async(() -> {",
    "      saveScore(42);",
    "    });",
    "  }",
    "}"
  };

  @Test
  void firstFixAddsAwait() {
    BugCheckerRefactoringTestHelper.newInstance(UnawaitedFutures.class, getClass())
        .addInputLines("Demo.java", BEFORE)
        .addOutputLines(
            "Demo.java",
            "import static dev.dartasync.Dart.async;",
            "import static dev.dartasync.Dart.await;",
            "import dev.dartasync.DFuture;",
            "class Demo {",
            "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
            "  static DFuture<Void> body() {",
            "    return async(() -> {",
            "      await(saveScore(42));",
            "    });",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void secondFixWrapsInUnawaited() {
    BugCheckerRefactoringTestHelper.newInstance(UnawaitedFutures.class, getClass())
        .setFixChooser(fixes -> fixes.get(1))
        .addInputLines("Demo.java", BEFORE)
        .addOutputLines(
            "Demo.java",
            "import static dev.dartasync.Dart.async;",
            "import static dev.dartasync.Dart.unawaited;",
            "import dev.dartasync.DFuture;",
            "class Demo {",
            "  static DFuture<Void> saveScore(int score) { return async(() -> {}); }",
            "  static DFuture<Void> body() {",
            "    return async(() -> {",
            "      unawaited(saveScore(42));",
            "    });",
            "  }",
            "}")
        .doTest();
  }
}
