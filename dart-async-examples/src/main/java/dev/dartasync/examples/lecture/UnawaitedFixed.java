package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import java.time.Duration;

/**
 * Lecture, "Common mistake: the unawaited future that escapes try/catch", the fix: "write await
 * saveScore(42); and the output becomes caught: Exception: disk full while saving 42 followed by
 * main done". Each Dart line stands as a comment above the Java line that ports it.
 */
public final class UnawaitedFixed {
  private UnawaitedFixed() {}

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
  public static void program() {
    //   try {
    try {
      //     await saveScore(42);
      await(saveScore(42));
      //     print('try block finished');
      print("try block finished");
      //   } catch (e) {
    } catch (Exception e) {
      //     print('caught: $e');
      print(str("caught: ", e));
      //   }
    }
    //   await Future.delayed(const Duration(milliseconds: 50));
    await(DFuture.delayed(Duration.ofMillis(50)));
    //   print('main done');
    print("main done");
    // }
  }

  public static void main(String[] args) {
    Dart.runMain(UnawaitedFixed::program);
  }
}
