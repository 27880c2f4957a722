package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.examples.support.DartLists;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import java.util.List;

/**
 * Lecture, "Common mistake: the closure that captures too much", the fix: "create the closure in
 * a small function whose only variables are what you want to send". The rest of {@code main} is
 * the mistake's ({@link CaptureTrap}, whose comment explains the Java form: {@code main}'s locals
 * as fields, its body as an instance method). Here the lambda is written in a static method, so it
 * captures {@code xs} and nothing else. Prints {@code sum = 499500}. Each Dart line stands as a
 * comment above the Java line that ports it.
 */
public final class CaptureTrapFixed {
  // int sumAll(List<int> xs) => xs.reduce((a, b) => a + b);
  static int sumAll(List<Integer> xs) {
    return DartLists.reduce(xs, (a, b) -> a + b);
  }

  // Future<int> sumInIsolate(List<int> xs) => Isolate.run(() => sumAll(xs));
  static DFuture<Integer> sumInIsolate(List<Integer> xs) {
    return Isolate.run(() -> sumAll(xs));
  }

  // (main as in the mistake, but for the line that calls Isolate.run)
  //   final port = ReceivePort(); // something your State object owns
  private final ReceivePort port = new ReceivePort(); // something your State object owns
  //   final numbers = List<int>.generate(1000, (i) => i);
  private final List<Integer> numbers = DartLists.generate(1000, i -> i);

  //   void cleanUp() => port.close(); // another closure captures `port`
  private void cleanUp() {
    port.close(); // another method uses `port`
  }

  private void mainBody() {
    // in main: final sum = await sumInIsolate(numbers);   -> sum = 499500
    final int sum = await(sumInIsolate(numbers));
    //   print('sum = $sum');
    print(str("sum = ", sum));
    //   cleanUp();
    cleanUp();
  }

  public static void program() {
    new CaptureTrapFixed().mainBody();
  }

  public static void main(String[] args) {
    Dart.runMain(CaptureTrapFixed::program);
  }
}
