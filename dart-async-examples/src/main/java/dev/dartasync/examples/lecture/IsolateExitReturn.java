package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.examples.support.Columns;
import dev.dartasync.examples.support.DartLists;
import dev.dartasync.examples.support.Median;
import dev.dartasync.examples.support.Stopwatch;
import dev.dartasync.isolate.Isolate;
import java.util.ArrayList;
import java.util.List;

/**
 * Lecture, "What it costs to send data to an isolate", the second lesson: "the return path is
 * cheap: Isolate.run uses Isolate.exit, which hands the result's memory to the caller. Generating a
 * 10 M List&lt;int&gt; took 81.1 ms on its own and 89.4 ms when built in an isolate and returned."
 * The lecture states the figures, not the program; this one measures both ways (median of 3, after
 * one untimed warm-up each) and prints its own (the lecture's are the other side of the runner's
 * comparison).
 *
 * <p>It also shows that nothing was copied: the list {@code Isolate.run} returns is the very
 * object the isolate built. Dart cannot show this (its isolates share no variables); Java's
 * isolates live in one heap, where a static field is one variable for all of them, so the
 * computation leaves the list it built in {@link #builtInIsolate} and the caller compares with
 * {@code ==}. (A static field shared by isolates is a Java-only back door, used here only to
 * look.)
 */
public final class IsolateExitReturn {
  private IsolateExitReturn() {}

  /** How many elements the list has: 10 M. */
  static final int ELEMENTS = 10_000_000;

  /** How many timed runs the medians are taken over (each builds 10 M boxed integers twice). */
  static final int RUNS = 3;

  /** The list the last computation built, left here by the isolate that built it. */
  private static volatile List<Integer> builtInIsolate;

  /** The medians, in milliseconds, and whether every returned list was the one built. */
  public record Figures(double hereMillis, double inIsolateMillis, boolean sameObject) {}

  /** Dart's {@code List<int>.generate(10000000, (i) => i)}. */
  static List<Integer> generate() {
    return DartLists.generate(ELEMENTS, i -> i);
  }

  /** Builds the list in a new isolate and returns it from there; the isolate leaves it to look at. */
  static List<Integer> buildAndReturn() {
    List<Integer> xs = generate();
    builtInIsolate = xs;
    return xs;
  }

  /** Measures both ways on the calling isolate. Call it from an async body. */
  public static Figures measure() {
    List<Double> here = new ArrayList<>();
    List<Double> inIsolate = new ArrayList<>();
    boolean same = true;
    for (int run = -1; run < RUNS; run++) { // Run -1 is the warm-up.
      Stopwatch sw = Stopwatch.started();
      int size = generate().size(); // Not kept while the isolate builds its own.
      double localMillis = sw.elapsedMicroseconds() / 1000.0;

      sw.reset();
      List<Integer> returned = await(Isolate.run(IsolateExitReturn::buildAndReturn));
      double isolateMillis = sw.elapsedMicroseconds() / 1000.0;
      same &= returned == builtInIsolate;
      if (size != ELEMENTS || returned.size() != ELEMENTS) {
        throw new StateError("expected " + ELEMENTS + " elements: " + size + ", " + returned.size());
      }
      builtInIsolate = null;
      if (run >= 0) {
        here.add(localMillis);
        inIsolate.add(isolateMillis);
      }
    }
    return new Figures(Median.of(here), Median.of(inIsolate), same);
  }

  /** The rows: what was timed. */
  private static final List<String> LABELS =
      List.of("on its own", "built in Isolate.run and returned");

  public static void program() {
    Figures figures = measure();
    List<Double> ours = List.of(figures.hereMillis(), figures.inIsolateMillis());
    int width = Columns.widest(LABELS);
    print(str("Generating a 10 M List<int> (in Java a List<Integer>), median of ", RUNS, ":"));
    print(Columns.join(List.of(Columns.left("", width), Columns.right("time", Columns.FIGURE))));
    for (int i = 0; i < LABELS.size(); i++) {
      print(
          Columns.join(
              List.of(
                  Columns.left(LABELS.get(i), width),
                  Columns.right(Columns.millis(ours.get(i)), Columns.FIGURE))));
    }
    print(str("the returned list is the one the isolate built (no copy): ", figures.sameObject()));
  }

  public static void main(String[] args) {
    Dart.runMain(IsolateExitReturn::program);
  }
}
