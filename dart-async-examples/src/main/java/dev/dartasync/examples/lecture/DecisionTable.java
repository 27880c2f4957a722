package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.print;

import dev.dartasync.Dart;
import dev.dartasync.examples.lecture.IsolateCopyCost.Cost;
import dev.dartasync.examples.lecture.IsolateCopyCost.Sent;
import dev.dartasync.examples.support.Columns;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Lecture, "Decision table": which tool for which job, the lecture's three columns with this run's
 * figures in "Measured here" (the lecture's are the other side of the runner's comparison). Every
 * figure comes from running the example that measures it,
 * in this process, each in an isolate of its own ({@code Dart.run}), before the table is printed:
 * {@code future-wait} (sequential against record {@code .wait}), {@code future-wait-errors}
 * ({@code Future.wait} against {@code eagerError: true}), {@code unawaited} (its error escapes:
 * {@code Dart.runMain} ends such a program with exit code 255), {@code broadcast-late-listener}
 * (the event added before the listener is not delivered), {@code isolate-heartbeat} (the largest
 * timer gaps), {@code isolate-spawn-worker} (the start a long-lived worker saves per call) and
 * {@code isolate-copy-cost} (a {@code List<int>} against a {@code Uint8List} in the closure).
 */
public final class DecisionTable {
  private DecisionTable() {}

  /** The exit code of {@code Dart.runMain} (and of {@code dart run}) after an uncaught error. */
  static final int UNHANDLED_EXIT_CODE = 255;

  /** What the examples measured. */
  record Measured(
      FutureWait.Figures futureWait,
      FutureWaitErrors.Figures futureWaitErrors,
      Throwable unawaitedError,
      List<String> lateListenerEvents,
      IsolateHeartbeat.Gaps gaps,
      IsolateSpawnWorker.Figures spawnWorker,
      Map<Sent, Cost> copyCost) {}

  /** Runs the examples' measurements one after another, each in an isolate of its own. */
  static Measured measure() {
    return new Measured(
        FutureWait.measure(),
        FutureWaitErrors.measure(),
        Unawaited.uncaughtError(),
        BroadcastLateListener.lateListenerEvents(),
        IsolateHeartbeat.measureGaps(),
        Dart.run(IsolateSpawnWorker::measure),
        Dart.run(() -> IsolateCopyCost.measure(EnumSet.of(Sent.CLOSURE_LIST, Sent.CLOSURE_BYTES))));
  }

  /** One row of the table: the situation, the tool, and this run's figure for it. */
  record Row(String situation, String use, String measured) {}

  static List<Row> rows(Measured m) {
    Map<Sent, Cost> copy = m.copyCost();
    return List.of(
        new Row("Waiting on network, disk, timers", "async/await", "—"),
        new Row(
            "Several independent requests",
            "Future.wait or record .wait",
            m.futureWait().sequentialMs() + " → " + m.futureWait().recordWaitMs() + " ms"),
        new Row(
            "Fail fast if any request fails",
            "Future.wait(..., eagerError: true)",
            m.futureWaitErrors().futureWaitMs() + " → " + m.futureWaitErrors().eagerErrorMs() + " ms"),
        new Row(
            "Fire-and-forget on purpose",
            "unawaited(f.catchError(...))",
            m.unawaitedError() != null
                ? "exit " + UNHANDLED_EXIT_CODE + " if unhandled"
                : "the error was handled"),
        new Row("One listener, data in order", "single-subscription stream", "—"),
        new Row(
            "Many listeners, events only from now on",
            "broadcast stream",
            m.lateListenerEvents().equals(List.of("purchase"))
                ? "early event dropped"
                : "the late listener got " + m.lateListenerEvents()),
        new Row("CPU work under ~16 ms", "run inline", "—"),
        new Row(
            "CPU work over a frame, once",
            "Isolate.run / compute",
            "gap " + m.gaps().mainIsolateMs() + " → " + m.gaps().isolateRunMs() + " ms"),
        new Row(
            "Repeated CPU work",
            "Isolate.spawn + SendPort",
            "saves the " + Columns.millis(m.spawnWorker().savedPerCallMillis()) + " start per call"),
        new Row(
            "Large data to an isolate",
            "Uint8List / typed data",
            String.format(Locale.ROOT, "%.1f", copy.get(Sent.CLOSURE_LIST).millis())
                + " → "
                + Columns.millis(copy.get(Sent.CLOSURE_BYTES).millis())));
  }

  static void printTable(List<Row> rows) {
    int situation = Columns.widest(rows.stream().map(Row::situation).toList());
    int use = Columns.widest(rows.stream().map(Row::use).toList());
    print(
        "Which tool for which job: the lecture's decision table, measured by running the"
            + " examples.");
    print(
        Columns.join(
            List.of(Columns.left("Situation", situation), Columns.left("Use", use), "Measured here")));
    for (Row row : rows) {
      print(
          Columns.join(
              List.of(
                  Columns.left(row.situation(), situation),
                  Columns.left(row.use(), use),
                  row.measured())));
    }
  }

  public static void main(String[] args) {
    Measured measured = measure();
    Dart.runMain(() -> printTable(rows(measured)));
  }
}
