package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import java.util.List;

/**
 * Lecture, "Streams: single-subscription vs broadcast, and cancelling": "asBroadcastStream() or
 * StreamController.broadcast() allows many listeners (the run printed A got 1, B got 1, A got 2
 * …)". The lecture shows only that output; this is a short program that prints it: a three-event
 * source made broadcast, with two listeners A and B. Each event of the source reaches both
 * listeners synchronously, A first (subscription order), so the lines alternate. Each Dart line
 * stands as a comment above the Java line that ports it.
 */
public final class Broadcast {
  private Broadcast() {}

  // void main() {
  public static void program() {
    //   final numbers = Stream.fromIterable([1, 2, 3]).asBroadcastStream();
    final DStream<Integer> numbers = DStream.fromIterable(List.of(1, 2, 3)).asBroadcastStream();
    //   numbers.listen((v) => print('A got $v'));
    numbers.listen(v -> print(str("A got ", v)));
    //   numbers.listen((v) => print('B got $v'));
    numbers.listen(v -> print(str("B got ", v)));
    // }
  }

  public static void main(String[] args) {
    Dart.runMain(Broadcast::program);
  }
}
