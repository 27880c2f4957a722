package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.examples.support.Columns;
import dev.dartasync.examples.support.Median;
import dev.dartasync.examples.support.Stopwatch;
import dev.dartasync.examples.support.Worker;
import dev.dartasync.isolate.Isolate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Lecture, "Decision table", the row "Repeated CPU work: Isolate.spawn + SendPort, saves the 0.2 ms
 * start per call". The same small job done many times, once with {@code Isolate.run} per call (a
 * new isolate each time: {@code Empty Isolate.run(() => 0)} took 0.2 ms in the lecture) and once
 * by a long-lived worker isolate that {@code Isolate.spawn} started and that answers requests over
 * a {@code SendPort} (see {@link Worker}). The job is the lecture's empty one, {@code () => 0}, so
 * what the worker saves per call is the start of an isolate, whatever the job. The lecture states
 * the figures, not the program; this one measures {@link #CALLS} calls each way, per call, median
 * of 5 rounds after one untimed warm-up round, and prints its own figures (the lecture's are the
 * other side of the runner's comparison; it gives none for the worker's request and reply).
 */
public final class IsolateSpawnWorker {
  private IsolateSpawnWorker() {}

  /** How many calls one round makes each way. */
  static final int CALLS = 200;

  /** How many timed rounds the medians are taken over. */
  static final int ROUNDS = 5;

  /** Per call, in milliseconds: with a new isolate each time, and with the long-lived worker. */
  public record Figures(double runPerCallMillis, double workerPerCallMillis) {
    /** What the worker saves per call. */
    public double savedPerCallMillis() {
      return runPerCallMillis - workerPerCallMillis;
    }
  }

  /** The worker's job, the lecture's {@code () => 0}: answers every request with 0. */
  static Object answer(Object request) {
    return 0;
  }

  /** Measures both ways on the calling isolate. Call it from an async body. */
  public static Figures measure() throws Exception {
    Worker worker = await(Worker.spawn(IsolateSpawnWorker::answer));
    try {
      List<Double> perRun = new ArrayList<>();
      List<Double> perRequest = new ArrayList<>();
      for (int round = -1; round < ROUNDS; round++) { // Round -1 is the warm-up.
        double run = perCall(() -> await(Isolate.run(() -> 0)));
        double request = perCall(() -> await(worker.request(0)));
        if (round >= 0) {
          perRun.add(run);
          perRequest.add(request);
        }
      }
      return new Figures(Median.of(perRun), Median.of(perRequest));
    } finally {
      worker.close();
    }
  }

  /** The mean time of {@link #CALLS} calls, in milliseconds; each call must answer 0. */
  private static double perCall(Callable<Object> call) throws Exception {
    Stopwatch sw = Stopwatch.started();
    for (int i = 0; i < CALLS; i++) {
      Object answer = call.call();
      if (!Integer.valueOf(0).equals(answer)) {
        throw new StateError("expected the answer 0, got " + answer);
      }
    }
    return sw.elapsedMicroseconds() / 1000.0 / CALLS;
  }

  /** The rows: what was timed. */
  private static final List<String> LABELS =
      List.of(
          "Isolate.run(() => 0), a new isolate per call",
          "request and reply to a long-lived Isolate.spawn worker",
          "saved per call by the worker");


  public static void program() throws Exception {
    Figures figures = measure();
    List<Double> ours =
        List.of(
            figures.runPerCallMillis(),
            figures.workerPerCallMillis(),
            figures.savedPerCallMillis());
    int width = Columns.widest(LABELS);
    print(
        str(
            "Repeated work: the same job done ",
            CALLS,
            " times each way; per call, median of ",
            ROUNDS,
            " rounds:"));
    print(Columns.join(List.of(Columns.left("", width), Columns.right("per call", Columns.FIGURE))));
    for (int i = 0; i < LABELS.size(); i++) {
      print(
          Columns.join(
              List.of(
                  Columns.left(LABELS.get(i), width),
                  Columns.right(Columns.millis(ours.get(i)), Columns.FIGURE))));
    }
  }

  public static void main(String[] args) {
    Dart.runMain(IsolateSpawnWorker::program);
  }
}
