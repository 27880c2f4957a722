package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;
import static dev.dartasync.WaitOption.eagerError;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StateError;
import dev.dartasync.examples.support.CapturedRun;
import dev.dartasync.examples.support.Stopwatch;
import java.time.Duration;
import java.util.List;

/**
 * Lecture, "Future, async/await and Future.wait, measured", the failure behaviour: "We made the 50
 * ms call throw". The lecture prints only the output; this is the program that prints it (two
 * calls, config at 300 ms and a failing ads call at 50 ms, which the record type
 * {@code (String?, String?)} in the output confirms). Each Dart line stands as a comment above the
 * Java line that ports it.
 */
public final class FutureWaitErrors {
  private FutureWaitErrors() {}

  // Future<String> fetch(String name, int ms) async {
  static DFuture<String> fetch(String name, int ms) {
    return async(
        () -> {
          //   await Future.delayed(Duration(milliseconds: ms));
          await(DFuture.delayed(Duration.ofMillis(ms)));
          //   if (name == 'ads') throw StateError('ads down');
          if (name.equals("ads")) {
            throw new StateError("ads down");
          }
          //   return '$name($ms ms)';
          return str(name, "(", ms, " ms)");
          // }
        });
  }

  // Future<void> main() async {
  public static void program() {
    //   final sw = Stopwatch()..start();
    final Stopwatch sw = Stopwatch.started();
    //   try {
    try {
      //     await Future.wait([fetch('config', 300), fetch('ads', 50)]);
      await(DFuture.wait(List.of(fetch("config", 300), fetch("ads", 50))));
      //   } catch (e) {
    } catch (Exception e) {
      //     print('Future.wait failed after ${sw.elapsedMilliseconds} ms: $e');
      print(str("Future.wait failed after ", sw.elapsedMilliseconds(), " ms: ", e));
      //   }
    }
    //   sw.reset();
    sw.reset();
    //   try {
    try {
      //     await Future.wait([fetch('config', 300), fetch('ads', 50)], eagerError: true);
      await(DFuture.wait(List.of(fetch("config", 300), fetch("ads", 50)), eagerError(true)));
      //   } catch (e) {
    } catch (Exception e) {
      //     print('eagerError: true failed after ${sw.elapsedMilliseconds} ms: $e');
      print(str("eagerError: true failed after ", sw.elapsedMilliseconds(), " ms: ", e));
      //   }
    }
    //   sw.reset();
    sw.reset();
    //   try {
    try {
      //     final (config, ads) = await (fetch('config', 300), fetch('ads', 50)).wait;
      await(DFuture.wait(fetch("config", 300), fetch("ads", 50)));
      //   } on ParallelWaitError catch (e) {
    } catch (ParallelWaitError e) {
      //     print('record .wait failed after ${sw.elapsedMilliseconds} ms: ${e.runtimeType}');
      // Java erases generic types: the value types Dart reifies are named here.
      print(
          str("record .wait failed after ", sw.elapsedMilliseconds(), " ms: ",
              e.runtimeType(String.class, String.class)));
      //   }
    }
    // }
  }

  /** This program's figures: when Future.wait failed, without and with eagerError, in ms. */
  public record Figures(long futureWaitMs, long eagerErrorMs) {}

  /** Runs the program with its prints captured (see {@link CapturedRun}) and reads its figures. */
  public static Figures measure() {
    CapturedRun run = CapturedRun.of(FutureWaitErrors::program);
    return new Figures(
        (long) run.number("^Future\\.wait failed after (\\d+) ms"),
        (long) run.number("^eagerError: true failed after (\\d+) ms"));
  }

  public static void main(String[] args) {
    Dart.runMain(FutureWaitErrors::program);
  }
}
