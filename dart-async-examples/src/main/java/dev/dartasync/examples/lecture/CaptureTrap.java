package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.Dart;
import dev.dartasync.examples.support.DartLists;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import java.util.List;

/**
 * Lecture, "Common mistake: the closure that captures too much" (the mistake): the computation
 * given to {@code Isolate.run} only uses {@code numbers}, yet it cannot be sent, because it also
 * holds the {@code ReceivePort}. The program ends with {@code Unhandled exception:}, the error's
 * text and its retaining path (exit code 255). Each Dart line stands as a comment above the Java
 * line that ports it.
 *
 * <p><b>The Java form of the trap.</b> In Dart, closures created in one scope share one context
 * object: the closure passed to {@code Isolate.run} uses only {@code numbers}, but the context
 * also holds {@code port}, which {@code cleanUp} uses. A Java lambda captures only the variables
 * it uses, so a local {@code port} would not be captured. Java's way into the same trap is the
 * Flutter one the lecture mentions, "often the State object itself": a lambda in an instance
 * method that uses a field captures {@code this}, and {@code this} holds every field, the port
 * included. So here {@code main}'s locals are the fields of an object, and {@code main}'s body is
 * its instance method. The retaining path then names Java's holders instead of Dart's context and
 * closure: the port in that object, the object as the lambda's {@code this}, the lambda in {@code
 * Isolate.run}'s message. The fix is {@link CaptureTrapFixed}.
 */
public final class CaptureTrap {
  // import 'dart:isolate';
  //
  // Future<void> main() async {
  //   final port = ReceivePort(); // something your State object owns
  private final ReceivePort port = new ReceivePort(); // something your State object owns
  //   final numbers = List<int>.generate(1000, (i) => i);
  private final List<Integer> numbers = DartLists.generate(1000, i -> i);

  //   void cleanUp() => port.close(); // another closure captures `port`
  private void cleanUp() {
    port.close(); // another method uses `port`
  }

  // (main's body, as an instance method: its locals are the fields above)
  private void mainBody() {
    //   final sum = await Isolate.run(() => numbers.reduce((a, b) => a + b));
    final int sum = await(Isolate.run(() -> DartLists.reduce(numbers, (a, b) -> a + b)));
    //   print('sum = $sum');
    print(str("sum = ", sum));
    //   cleanUp();
    cleanUp();
    // }
  }

  public static void program() {
    new CaptureTrap().mainBody();
  }

  public static void main(String[] args) {
    Dart.runMain(CaptureTrap::program);
  }
}
