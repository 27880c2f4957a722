package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.examples.support.CapturedRun;
import dev.dartasync.examples.support.Stopwatch;
import dev.dartasync.examples.support.TextBar;
import dev.dartasync.isolate.Isolate;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Lecture, "Isolates: measuring a blocked main isolate": a 16 ms "frame" timer runs while the
 * primes below 3,000,000 are counted, first on the main isolate (no tick fires during the work, the
 * largest gap is the work itself), then in {@code Isolate.run} (the timer keeps ticking). Each Dart
 * line stands as a comment above the Java line that ports it. After the lecture's two lines, the
 * program draws the lecture's bar chart of the two largest gaps as text.
 *
 * <p>Java differences: a lambda cannot assign the locals it uses, so the timer's three counters
 * live in one small object; {@code measure} returns the largest gap (Dart's returns nothing), for
 * the chart; and {@code main} starts with one {@code Isolate.run} that it does not measure: a
 * JVM's first {@code Isolate.run} blocks its caller for about 100 ms on a 2-core machine while the
 * message copier's classes load and link (the first copy of a lambda alone took 50 to 70 ms),
 * which would show as Isolate.run's largest gap (84 to 111 ms instead of about 20 in our runs).
 *
 * <p>Not in the lecture: after that warm-up, {@code main} turns on the blocked-loop detector for
 * its own isolate ({@code Isolate.setBlockedLoopThreshold}, 100 ms), so the main-isolate run also
 * logs the detector's two WARN lines (the stall, with the stack of {@code countPrimes}, and its
 * end) and the {@code Isolate.run} run, whose main isolate keeps returning to its loop, logs none.
 */
public final class IsolateHeartbeat {
  private IsolateHeartbeat() {}

  /** The longest bar of the chart, in full blocks (at most). */
  static final int CHART_WIDTH = 48;

  // int countPrimes(int n) {
  static int countPrimes(int n) {
    //   var count = 0;
    var count = 0;
    //   for (var i = 2; i < n; i++) {
    for (var i = 2; i < n; i++) {
      //     var prime = true;
      var prime = true;
      //     for (var d = 2; d * d <= i; d++) {
      for (var d = 2; d * d <= i; d++) {
        //       if (i % d == 0) { prime = false; break; }
        if (i % d == 0) {
          prime = false;
          break;
        }
        //     }
      }
      //     if (prime) count++;
      if (prime) {
        count++;
      }
      //   }
    }
    //   return count;
    return count;
    // }
  }

  // Future<void> measure(String label, Future<int> Function() work) async {
  static DFuture<Long> measure(String label, Callable<DFuture<Integer>> work) {
    return async(
        () -> {
          //   final sw = Stopwatch()..start();
          final Stopwatch sw = Stopwatch.started();
          //   var last = 0, maxGap = 0, ticks = 0;
          final var s =
              new Object() {
                long last = 0;
                long maxGap = 0;
                long ticks = 0;
              };
          //   final t = Timer.periodic(const Duration(milliseconds: 16), (_) {
          final Timer t =
              Timer.periodic(
                  Duration.ofMillis(16),
                  ignored -> {
                    //     final now = sw.elapsedMilliseconds;
                    final long now = sw.elapsedMilliseconds();
                    //     if (now - last > maxGap) maxGap = now - last;
                    if (now - s.last > s.maxGap) {
                      s.maxGap = now - s.last;
                    }
                    //     last = now;
                    s.last = now;
                    //     ticks++;
                    s.ticks++;
                    //   });
                  });
          //   await Future.delayed(const Duration(milliseconds: 100)); // settle
          await(DFuture.delayed(Duration.ofMillis(100))); // settle
          //   final start = sw.elapsedMilliseconds;
          final long start = sw.elapsedMilliseconds();
          //   final ticksBefore = ticks;
          final long ticksBefore = s.ticks;
          //   final result = await work();
          final int result = await(work.call());
          //   final took = sw.elapsedMilliseconds - start;
          final long took = sw.elapsedMilliseconds() - start;
          //   final ticksDuring = ticks - ticksBefore;
          final long ticksDuring = s.ticks - ticksBefore;
          //   await Future.delayed(const Duration(milliseconds: 50));
          await(DFuture.delayed(Duration.ofMillis(50)));
          //   t.cancel();
          t.cancel();
          //   print('$label: result=$result, work took $took ms, '
          //       'ticks during work=$ticksDuring (expected ~${took ~/ 16}), '
          //       'max heartbeat gap=$maxGap ms');
          print(
              str(label, ": result=", result, ", work took ", took, " ms, ")
                  + str("ticks during work=", ticksDuring, " (expected ~", took / 16, "), ")
                  + str("max heartbeat gap=", s.maxGap, " ms"));
          // }
          return s.maxGap; // Java port: the largest gap, for the chart.
        });
  }

