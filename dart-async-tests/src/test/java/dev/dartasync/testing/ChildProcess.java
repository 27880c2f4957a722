package dev.dartasync.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A child process that a test waits for with a timeout that can fire.
 *
 * <p>Reading a child's output to its end and only then calling {@code waitFor(timeout)} waits
 * forever for a child that hangs: the read blocks until the child exits, so the timeout is never
 * reached. Here standard output and standard error are drained on their own threads from the
 * start, while the test's thread waits for the exit with the timeout (counted from the start). On
 * timeout the whole process tree is killed (descendants too: a grandchild holding the pipes would
 * keep the drains open) and the test fails with the command and all output so far.
 *
 * <pre>{@code
 * ChildProcess.Result r = ChildProcess.start(new ProcessBuilder("mvn", "-v"), Duration.ofSeconds(30)).await();
 * assertEquals(0, r.exitCode(), r::describe);
 * }</pre>
 */
public final class ChildProcess {

  /** How long the drains may take to reach the end of the output once the process has ended. */
  private static final Duration DRAIN_GRACE = Duration.ofSeconds(10);

  /** How long a killed process may take to disappear. */
  private static final Duration KILL_GRACE = Duration.ofSeconds(10);

  /** Exit code and the complete output of a child that ended in time. */
  public record Result(List<String> command, int exitCode, String stdout, String stderr) {

    /** Standard output split into lines, without line terminators or an empty last line. */
    public List<String> stdoutLines() {
      return stdout.lines().toList();
    }

    /** The command, the exit code and both outputs, for assertion messages. */
    public String describe() {
      return ChildProcess.describe(command, "exit code " + exitCode, stdout, stderr);
    }
  }

  private final List<String> command;
  private final Process process;
  private final Duration timeout;
  private final long deadline;
  private final Drain stdout;
  private final Drain stderr;

  private ChildProcess(List<String> command, Process process, Duration timeout, long deadline) {
    this.command = command;
    this.process = process;
    this.timeout = timeout;
    this.deadline = deadline;
    this.stdout = new Drain(process.getInputStream(), "stdout of " + process.pid());
    this.stderr = new Drain(process.getErrorStream(), "stderr of " + process.pid());
  }

  /**
   * Starts {@code builder}'s command with nothing on its standard input and begins draining its
   * output. The timeout of {@link #await()} is counted from now.
   */
  public static ChildProcess start(ProcessBuilder builder, Duration timeout) throws IOException {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    List<String> command = List.copyOf(builder.command());
    Process process = builder.start();
    process.getOutputStream().close();
    return new ChildProcess(command, process, timeout, deadline);
  }

  /** {@link #start} then {@link #await()}. */
  public static Result run(ProcessBuilder builder, Duration timeout)
      throws IOException, InterruptedException {
    return start(builder, timeout).await();
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** Standard output read so far (all of it once {@link #await()} returned). */
  public String stdoutSoFar() {
    return stdout.text();
  }

  /** Standard error read so far. */
  public String stderrSoFar() {
    return stderr.text();
  }

  /**
   * Waits until the child exits or the timeout (counted from the start) passes. On exit, returns
   * its exit code and complete output. On timeout, kills the process and every descendant and
   * throws an {@link AssertionError} naming the command, the timeout and the output so far.
   */
  public Result await() throws InterruptedException {
    long remaining = deadline - System.nanoTime();
    if (!process.waitFor(Math.max(0, remaining), TimeUnit.NANOSECONDS)) {
      killTree();
      stdout.join(DRAIN_GRACE);
      stderr.join(DRAIN_GRACE);
      throw new AssertionError(
          describe(
              command,
              "timed out after " + timeout.toSeconds() + " s; killed with its descendants",
              stdoutSoFar(),
              stderrSoFar()));
    }
    if (!stdout.join(DRAIN_GRACE) || !stderr.join(DRAIN_GRACE)) {
      throw new AssertionError(
          describe(
              command,
              "exited with " + process.exitValue() + " but its output stayed open for "
                  + DRAIN_GRACE.toSeconds() + " s (a process it started still holds it)",
              stdoutSoFar(),
              stderrSoFar()));
    }
    return new Result(command, process.exitValue(), stdout.text(), stderr.text());
  }

  /**
   * Kills the descendants (listed while the child still lives: once it is dead they are no longer
   * its descendants), then the child, and waits a bounded time for all of them to go.
   */
  private void killTree() throws InterruptedException {
    List<ProcessHandle> descendants = process.descendants().toList();
    descendants.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    for (ProcessHandle descendant : descendants) {
      try {
        descendant.onExit().get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException e) {
        // Reported through the output so far; the assertion error follows anyway.
      }
    }
  }

  private static String describe(List<String> command, String outcome, String out, String err) {
    return "child process "
        + outcome
        + "\ncommand: "
        + String.join(" ", command)
        + "\n--- stdout ---\n"
        + out
        + (out.isEmpty() || out.endsWith("\n") ? "" : "\n")
        + "--- stderr ---\n"
        + err;
  }

  /** Copies one stream into memory on its own thread, so that it never blocks the child. */
  private static final class Drain {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final Thread thread;

    Drain(InputStream in, String name) {
      thread = Thread.ofPlatform().name(name).daemon().start(() -> copy(in));
    }

    private void copy(InputStream in) {
      byte[] chunk = new byte[8192];
      try (in) {
        for (int n; (n = in.read(chunk)) >= 0; ) {
          synchronized (buffer) {
            buffer.write(chunk, 0, n);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Waits up to {@code grace} for the end of the stream; true if it was reached. */
    boolean join(Duration grace) throws InterruptedException {
      return thread.join(grace);
    }

    String text() {
      synchronized (buffer) {
        return buffer.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
