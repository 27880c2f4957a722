package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Timer;
import java.time.Duration;

/**
 * Lecture, "Streams: single-subscription vs broadcast, and cancelling" (cancelling). A controller's
 * {@code onCancel} is how the producer learns that the listener went away: the periodic timer stops
 * after 11 events, and the controller is still open. Each Dart line stands as a comment above the
 * Java line that ports it.
 *
 * <p>Java difference: Dart's local {@code var produced}, {@code late final ctrl} and {@code Timer?
 * timer} are captured and reassigned by the closures; Java lambdas capture only effectively final
 * locals, so they are fields here. The count is exact, not timing-dependent: the periodic timer's
 * eleventh deadline (110 ms) comes before the 115 ms delay's, and a late loop fires overdue ticks
 * in deadline order, as Dart's does.
 */
public final class StreamCancel {
  private StreamCancel() {}

  // var produced = 0;
  private static int produced;
  // late final StreamController<int> ctrl;
  private static StreamController<Integer> ctrl;
  // Timer? timer;
  private static Timer timer;

  public static void program() {
    produced = 0;
    timer = null;
    // ctrl = StreamController<int>(
    ctrl =
        new StreamController<Integer>()
            //   onListen: () {
            .onListen(
                () -> {
                  //     print('onListen: start producing');
                  print("onListen: start producing");
                  //     timer = Timer.periodic(const Duration(milliseconds: 10), (_) => ctrl.add(++produced));
                  timer = Timer.periodic(Duration.ofMillis(10), t -> ctrl.add(++produced));
                  //   },
                })
            //   onCancel: () {
            .onCancel(
                () -> {
                  //     print('onCancel: stop producing after $produced events');
                  print(str("onCancel: stop producing after ", produced, " events"));
                  //     timer?.cancel();
                  if (timer != null) {
                    timer.cancel();
                  }
                  //   },
                });
    // );
    // final sub = ctrl.stream.listen((v) => v % 5 == 0 ? print('got $v') : null);
    StreamSubscription<Integer> sub =
        ctrl.stream()
            .listen(
                v -> {
                  if (v % 5 == 0) {
                    print(str("got ", v));
                  }
                });
    // await Future.delayed(const Duration(milliseconds: 115));
    await(DFuture.delayed(Duration.ofMillis(115)));
    // await sub.cancel();
    await(sub.cancel());
    // await Future.delayed(const Duration(milliseconds: 50));
    await(DFuture.delayed(Duration.ofMillis(50)));
    // print('after cancel, produced is still $produced, isClosed=${ctrl.isClosed}');
    print(str("after cancel, produced is still ", produced, ", isClosed=", ctrl.isClosed()));
  }

  public static void main(String[] args) {
    Dart.runMain(StreamCancel::program);
  }
}