  /**
   * The lecture's program, with the blocked-loop detector on for the main isolate (not in the
   * lecture).
   */
  public static void program() {
    lectureProgram(true);
  }

  /**
   * The lecture's program.
   *
   * @param watchLoop whether to turn on the blocked-loop detector for the main isolate (the example
   *     does; {@link #measureGaps}, for the decision table, does not: its lines would stand in that
   *     example's output)
   */
  // Future<void> main() async {
  static void lectureProgram(boolean watchLoop) {
    // (Java port: the first Isolate.run of a JVM blocks its caller for about 100 ms while the
    // message copier's classes load and link; the Dart VM has its copier ready. Done here, before
    // the measurements, so that the Isolate.run line measures isolates, not the JVM's warm-up.)
    await(Isolate.run(() -> 0));
    // (Java port, not in the lecture: the blocked-loop detector, on for the main isolate from here
    // with a 100 ms threshold (the runner starts the examples with it off). The main-isolate
    // measurement blocks the loop for the whole work and gets its WARN lines, with the stack of
    // countPrimes; the Isolate.run measurement gets none, as the main isolate keeps its loop.)
    if (watchLoop) {
      Isolate.current().setBlockedLoopThreshold(Duration.ofMillis(100));
    }
    //   const n = 3000000;
    final int n = 3000000;
    //   await measure('main isolate   ', () async => countPrimes(n));
    final long blocked = await(measure("main isolate   ", () -> async(() -> countPrimes(n))));
    //   await measure('Isolate.run    ', () => Isolate.run(() => countPrimes(n)));
    final long inIsolate =
        await(measure("Isolate.run    ", () -> Isolate.run(() -> countPrimes(n))));
    // }
    printChart(blocked, inIsolate);
  }

  /**
   * The lecture's figure: the two largest gaps as bars, on one scale of whole milliseconds per block
   * that fits the longer bar in {@link #CHART_WIDTH} blocks (the lecture's gaps: 8 ms per block).
   */
  static void printChart(long blockedGap, long isolateGap) {
    final long msPerBlock = Math.max(1, Math.ceilDiv(Math.max(blockedGap, isolateGap), CHART_WIDTH));
    print("");
    print(
        str(
            "Largest gap between ticks of a 16 ms timer while counting primes below 3,000,000",
            " (█ = ",
            msPerBlock,
            " ms):"));
    print(str("main isolate    ", TextBar.bar(blockedGap, msPerBlock), " ", blockedGap, " ms"));
    print(str("Isolate.run     ", TextBar.bar(isolateGap, msPerBlock), " ", isolateGap, " ms"));
  }

  /** The largest heartbeat gaps of one run: on the main isolate and with {@code Isolate.run}. */
  public record Gaps(long mainIsolateMs, long isolateRunMs) {}

  /**
   * Runs the program, without the detector, with its prints captured (see {@link CapturedRun}) and
   * reads its two gaps.
   */
  public static Gaps measureGaps() {
    CapturedRun run = CapturedRun.of(() -> lectureProgram(false));
    return new Gaps(
        (long) run.number("^main isolate   : .*max heartbeat gap=(\\d+) ms"),
        (long) run.number("^Isolate.run    : .*max heartbeat gap=(\\d+) ms"));
  }

  public static void main(String[] args) {
    Dart.runMain(IsolateHeartbeat::program);
  }
}
