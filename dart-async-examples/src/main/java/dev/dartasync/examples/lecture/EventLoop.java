package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import java.time.Duration;

/**
 * Lecture, "The event loop: microtasks always go first". Each Dart line stands as a comment
 * above the Java line that ports it.
 */
public final class EventLoop {
  private EventLoop() {}

  // import 'dart:async';
  //
  // void main() {
  public static void program() {
    //   print('A main start');
    print("A main start");
    //   Timer.run(() => print('B Timer.run'));
    Timer.run(() -> print("B Timer.run"));
    //   Future(() => print('C Future(() {...})'));
    DFuture.run(() -> print("C Future(() {...})"));
    //   Future.delayed(Duration.zero, () => print('D Future.delayed(zero)'));
    DFuture.delayed(Duration.ZERO, () -> print("D Future.delayed(zero)"));
    //   scheduleMicrotask(() => print('E scheduleMicrotask'));
    scheduleMicrotask(() -> print("E scheduleMicrotask"));
    //   Future.value(1).then((_) => print('F Future.value(1).then'));
    DFuture.value(1).thenAccept(v -> print("F Future.value(1).then"));
    //   Future.microtask(() {
    DFuture.microtask(
        () -> {
          //     print('G Future.microtask');
          print("G Future.microtask");
          //     scheduleMicrotask(() => print('H microtask queued by a microtask'));
          scheduleMicrotask(() -> print("H microtask queued by a microtask"));
          //   });
        });
    //   () async {
    async(
        () -> {
          //     print('I async body, before the first await');
          print("I async body, before the first await");
          //     await null;
          await(null);
          //     print('J async body, after await null');
          print("J async body, after await null");
          //   }();
        });
    //   print('K main end');
    print("K main end");
    // }
  }

  public static void main(String[] args) {
    Dart.runMain(EventLoop::program);
  }
}
