package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;

/**
 * Lecture, "Exercises", 1: write the output order without running it (answer: 4, 2, 3, 1). Each
 * Dart line stands as a comment above the Java line that ports it.
 */
public final class Exercise1 {
  private Exercise1() {}

  // import 'dart:async';
  // void main() {
  public static void program() {
    //   Future(() => print('1'));
    DFuture.run(() -> print("1"));
    //   Future.value().then((_) => print('2'));
    DFuture.value().thenAccept(v -> print("2"));
    //   scheduleMicrotask(() => print('3'));
    scheduleMicrotask(() -> print("3"));
    //   print('4');
    print("4");
    // }
  }

  public static void main(String[] args) {
    Dart.runMain(Exercise1::program);
  }
}
