package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.Dart.str;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import java.time.Duration;

/**
 * Lecture, "Streams: single-subscription vs broadcast, and cancelling" (the {@code ticks(3)}
 * snippet): an {@code async*} stream listened to twice. The second {@code listen} throws {@code
 * Bad state: Stream has already been listened to.} synchronously; the first listener still gets
 * 1, 2, 3. Each Dart line stands as a comment above the Java line that ports it.
 *
 * <p>The lecture elides how its {@code ERROR <type>: <error>} line is printed ({@code // ...});
 * this port runs the snippet in a {@code runZonedGuarded} whose handler prints it, so the
 * uncaught {@code StateError} ends the snippet's synchronous part but not the ticks.
 */
public final class SingleSubscription {
  private SingleSubscription() {}

  // Stream<int> ticks(int n) async* {
  static DStream<Integer> ticks(int n) {
    return asyncStar(
        (AsyncStarSink<Integer> sink) -> {
          //   for (var i = 1; i <= n; i++) {
          for (var i = 1; i <= n; i++) {
            //     await Future.delayed(const Duration(milliseconds: 20));
            await(DFuture.delayed(Duration.ofMillis(20)));
            //     yield i;
            sink.yield(i);
            //   }
          }
          // }
        });
  }

  public static void program() {
    // (elided in the lecture: the snippet runs in a zone that prints uncaught errors as ERROR)
    runZonedGuarded(
        () -> {
          // final s = ticks(3);
          final var s = ticks(3);
          // s.listen((v) => print('first listener: $v'));
          s.listen(v -> print(str("first listener: ", v)));
          // s.listen((v) => print('second listener: $v')); // throws
          s.listen(v -> print(str("second listener: ", v))); // throws
        },
        (e, st) -> print(str("ERROR ", e.getClass().getSimpleName(), ": ", e)));
  }

  public static void main(String[] args) {
    Dart.runMain(SingleSubscription::program);
  }
}
