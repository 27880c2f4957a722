package dev.dartasync.lecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.examples.Example;
import dev.dartasync.examples.Examples;
import dev.dartasync.examples.LectureOutputLoader;
import dev.dartasync.examples.Main;
import dev.dartasync.examples.OutputComparator;
import dev.dartasync.examples.OutputComparator.Comparison;
import dev.dartasync.examples.OutputComparator.Mark;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Lecture parity: every example runs as its own process, exactly as {@code java -jar
 * dart-async-examples.jar <id>} runs it, and its output must equal the lecture's printed output
 * line for line, with the same exit code. Only measured times ({@code ~}) and the source location
 * of a stack frame ({@code @}, Dart file vs Java file) may differ. Timings are then checked as
 * ratios with generous margins, never as exact milliseconds.
 *
 * <p>The isolate examples measure 10 M-element copies and many isolate starts: each runs once,
 * and its parity check and timing checks read that same run ({@link #LAST_RUN}), whichever comes
 * first; only a check that fails gets fresh runs (a measurement on a loaded machine can miss, three
 * in a row should not).
 */
class LectureParityTest {

  /** Output and exit code of one example run in a child JVM. */
  record Run(List<String> lines, int exit) {
    long millis(String prefix) {
      Pattern p = Pattern.compile(Pattern.quote(prefix) + ".*?(\\d+) ms(?:: .*)?$");
      for (String line : lines) {
        Matcher m = p.matcher(line);
        if (line.startsWith(prefix) && m.find()) {
          return Long.parseLong(m.group(1));
        }
      }
      throw new AssertionError("no line starting with '" + prefix + "' in " + lines);
    }
  }

  /**
   * Examples whose parity may fail on a loaded machine, with why; they get up to two more runs. A
   * periodic timer that a stall delays by a period skips the missed tick (Dart's Timer.tick rule),
   * so its count drops; a saving of a few microseconds measured under noise can come out negative,
   * printed with a minus sign the lecture's line does not have; the heartbeat's main isolate, held
   * 100 ms by the machine while Isolate.run works, gets a detector line its output does not expect.
   */
  static final Map<String, String> RETRIED =
      Map.of(
          "cancel", "a stalled periodic timer skips ticks",
          "isolate-heartbeat",
              "a loaded machine can hold the main isolate past the detector's 100 ms in Isolate.run",
          "isolate-spawn-worker", "a saving of microseconds measured under noise",
          "decision-table", "a saving of microseconds measured under noise");

  /** The examples that copy 10 M elements or start hundreds of isolates: they get more time. */
  static final java.util.Set<String> HEAVY =
      java.util.Set.of(
          "isolate-heartbeat",
          "isolate-copy-cost",
          "isolate-exit-return",
          "isolate-spawn-worker",
          "decision-table");

  /** A heavy example's time limit: about 15 s each on a loaded 2-core machine, 2-5 s when idle. */
  static final Duration HEAVY_TIMEOUT = Duration.ofSeconds(120);

  /** The last run of each example, which the timing checks read instead of running it again. */
  static final Map<String, Run> LAST_RUN = new ConcurrentHashMap<>();

  static Run run(String id) throws IOException, InterruptedException {
    // The examples' own logging configuration, as with java -jar: not the tests' (which may log
    // the library's DEBUG lines into the output, with -Ddartasync.log.level=DEBUG).
    ChildJvm jvm =
        ChildJvm.main(Main.class, id)
            .mergeStderr()
            .systemProperty("logback.configurationFile", "logback.xml");
    if (HEAVY.contains(id)) {
      jvm.timeout(HEAVY_TIMEOUT);
    }
    ChildProcess.Result result = jvm.run();
    Run run = new Run(result.stdoutLines(), result.exitCode());
    LAST_RUN.put(id, run);
    return run;
  }

  /** The example's last run (a timing check may have run it already), else a new run. */
  static Run lastOrRun(String id) throws IOException, InterruptedException {
    Run last = LAST_RUN.get(id);
    return last != null ? last : run(id);
  }

  /** A check of one run's figures. */
  interface TimingCheck {
    void check(Run run) throws Exception;
  }

  /**
   * Checks the figures of the example's last run (running it if it has not run yet); if they miss,
   * says so and checks up to two fresh runs, the last of which must pass.
   */
  static void checkTimings(String id, TimingCheck check) throws Exception {
    Run run = lastOrRun(id);
    for (int retry = 0; ; retry++) {
      try {
        check.check(run);
        return;
      } catch (AssertionError e) {
        if (retry == 2) {
          throw e;
        }
        System.err.println(id + ": " + e.getMessage() + " (a loaded machine?), run again");
        run = run(id);
      }
    }
  }

  @TestFactory
  @DisplayName("every example prints the lecture's output (only times and frame locations differ)")
  Stream<DynamicTest> everyExampleMatchesTheLecture() {
    return Examples.all().stream()
        .map(Example::id)
        .map(
            id ->
                DynamicTest.dynamicTest(
                    id,
                    () -> {
                      Run run = lastOrRun(id);
                      Comparison comparison =
                          OutputComparator.compare(
                              LectureOutputLoader.load(id), run.lines(), run.exit());
                      for (int retry = 0;
                          retry < 2
                              && RETRIED.containsKey(id)
                              && comparison.count(Mark.DIFFERENT) > 0;
                          retry++) {
                        // Said, and run again: a run without a stall must match exactly.
                        System.err.println(
                            id + ": differs (" + RETRIED.get(id) + "), run again:\n"
                                + comparison.lines());
                        run = run(id);
                        comparison =
                            OutputComparator.compare(
                                LectureOutputLoader.load(id), run.lines(), run.exit());
                      }
                      Comparison finalComparison = comparison;
                      assertEquals(
                          0,
                          finalComparison.count(Mark.DIFFERENT),
                          () -> id + " differs from the lecture:\n" + finalComparison.lines());
                      assertEquals(Mark.MATCH, finalComparison.exit().mark(), id + " exit code");
                    }));
  }

  @Test
  @DisplayName("future-wait: parallel takes the slowest call, sequential the sum (610 / 305 / 303 ms)")
  void futureWaitTimings() throws Exception {
    Run run = run("future-wait");
    long sequential = run.millis("sequential:");
    long futureWait = run.millis("Future.wait:");
    long recordWait = run.millis("record .wait:");
    assertTrue(sequential >= 600, "sequential waits 300+200+100 ms: " + sequential);
    assertTrue(futureWait >= 300, "Future.wait waits for the slowest call: " + futureWait);
    assertTrue(recordWait >= 300, "record .wait waits for the slowest call: " + recordWait);
    assertTrue(futureWait * 3 < sequential * 2, "parallel well under sequential: " + run.lines());
    assertTrue(recordWait * 3 < sequential * 2, "parallel well under sequential: " + run.lines());
  }

  @Test
  @DisplayName("future-wait-fake: under FakeAsync exactly 600 / 300 / 300 ms, in well under a second")
  void futureWaitFakeExact() throws Exception {
    Run run = lastOrRun("future-wait-fake");
    assertEquals(
        List.of(
            "sequential: config(300 ms) user(200 ms) ads(100 ms) -> 600 ms",
            "Future.wait: [config(300 ms), user(200 ms), ads(100 ms)] -> 300 ms",
            "record .wait: config(300 ms) user(200 ms) ads(100 ms) -> 300 ms"),
        run.lines());
    assertEquals(0, run.exit());
    // In this JVM: 1.2 s of timers; the bound leaves room for a loaded machine's first run.
    long before = System.nanoTime();
    List<String> lines = dev.dartasync.examples.lecture.FutureWaitFake.captured();
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before);
    assertEquals(run.lines(), lines);
    assertTrue(tookMs < 1200, "the fake run took " + tookMs + " ms of real time");
  }

  @Test
  @DisplayName("future-wait-errors: Future.wait waits for all, eagerError fails at the error")
  void futureWaitErrorTimings() throws Exception {
    Run run = run("future-wait-errors");
    long all = run.millis("Future.wait failed after");
    long eager = run.millis("eagerError: true failed after");
    long record = run.millis("record .wait failed after");
    assertTrue(all >= 300, "Future.wait still waits for the 300 ms call: " + all);
    assertTrue(record >= 300, "record .wait waits for all: " + record);
    assertTrue(eager >= 50, "the failing call takes 50 ms: " + eager);
    assertTrue(eager * 2 < all, "eagerError well under the slowest call: " + run.lines());
  }

  @Test
  @DisplayName("exercise-2: the record wait takes the slower call (400 ms), not the sum (650 ms)")
  void exercise2Timing() throws Exception {
    Run run = run("exercise-2");
    long took = run.millis("profile=null feed=12 after");
    assertTrue(took >= 400, "waits for the 400 ms profile: " + took);
    assertTrue(took < 640, "parallel, not 400 + 250 ms: " + took);
  }

  /** The cells of the table row that starts with {@code label}, split at {@code " | "}. */
  static List<String> cells(Run run, String label) {
    for (String line : run.lines()) {
      if (line.startsWith(label)) {
        return Arrays.stream(line.split(" \\| ")).map(String::strip).toList();
      }
    }
    throw new AssertionError("no row '" + label + "' in " + run.lines());
  }

  /** The number of a cell such as {@code 27.6 ms}. */
  static double number(String cell) {
    Matcher m = Pattern.compile("^-?\\d+(?:\\.\\d+)?").matcher(cell);
    assertTrue(m.find(), "a number: " + cell);
    return Double.parseDouble(m.group());
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName("isolate-heartbeat: the main isolate's gap is the work, Isolate.run's 10x smaller (354 / 18 ms)")
  void heartbeatGaps() throws Exception {
    Pattern line =
        Pattern.compile(
            "^(main isolate   |Isolate\\.run    ): result=216816, work took (\\d+) ms, ticks during"
                + " work=(\\d+) \\(expected ~(\\d+)\\), max heartbeat gap=(\\d+) ms$");
    checkTimings(
        "isolate-heartbeat",
        run -> {
          List<Matcher> m =
              run.lines().stream().map(line::matcher).filter(Matcher::matches).toList();
          assertEquals(2, m.size(), () -> "two measure lines in " + run.lines());
          long mainTook = Long.parseLong(m.get(0).group(2));
          long mainGap = Long.parseLong(m.get(0).group(5));
          long runTicks = Long.parseLong(m.get(1).group(3));
          long runExpected = Long.parseLong(m.get(1).group(4));
          long runGap = Long.parseLong(m.get(1).group(5));
          assertEquals(0, Long.parseLong(m.get(0).group(3)), "no tick while the main isolate works");
          assertTrue(mainGap + 1 >= mainTook, "the main isolate's gap spans its work: " + run.lines());
          assertTrue(mainGap >= 10 * runGap, "Isolate.run's gap 10x smaller: " + run.lines());
          assertTrue(runTicks * 2 >= runExpected, "Isolate.run keeps the timer ticking: " + run.lines());
        });
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName("isolate-copy-cost: sending bytes (also transferable) is clearly cheaper than a List<Integer>")
  void copyCostRatios() throws Exception {
    checkTimings(
        "isolate-copy-cost",
        run -> {
          double closureList = number(cells(run, "Isolate.run, closure captures a List<int>").get(1));
          double closureBytes = number(cells(run, "Isolate.run, closure captures a Uint8List").get(1));
          double sendList = number(cells(run, "SendPort.send(List<int>)").get(1));
          double sendBytes = number(cells(run, "SendPort.send(Uint8List)").get(1));
          double sendTransferable =
              number(cells(run, "SendPort.send(TransferableTypedData)").get(1));
          double emptyRun = number(cells(run, "Empty Isolate.run").get(1));
          assertTrue(closureBytes * 2 < closureList, "closure: byte[] under half a List: " + run.lines());
          assertTrue(sendBytes * 2 < sendList, "send: byte[] under half a List: " + run.lines());
          assertTrue(
              sendTransferable * 2 < sendList,
              "send: a transferable under half a List: " + run.lines());
          assertTrue(emptyRun < closureList, "an empty Isolate.run costs less: " + run.lines());
        });
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName("isolate-exit-return: a list built in Isolate.run comes back without a copy (81.1 / 89.4 ms)")
  void exitReturnIsNotACopy() throws Exception {
    checkTimings(
        "isolate-exit-return",
        run -> {
          assertTrue(
              run.lines().contains("the returned list is the one the isolate built (no copy): true"),
              () -> "the very object: " + run.lines());
          double here = number(cells(run, "on its own").get(1));
          double inIsolate = number(cells(run, "built in Isolate.run and returned").get(1));
          assertTrue(inIsolate < here * 3, "returned within 3x of building it here: " + run.lines());
        });
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName("isolate-spawn-worker: a long-lived worker answers faster than a new isolate per call")
  void spawnWorkerSaves() throws Exception {
    checkTimings(
        "isolate-spawn-worker",
        run -> {
          double perRun = number(cells(run, "Isolate.run(() => 0), a new isolate per call").get(1));
          double perRequest =
              number(cells(run, "request and reply to a long-lived Isolate.spawn worker").get(1));
          double saved = number(cells(run, "saved per call by the worker").get(1));
          assertTrue(perRequest < perRun, "the worker is faster per call: " + run.lines());
          assertTrue(saved > 0, "it saves something per call: " + run.lines());
        });
  }

  @Test
  @DisplayName("capture-trap: the retaining path goes through `this`, the object that holds the port")
  void captureTrapPathGoesThroughThis() throws Exception {
    Run run = lastOrRun("capture-trap");
    List<String> expected =
        List.of(
            "Unhandled exception:",
            "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
                + " - Library:'dev.dartasync.isolate' Class: ReceivePort (see restrictions listed at"
                + " `SendPort.send()` documentation for more information)",
            " <- port in Instance of 'CaptureTrap' (from dev.dartasync.examples.lecture)",
            " <- field this in Closure: Callable from CaptureTrap (from dev.dartasync.examples.lecture)");
    assertEquals(expected, run.lines().subList(0, Math.min(4, run.lines().size())), run::toString);
    assertEquals(255, run.exit());
    assertTrue(run.lines().stream().noneMatch(l -> l.startsWith("sum = ")), run::toString);
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName("decision-table: this run's figures keep the lecture's directions")
  void decisionTableDirections() throws Exception {
    Pattern arrow = Pattern.compile("(\\d+(?:\\.\\d+)?) → (\\d+(?:\\.\\d+)?) ms$");
    checkTimings(
        "decision-table",
        run -> {
          double[] parallel = figures(arrow, cells(run, "Several independent requests").get(2));
          double[] eager = figures(arrow, cells(run, "Fail fast if any request fails").get(2));
          double[] gaps = figures(arrow, cells(run, "CPU work over a frame, once").get(2));
          double[] large = figures(arrow, cells(run, "Large data to an isolate").get(2));
          assertTrue(parallel[1] * 3 < parallel[0] * 2, "parallel well under sequential: " + run.lines());
          assertTrue(eager[1] * 2 < eager[0], "eagerError well under waiting for all: " + run.lines());
          assertTrue(gaps[0] > 3 * gaps[1], "Isolate.run's gap much smaller: " + run.lines());
          assertTrue(large[1] * 2 < large[0], "bytes under half a List: " + run.lines());
        });
  }

  private static double[] figures(Pattern arrow, String cell) {
    Matcher m = arrow.matcher(cell);
    assertTrue(m.find(), "'<a> → <b> ms': " + cell);
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
  }
}
