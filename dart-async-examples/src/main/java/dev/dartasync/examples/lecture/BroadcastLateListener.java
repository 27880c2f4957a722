package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.examples.support.CapturedRun;
import java.time.Duration;
import java.util.List;

/**
 * Lecture, "Streams: single-subscription vs broadcast, and cancelling": broadcast streams do not
 * buffer, "an event added before anyone listens is gone". The {@code login} event is added while
 * nobody listens and is dropped silently; only {@code purchase} reaches the late listener. Each
 * Dart line stands as a comment above the Java line that ports it.
 */
public final class BroadcastLateListener {
  private BroadcastLateListener() {}

  // Future<void> main() async {
  public static void program() {
    //   final bus = StreamController<String>.broadcast();
    final StreamController<String> bus = StreamController.broadcast();
    //   bus.add('login');            // nobody listening yet
    bus.add("login"); // nobody listening yet
    //   await Future.delayed(Duration.zero);
    await(DFuture.delayed(Duration.ZERO));
    //   bus.stream.listen((e) => print('late listener got: $e'));
    bus.stream().listen(e -> print(str("late listener got: ", e)));
    //   bus.add('purchase');
    bus.add("purchase");
    // }
  }

  /**
   * Runs the program with its prints captured (see {@link CapturedRun}) and returns the events the
   * late listener got, in order.
   */
  public static List<String> lateListenerEvents() {
    String prefix = "late listener got: ";
    return CapturedRun.of(BroadcastLateListener::program).lines().stream()
        .filter(line -> line.startsWith(prefix))
        .map(line -> line.substring(prefix.length()))
        .toList();
  }

  public static void main(String[] args) {
    Dart.runMain(BroadcastLateListener::program);
  }
}
