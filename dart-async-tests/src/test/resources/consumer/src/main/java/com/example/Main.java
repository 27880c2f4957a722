package com.example;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;

public class Main {
  public static void main(String[] args) {
    // Dart.run returns once the event loop has run dry. (Dart.runMain would end the JVM like the
    // dart command does, and under exec:java that JVM is Maven's own.)
    Dart.run(Main::program);
  }

  static void program() {
    print("1 main starts");
    Timer.run(() -> print("5 a timer callback: the next event"));
    scheduleMicrotask(() -> print("3 a microtask: before any event"));
    async(() -> {
      print("2 an async body runs synchronously until its first await");
      int answer = await(answerLater());
      print("4 after the await: " + answer);
    });
  }

  static DFuture<Integer> answerLater() {
    return DFuture.value(42);
  }
}
