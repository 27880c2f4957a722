package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.examples.support.CapturedRun;
import dev.dartasync.examples.support.Stopwatch;
import io.vavr.Tuple3;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * Lecture, "Future, async/await and Future.wait, measured": three independent calls awaited one
 * after another, then with Future.wait, then with the record {@code .wait}. Each Dart line stands as
 * a comment above the Java line that ports it.
 */
public final class FutureWait {
  private FutureWait() {}

  // Future<String> fetch(String name, int ms) async {
  static DFuture<String> fetch(String name, int ms) {
    return async(
        () -> {
          //   await Future.delayed(Duration(milliseconds: ms));
          await(DFuture.delayed(Duration.ofMillis(ms)));
          //   return '$name($ms ms)';
          return str(name, "(", ms, " ms)");
          // }
        });
  }

  public static void program() {
    program(Stopwatch::started);
  }

  /**
   * The program with its stopwatch from {@code stopwatch} (a started one): FutureWaitFake passes
   * one on fake time.
   */
  // Future<void> main() async {
  public static void program(Supplier<Stopwatch> stopwatch) {
    //   final sw = Stopwatch()..start();
    final Stopwatch sw = stopwatch.get();
    //   final a = await fetch('config', 300);
    final String a = await(fetch("config", 300));
    //   final b = await fetch('user', 200);
    final String b = await(fetch("user", 200));
    //   final c = await fetch('ads', 100);
    final String c = await(fetch("ads", 100));
    //   print('sequential: $a $b $c -> ${sw.elapsedMilliseconds} ms');
    print(str("sequential: ", a, " ", b, " ", c, " -> ", sw.elapsedMilliseconds(), " ms"));
    //
    //   sw.reset();
    sw.reset();
    //   final r = await Future.wait([fetch('config', 300), fetch('user', 200), fetch('ads', 100)]);
    final List<String> r =
        await(DFuture.wait(List.of(fetch("config", 300), fetch("user", 200), fetch("ads", 100))));
    //   print('Future.wait: $r -> ${sw.elapsedMilliseconds} ms');
    print(str("Future.wait: ", r, " -> ", sw.elapsedMilliseconds(), " ms"));
    //
    //   sw.reset();
    sw.reset();
    //   final (x, y, z) = await (fetch('config', 300), fetch('user', 200), fetch('ads', 100)).wait;
    final Tuple3<String, String, String> xyz =
        await(DFuture.wait(fetch("config", 300), fetch("user", 200), fetch("ads", 100)));
    //   print('record .wait: $x $y $z -> ${sw.elapsedMilliseconds} ms');
    print(
        str("record .wait: ", xyz._1, " ", xyz._2, " ", xyz._3, " -> ", sw.elapsedMilliseconds(),
            " ms"));
    // }
  }

  /** This program's figures: the sequential awaits and the record {@code .wait}, in ms. */
  public record Figures(long sequentialMs, long recordWaitMs) {}

  /** Runs the program with its prints captured (see {@link CapturedRun}) and reads its figures. */
  public static Figures measure() {
    CapturedRun run = CapturedRun.of(() -> program());
    return new Figures(
        (long) run.number("^sequential: .* -> (\\d+) ms$"),
        (long) run.number("^record \\.wait: .* -> (\\d+) ms$"));
  }

  public static void main(String[] args) {
    Dart.runMain(() -> program());
  }
}
