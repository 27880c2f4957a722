package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.examples.support.Columns;
import dev.dartasync.examples.support.DartLists;
import dev.dartasync.examples.support.FrameTimer;
import dev.dartasync.examples.support.Median;
import dev.dartasync.examples.support.Worker;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.TransferableTypedData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Lecture, "What it costs to send data to an isolate": 10 million elements sent to a worker and
 * back with only the length as the reply, while the 16 ms timer runs (see {@link FrameTimer}), each
 * way of sending timed 5 times after one untimed warm-up; the median time and the median largest
 * timer gap are printed in the lecture's table (the lecture's own figures are the other side of the
 * runner's comparison). The lecture shows the table, not its program, so this one is written in
 * Java from the table's rows.
 *
 * <p>Java's {@code List<Integer>} holds boxed integers where Dart's {@code List<int>} holds them
 * unboxed; the copy shares the (immutable) boxes and copies the list's array of references. A
 * {@code byte[]} is Dart's {@code Uint8List}: one flat block, copied in bulk. The {@code
 * TransferableTypedData} row makes the transferable from the {@code byte[]} inside the timed
 * operation ({@code fromList} copies the bytes once, on the sender); the send itself moves them
 * without a copy, and the worker materializes them.
 */
public final class IsolateCopyCost {
  private IsolateCopyCost() {}

  /** How many elements are sent: 10 M. */
  static final int ELEMENTS = 10_000_000;

  /** How many timed runs each row's medians are taken over. */
  static final int RUNS = 5;

  /** The rows of the lecture's table. */
  public enum Sent {
    CLOSURE_LIST("Isolate.run, closure captures a List<int>"),
    CLOSURE_BYTES("Isolate.run, closure captures a Uint8List (10 MB)"),
    SEND_LIST("SendPort.send(List<int>) to a long-lived isolate"),
    SEND_BYTES("SendPort.send(Uint8List)"),
    SEND_TRANSFERABLE("SendPort.send(TransferableTypedData)"),
    EMPTY_RUN("Empty Isolate.run(() => 0)");

    final String label;

    Sent(String label) {
      this.label = label;
    }

    /** Whether the row's largest timer gap is part of the table (not for the empty run). */
    boolean hasGap() {
      return this != EMPTY_RUN;
    }

    boolean needsList() {
      return this == CLOSURE_LIST || this == SEND_LIST;
    }

    boolean needsWorker() {
      return this == SEND_LIST || this == SEND_BYTES || this == SEND_TRANSFERABLE;
    }

    /** What the worker answers: the length sent, or the empty run's 0. */
    Object expectedAnswer() {
      return this == EMPTY_RUN ? 0 : ELEMENTS;
    }
  }

  /** The table's cell for a gap it does not give. */
  static final String NO_GAP = "—";

  /**
   * One row's medians, in milliseconds.
   *
   * @param millis the median time
   * @param largestGapMillis the median largest timer gap, or null where the table has none
   */
  public record Cost(double millis, Double largestGapMillis) {}

  /**
   * Measures {@code rows} on the calling isolate, in the table's order. Call it from an async body
   * (the program's, or {@code Dart.run}'s).
   */
  public static Map<Sent, Cost> measure(Set<Sent> rows) throws Exception {
    final List<Integer> list =
        rows.stream().anyMatch(Sent::needsList) ? DartLists.generate(ELEMENTS, i -> i) : null;
    final byte[] bytes = new byte[ELEMENTS];
    final Worker worker =
        rows.stream().anyMatch(Sent::needsWorker)
            ? await(Worker.spawn(IsolateCopyCost::lengthOf))
            : null;
    final FrameTimer frames = FrameTimer.start();
    final Map<Sent, Cost> costs = new EnumMap<>(Sent.class);
    try {
      for (Sent row : EnumSet.copyOf(rows)) {
        Callable<DFuture<Object>> send =
            switch (row) {
              case CLOSURE_LIST -> () -> lengthInIsolate(list);
              case CLOSURE_BYTES -> () -> lengthInIsolate(bytes);
              case SEND_LIST -> () -> worker.request(list);
              case SEND_BYTES -> () -> worker.request(bytes);
              case SEND_TRANSFERABLE ->
                  () -> worker.request(TransferableTypedData.fromList(List.of(bytes)));
              case EMPTY_RUN -> () -> Isolate.run(() -> 0);
            };
        costs.put(row, measureRow(row, frames, send));
      }
    } finally {
      frames.cancel();
      if (worker != null) {
        worker.close();
      }
    }
    return costs;
  }

