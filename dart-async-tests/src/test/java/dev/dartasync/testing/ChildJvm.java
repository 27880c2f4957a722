package dev.dartasync.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code main} class run in a fresh JVM of the same JDK as the running test, on the test's class
 * path, with {@code --add-opens java.base/java.lang=ALL-UNNAMED} and UTF-8 output; run through
 * {@link ChildProcess}, so a hung child fails the test after the timeout instead of hanging it.
 *
 * <pre>{@code
 * ChildProcess.Result r = ChildJvm.main(UncaughtProgram.class).run();
 * assertEquals(255, r.exitCode(), r::describe);
 * }</pre>
 */
public final class ChildJvm {

  /**
   * Ample for a JVM that prints a few lines (the slowest example takes about 2 s) on a loaded
   * 2-core machine, and shorter than JUnit's 30 s per test (junit-platform.properties), so a hung
   * child fails with its output rather than with JUnit's bare timeout.
   */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

  private final String mainClass;
  private final List<String> args;
  private boolean addOpens = true;
  private boolean mergeStderr;
  private Duration timeout = DEFAULT_TIMEOUT;
  private final List<String> systemProperties = new ArrayList<>();
  private final List<String> jvmOptions = new ArrayList<>();
  private String classPath;

  private ChildJvm(String mainClass, List<String> args) {
    this.mainClass = mainClass;
    this.args = args;
  }

  /** A JVM that runs {@code mainClass} with {@code args}. */
  public static ChildJvm main(Class<?> mainClass, String... args) {
    return main(mainClass.getName(), args);
  }

  /** A JVM that runs the class named {@code mainClass} with {@code args}. */
  public static ChildJvm main(String mainClass, String... args) {
    return new ChildJvm(mainClass, List.of(args));
  }

  /** Leaves out the {@code --add-opens} flag, to see what a user without it sees. */
  public ChildJvm withoutAddOpens() {
    addOpens = false;
    return this;
  }

  /**
   * Sends standard error into standard output, interleaved in the order written (as a terminal
   * shows them); {@link ChildProcess.Result#stderr()} is then empty.
   */
  public ChildJvm mergeStderr() {
    mergeStderr = true;
    return this;
  }

  /** Adds {@code -D<name>=<value>} to the command line. */
  public ChildJvm systemProperty(String name, String value) {
    systemProperties.add("-D" + name + "=" + value);
    return this;
  }

  /** Adds a JVM option (e.g. {@code -verbose:class}) to the command line, before the class path. */
  public ChildJvm jvmOption(String option) {
    jvmOptions.add(option);
    return this;
  }

  /** Replaces the class path, by default {@link #testClassPath()}. */
  public ChildJvm classPath(String classPath) {
    this.classPath = classPath;
    return this;
  }

  /** Replaces {@link #DEFAULT_TIMEOUT}. */
  public ChildJvm timeout(Duration timeout) {
    this.timeout = timeout;
    return this;
  }

  /** Starts the JVM; see {@link ChildProcess#await()}. */
  public ChildProcess start() throws IOException {
    return ChildProcess.start(new ProcessBuilder(command()).redirectErrorStream(mergeStderr), timeout);
  }

  /** Runs the JVM to its end; fails the test if it outlives the timeout. */
  public ChildProcess.Result run() throws IOException, InterruptedException {
    return start().await();
  }

  /** The full command line. */
  public List<String> command() {
    List<String> command = new ArrayList<>();
    command.add(javaBinary().toString());
    if (addOpens) {
      command.add("--add-opens");
      command.add("java.base/java.lang=ALL-UNNAMED");
    }
    command.add("-Dstdout.encoding=UTF-8");
    command.add("-Dstderr.encoding=UTF-8");
    // As in the suite's own JVMs: no blocked-loop report unless a test asks for one (a later -D
    // of the same property, from systemProperty, wins).
    command.add("-Ddartasync.blockedLoopThreshold=off");
    command.addAll(systemProperties);
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath != null ? classPath : testClassPath());
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  /** The {@code java} launcher of the JDK that runs this test. */
  public static Path javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * The test's class path: Surefire's {@code surefire.test.class.path} (the real entries, where
   * {@code java.class.path} may name only Surefire's manifest-only booter jar), else
   * {@code java.class.path} (an IDE).
   */
  public static String testClassPath() {
    String classpath = System.getProperty("surefire.test.class.path");
    return classpath == null || classpath.isEmpty()
        ? System.getProperty("java.class.path")
        : classpath;
  }
}
