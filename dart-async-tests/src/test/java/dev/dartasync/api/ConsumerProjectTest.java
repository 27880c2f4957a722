package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dartasync.testing.ChildProcess;
import dev.dartasync.testing.NestedMaven;
import dev.dartasync.testing.ThisBuild;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's "Use it in your project", as a user does it: the minimal pom and Main of
 * src/test/resources/consumer, built by Maven against the dart-async-core artifact of this build
 * and run the three ways the README gives ({@code mvn test}, {@code exec:exec}, {@code
 * exec:java}), with no JVM flag anywhere: the library then runs its flag-free carrier.
 *
 * <p>As a newcomer runs it: {@code mvn} on the machine's default {@code java} (17 here) with no
 * {@code JAVA_HOME}, so the pom itself must find a JDK 21+; only {@code exec:java}, which runs Main
 * inside Maven's own JVM, gets the {@code JAVA_HOME} of a JDK 21+ that the README tells its user
 * to set. The consumer has slf4j-api and no logging backend, and nothing goes wrong in its run, so
 * nothing may appear on standard error (no {@code SLF4J(W)} lines, no warning: the advice to add
 * the flag is logged only through a backend).
 */
class ConsumerProjectTest {

  /** What com.example.Main prints, in Dart's order. */
  private static final List<String> PRINTED =
      List.of(
          "1 main starts",
          "2 an async body runs synchronously until its first await",
          "3 a microtask: before any event",
          "4 after the await: 42",
          "5 a timer callback: the next event");

  /**
   * One nested build: about 10 s here (Maven on java 17, its toolchains plugin first discovering
   * the installed JDKs); up to a minute more on a machine whose local repository lacks the
   * consumer's plugins (they then come from Central).
   */
  private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(120);

  private static final Pattern DEPENDENCY_VERSION =
      Pattern.compile("<artifactId>dart-async-core</artifactId>\\s*<version>([^<]+)</version>");

  /** Maven 3.8 writes colour resets even in batch mode. */
  private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");

  @Test
  @Timeout(value = 2 * 120 + 30, unit = TimeUnit.SECONDS) // two builds under BUILD_TIMEOUT
  @DisplayName("README's minimal pom builds against this build's artifact; test, exec:exec and exec:java all run")
  void minimalProjectBuildsAndRuns(@TempDir Path work) throws Exception {
    Optional<Path> mvn = NestedMaven.findMvn();
    assumeTrue(mvn.isPresent(), "mvn is not on PATH: the nested consumer build is skipped");

    Path project = copyConsumerProject(work.resolve("consumer"));
    ThisBuild build = ThisBuild.locate(work);
    assertEquals(
        build.version(),
        dependencyVersion(project.resolve("pom.xml")),
        "consumer/pom.xml (and README's minimal pom) must depend on this build's version");

    NestedMaven maven = NestedMaven.create(mvn.get(), work);
    maven.install("dev.dartasync", "dart-async-parent", build.version(), build.parentPom(), null);
    maven.install(
        "dev.dartasync", "dart-async-core", build.version(), build.corePom(), build.coreJar());

    // Surefire runs MainTest, then exec:exec runs Main in a JVM of its own, neither with a flag;
    // both on the JDK 21+ that the toolchains plugin found, though Maven runs on the default java.
    ChildProcess.Result testAndExec = maven.run(project, BUILD_TIMEOUT, "test", "exec:exec");
    assertEquals(0, testAndExec.exitCode(), testAndExec::describe);
    assertEquals(PRINTED, printed(testAndExec), testAndExec::describe);
    assertEquals("", ANSI.matcher(testAndExec.stderr()).replaceAll(""), testAndExec::describe);
    String report =
        Files.readString(project.resolve("target/surefire-reports/com.example.MainTest.txt"));
    assertTrue(report.contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0"), report);

    // exec:java runs Main inside Maven's JVM, which must be a JDK 21+: README says to set
    // JAVA_HOME to one for this goal.
    Path execJavaPom = writeExecJavaVariant(project);
    Path jdk = Path.of(System.getProperty("java.home"));
    ChildProcess.Result inMaven =
        maven.runOnJdk(jdk, project, BUILD_TIMEOUT, "-f", execJavaPom.toString(), "exec:java");
    assertEquals(0, inMaven.exitCode(), inMaven::describe);
    assertEquals(PRINTED, printed(inMaven), inMaven::describe);
  }

  /** Copies src/test/resources/consumer (from the test class path) to {@code target}. */
  private static Path copyConsumerProject(Path target) throws Exception {
    Path source = resourceDir("/consumer/pom.xml");
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Path copy = target.resolve(source.relativize(file).toString());
        Files.createDirectories(copy.getParent());
        Files.copy(file, copy);
      }
    }
    assertTrue(Files.isRegularFile(target.resolve("pom.xml")), "copied pom.xml");
    assertTrue(!Files.exists(target.resolve(".mvn")), "no .mvn: no JVM options for Maven either");
    return target;
  }

  private static Path resourceDir(String fileInIt) throws URISyntaxException {
    URL url = ConsumerProjectTest.class.getResource(fileInIt);
    assertTrue(url != null && url.getProtocol().equals("file"), "resource " + fileInIt + ": " + url);
    return Path.of(url.toURI()).getParent();
  }

  private static String dependencyVersion(Path pom) throws Exception {
    Matcher m = DEPENDENCY_VERSION.matcher(Files.readString(pom));
    assertTrue(m.find(), "no dart-async-core dependency in " + pom);
    return m.group(1);
  }

  /**
   * README's exec:java variant of the minimal pom: the exec plugin configured with {@code
   * <mainClass>} instead of exec:exec's {@code <executable>} and {@code <arguments>} (the two
   * goals share the {@code arguments} parameter, so one pom cannot configure both).
   */
  private static Path writeExecJavaVariant(Path project) throws Exception {
    String pom = Files.readString(project.resolve("pom.xml"));
    int plugin = pom.indexOf("<artifactId>exec-maven-plugin</artifactId>");
    int start = pom.indexOf("<configuration>", plugin);
    int end = pom.indexOf("</configuration>", start) + "</configuration>".length();
    assertTrue(plugin >= 0 && start >= 0 && end > start, "exec plugin configuration in the pom");
    String variant =
        pom.substring(0, start)
            + "<configuration>\n          <mainClass>com.example.Main</mainClass>\n        </configuration>"
            + pom.substring(end);
    Path file = project.resolve("pom-exec-java.xml");
    Files.writeString(file, variant);
    return file;
  }

  /** Standard output without Maven's colour codes and blank lines. */
  private static List<String> printed(ChildProcess.Result result) {
    return result.stdoutLines().stream()
        .map(line -> ANSI.matcher(line).replaceAll(""))
        .filter(line -> !line.isBlank())
        .toList();
  }
}
