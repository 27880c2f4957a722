package dev.dartasync.streams;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.awaitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.internal.Testing;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@code async*} body passes its yield without parking when the microtask that resumes it is
 * the next thing to run anyway (VM async_patch.dart {@code _AsyncStarStreamController.add}: the
 * yield schedules the generator and suspends), and nothing a program can see changes. Each program
 * runs with the park (the plain path) and without, and must print the same lines.
 */
@Timeout(60)
class AsyncStarWithoutParkTest extends BothWays {

  private static DStream<Integer> count(int n) {
    return Dart.asyncStar(
        (AsyncStarSink<Integer> sink) -> {
          for (int i = 1; i <= n; i++) {
            sink.yield(i);
          }
        });
  }

  /** Body mounts per yield of 1,000 yields, consumed by a plain listener or by await for. */
  private double mountsPerYield(boolean inline, boolean awaitFor) {
    double[] perYield = new double[1];
    run(
        inline,
        () -> {
          long before = Testing.bodyMounts();
          long[] sum = new long[1];
          if (awaitFor) {
            awaitFor(count(1000), v -> (sum[0] += v) > 0);
          } else {
            await(count(1000).forEach(v -> sum[0] += v));
          }
          assertEquals(500_500, sum[0]);
          perYield[0] = (Testing.bodyMounts() - before) / 1000.0;
        });
    return perYield[0];
  }

  @Test
  @DisplayName("under a plain listener, 1,000 yields do not park the generator")
  void plainListenerNoPark() {
    assertTrue(mountsPerYield(false, false) >= 1.0, "the plain path parks per yield");
    double inline = mountsPerYield(true, false);
    assertTrue(inline < 0.01, "body mounts per yield: " + inline);
  }

  @Test
  @DisplayName("under await for, one hand-off each way per yield instead of three mounts")
  void awaitForOneHandOffEachWay() {
    // The consumer must run between two yields, so the generator and the loop each mount once
    // per element; the generator's own microtask hop no longer adds a third.
    assertTrue(mountsPerYield(false, true) >= 2.9, "the plain path: three mounts per yield");
    double inline = mountsPerYield(true, true);
    assertTrue(inline <= 2.1, "body mounts per yield: " + inline);
  }

  @Test
  @DisplayName("yields interleave with the listener's and another body's microtasks as with parks")
  void interleaving() {
    same(
        () -> {
          DFuture<Void> other =
              Dart.async(
                  () -> {
                    for (int i = 1; i <= 4; i++) {
                      print("o" + i);
                      await(null);
                    }
                  });
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    for (int i = 1; i <= 3; i++) {
                      print("yield " + i);
                      sink.yield(i);
                      print("after " + i);
                    }
                  });
          await(
              gen.forEach(
                  v -> {
                    print("got " + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                  }));
          print("end");
          await(other);
        });
  }

  @Test
  @DisplayName("pause, resume and cancel at a yield (finally runs, cancel waits): same order")
  void pauseResumeCancel() {
    same(
        () -> {
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    try {
                      for (int i = 1; ; i++) {
                        print("yield " + i);
                        sink.yield(i);
                      }
                    } finally {
                      print("finally");
                    }
                  });
          StreamSubscription<Integer>[] sub = new StreamSubscription[1];
          sub[0] =
              gen.listen(
                  v -> {
                    print("got " + v);
                    if (v == 2) {
                      sub[0].pause();
                      Dart.scheduleMicrotask(
                          () -> {
                            print("resume");
                            sub[0].resume();
                          });
                    }
                    if (v == 4) {
                      sub[0].cancel().then(
                          ignored -> {
                            print("cancelled");
                            return null;
                          });
                    }
                  });
        });
  }

  @Test
  @DisplayName("a generator that awaits, yields all of a stream, throws: same order")
  void awaitsYieldAllAndThrow() {
    same(
        () -> {
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(1);
                    await(null);
                    print("awaited");
                    sink.yieldAll(DStream.fromIterable(List.of(10, 20)));
                    sink.yield(2);
                    throw new DartException("boom");
                  });
          gen.listen(
              v -> {
                print("got " + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
              },
              (Throwable e, dev.dartasync.StackTrace st) -> print("error " + e.getMessage()),
              () -> print("done"),
              false);
        });
  }

  @Test
  @DisplayName("a generator fed by await for over a buffered stream, consumed by await for")
  void generatorOverAwaitFor() {
    List<String> lines =
        same(
            () -> {
              StreamController<Integer> source = new StreamController<>();
              source.onPause(() -> print("source pause")).onResume(() -> print("source resume"));
              for (int i = 1; i <= 3; i++) {
                source.add(i);
              }
              source.close();
              DStream<Integer> doubled =
                  Dart.asyncStar(
                      (AsyncStarSink<Integer> sink) ->
                          awaitFor(
                              source.stream(),
                              v -> {
                                print("in " + v);
                                sink.yield(v * 2);
                                return true;
                              }));
              awaitFor(
                  doubled,
                  v -> {
                    print("out " + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    return true;
                  });
              print("end");
            });
    assertTrue(lines.contains("out 6"), lines.toString());
  }
}
