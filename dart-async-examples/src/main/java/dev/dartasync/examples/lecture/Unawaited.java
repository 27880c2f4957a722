package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.examples.support.CapturedRun;
import java.time.Duration;

/**
 * Lecture, "Common mistake: the unawaited future that escapes try/catch" (the mistake). The
 * error arrives 10 ms after the try block ended, reaches no handler, and ends the program with
 * {@code Unhandled exception:} and exit code 255. Each Dart line stands as a comment above the
 * Java line that ports it.
 */
public final class Unawaited {
  private Unawaited() {}

  // Future<void> saveScore(int score) async {
  static DFuture<Void> saveScore(int score) {
    return async(
        () -> {
          //   await Future.delayed(const Duration(milliseconds: 10));
          await(DFuture.delayed(Duration.ofMillis(10)));
          //   throw Exception('disk full while saving $score');
          throw new DartException(str("disk full while saving ", score));
          // }
        });
  }

  // Future<void> main() async {
  @SuppressWarnings("FutureReturnValueIgnored") // The lecture's mistake, on purpose.
  public static void program() {
    //   try {
    try {
      //     saveScore(42); // no await
      saveScore(42); // no await
      //     print('try block finished');
      print("try block finished");
      //   } catch (e) {
    } catch (Exception e) {
      //     print('caught: $e'); // never runs
      print(str("caught: ", e)); // never runs
      //   }
    }
    //   await Future.delayed(const Duration(milliseconds: 50));
    await(DFuture.delayed(Duration.ofMillis(50)));
    //   print('main done'); // never reached either
    print("main done"); // never reached either
    // }
  }

  /**
   * Runs the program with its prints captured (see {@link CapturedRun}) and returns the error that
   * ended it uncaught (with {@code Dart.runMain}: exit code 255), or null if none did.
   */
  public static Throwable uncaughtError() {
    return CapturedRun.of(Unawaited::program).uncaught();
  }

  public static void main(String[] args) {
    Dart.runMain(Unawaited::program);
  }
}
