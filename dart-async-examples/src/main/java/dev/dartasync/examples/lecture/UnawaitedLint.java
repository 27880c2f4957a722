package dev.dartasync.examples.lecture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Lecture, "Common mistake: the unawaited future that escapes try/catch": "To have the tool find
 * these for you, enable the lint". Compiles the port of the mistake ({@link Unawaited}'s source,
 * shipped in this jar) with Error Prone and the {@code UnawaitedFutures} check of
 * dart-async-lint, and prints each of its findings as {@code dart analyze} prints one: {@code
 * <severity> - <file>:<line>:<column> - <message> - <check>}. Dart's {@code info -
 * unawaited.dart:8:5} is the lecture's {@code saveScore(42);}; here it is the same statement of
 * Unawaited.java.
 *
 * <p>javac runs as a child process of the JDK this runs on ({@code java.home/bin/javac}, with the
 * {@code -J} flags that open javac to Error Prone), with this JVM's class path as its class path
 * and processor path (it holds Error Prone, the check and dart-async-core). Suppression
 * annotations are ignored: the port carries {@code @SuppressWarnings("FutureReturnValueIgnored")}
 * so that its own build, which runs the same check, stays clean. If javac is missing (a JRE) or
 * fails, its output goes to standard error and the process exits with 1.
 */
public final class UnawaitedLint {
  private UnawaitedLint() {}

  /** The source compiled, as a resource of this jar (see the module's pom). */
  static final String SOURCE = "dev/dartasync/examples/lecture/Unawaited.java";

  /**
   * javac's first line of a diagnostic of Error Prone: {@code <path>:<line>: warning: [<check>] <message>}. Error
   * Prone's checks are named in CamelCase; javac's own lint keys ({@code [removal]}) are lower case.
   */
  private static final Pattern DIAGNOSTIC =
      Pattern.compile("^(.*?):(\\d+): (warning|error): \\[([A-Z]\\w*)\\] (.*)$");

  private static final String[] JAVAC_PACKAGES = {
    "api", "file", "main", "model", "parser", "processing", "tree", "util", "code", "comp"
  };

  public static void main(String[] args) {
    Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
    if (!Files.isExecutable(javac)) {
      System.err.println("unawaited-lint needs a JDK: no javac at " + javac);
      System.exit(1);
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("unawaited-lint");
      Path source = dir.resolve("src").resolve(SOURCE);
      Files.createDirectories(source.getParent());
      try (InputStream in = UnawaitedLint.class.getClassLoader().getResourceAsStream(SOURCE)) {
        if (in == null) {
          throw new IllegalStateException("missing resource " + SOURCE);
        }
        Files.write(source, in.readAllBytes());
      }
      Result result = compile(javac, source, dir.resolve("classes"));
      if (result.exit() != 0) {
        result.lines().forEach(System.err::println);
        System.err.println("unawaited-lint: javac exited with " + result.exit());
        System.exit(1);
      }
      for (String finding : findings(result.lines())) {
        System.out.println(finding);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while javac ran", e);
    } finally {
      deleteQuietly(dir);
    }
  }

  record Result(List<String> lines, int exit) {}

  private static Result compile(Path javac, Path source, Path classes)
      throws IOException, InterruptedException {
    String classPath = System.getProperty("java.class.path");
    List<String> command = new ArrayList<>(List.of(javac.toString()));
    for (String p : JAVAC_PACKAGES) {
      command.add("-J--add-exports=jdk.compiler/com.sun.tools.javac." + p + "=ALL-UNNAMED");
    }
    command.add("-J--add-opens=jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED");
    command.add("-J--add-opens=jdk.compiler/com.sun.tools.javac.comp=ALL-UNNAMED");
    command.addAll(
        List.of(
            "-XDcompilePolicy=simple",
            "--should-stop=ifError=FLOW",
            "-Xplugin:ErrorProne -XepDisableAllChecks -Xep:UnawaitedFutures:WARN"
                + " -XepIgnoreSuppressionAnnotations",
            "-processorpath", classPath,
            "-cp", classPath,
            "-implicit:none",
            "-encoding", "UTF-8",
            "-d", classes.toString(),
            source.toString()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = process.waitFor();
    return new Result(output.lines().toList(), exit);
  }

  /**
   * Each Error Prone diagnostic of javac's output, in {@code dart analyze}'s form. The column is the
   * caret's, in the line after the source line javac quotes (counted from 1, as Dart counts).
   */
  static List<String> findings(List<String> lines) {
    List<String> findings = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = DIAGNOSTIC.matcher(lines.get(i));
      if (!m.matches()) {
        continue;
      }
      int column = i + 2 < lines.size() ? lines.get(i + 2).indexOf('^') + 1 : 0;
      String file = Path.of(m.group(1)).getFileName().toString();
      findings.add(
          "   " + m.group(3) + " - " + file + ":" + m.group(2) + ":" + column + " - " + m.group(5)
              + " - " + m.group(4));
    }
    return findings;
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary directory left behind is no error of the example.
    }
  }
}