  /** One untimed run, then {@link #RUNS} timed ones; each must give the expected answer. */
  private static Cost measureRow(Sent row, FrameTimer frames, Callable<DFuture<Object>> send)
      throws Exception {
    Callable<DFuture<Object>> checked = () -> send.call().then(answer -> expect(row, answer));
    frames.time(checked);
    List<Double> times = new ArrayList<>();
    List<Double> gaps = new ArrayList<>();
    for (int run = 0; run < RUNS; run++) {
      FrameTimer.Timed timed = frames.time(checked);
      times.add(timed.millis());
      gaps.add(timed.largestGapMillis());
    }
    return new Cost(Median.of(times), row.hasGap() ? Median.of(gaps) : null);
  }

  private static Object expect(Sent row, Object answer) {
    if (!row.expectedAnswer().equals(answer)) {
      throw new StateError(row.label + ": expected " + row.expectedAnswer() + " back, got " + answer);
    }
    return answer;
  }

  /** The worker's answer: the length of what it was sent. */
  static Object lengthOf(Object message) {
    return switch (message) {
      case List<?> xs -> xs.size();
      case byte[] bs -> bs.length;
      case TransferableTypedData t -> t.materialize().remaining();
      default -> throw new IllegalArgumentException("cannot measure " + message);
    };
  }

  /** Sends {@code xs} to a new isolate in the computation's closure (it captures only {@code xs}). */
  static DFuture<Object> lengthInIsolate(List<Integer> xs) {
    return Isolate.run(() -> xs.size());
  }

  /** Sends {@code bytes} to a new isolate in the computation's closure. */
  static DFuture<Object> lengthInIsolate(byte[] bytes) {
    return Isolate.run(() -> bytes.length);
  }

  /** The heading and the legend printed above the table. */
  static final List<String> HEADING =
      List.of(
          "What it costs to send data to an isolate: 10 M elements sent to a worker and back,"
              + " the length as the reply,",
          "while a 16 ms timer runs. Median of 5 (a largest gap under 16 ms means no tick was late).",
          "In Java, List<int> is List<Integer> and Uint8List is byte[].",
          "");

  /** The lecture's column headings. */
  static final String TIME = "Time";

  static final String GAP = "Largest timer gap";

  public static void program() throws Exception {
    Map<Sent, Cost> costs = measure(EnumSet.allOf(Sent.class));
    HEADING.forEach(line -> print(line));
    int labelWidth = Columns.widest(Arrays.stream(Sent.values()).map(s -> s.label).toList());
    print(
        Columns.join(
            List.of(
                Columns.left("What was sent (10 M elements)", labelWidth),
                Columns.right(TIME, Columns.FIGURE),
                GAP)));
    for (Map.Entry<Sent, Cost> entry : costs.entrySet()) {
      Sent row = entry.getKey();
      Cost cost = entry.getValue();
      String gap =
          cost.largestGapMillis() == null ? NO_GAP : Columns.wholeMillis(cost.largestGapMillis());
      print(
          Columns.join(
              List.of(
                  Columns.left(row.label, labelWidth),
                  Columns.right(Columns.millis(cost.millis()), Columns.FIGURE),
                  Columns.right(gap, GAP.length()))));
    }
  }

  public static void main(String[] args) {
    Dart.runMain(IsolateCopyCost::program);
  }
}
