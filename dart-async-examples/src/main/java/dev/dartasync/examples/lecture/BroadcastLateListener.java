package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import java.time.Duration;

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

  public static void main(String[] args) {
    Dart.runMain(BroadcastLateListener::program);
  }
}
