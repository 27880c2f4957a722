package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.examples.support.Stopwatch;
import dev.dartasync.fakeasync.FakeAsync;
import java.util.ArrayList;
import java.util.List;

/**
 * The lecture's future-wait program ({@link FutureWait}) under {@link FakeAsync}: its delays are
 * timers on a fake clock and its stopwatch reads that clock, so it prints the durations of its
 * timers exactly ({@code -> 600 ms}, {@code -> 300 ms}, {@code -> 300 ms}) and takes no real time
 * waiting for them. {@code flushTimers} runs the timers in order until none is left, and the
 * program's own awaits go on in between.
 */
public final class FutureWaitFake {
  private FutureWaitFake() {}

  /** Runs the program under FakeAsync; its prints go to {@code print}. */
  public static void program() {
    FakeAsync.run(
        fake -> {
          DFuture<Void> done =
              async(() -> FutureWait.program(() -> Stopwatch.started(() -> fake.elapsed().toNanos())));
          fake.flushTimers();
          await(done);
        });
  }

  /** Runs {@link #program()} with its prints captured, for tests; not on an isolate. */
  public static List<String> captured() {
    List<String> lines = new ArrayList<>();
    ZoneSpecification capture =
        ZoneSpecification.builder().print((self, parent, zone, line) -> lines.add(line)).build();
    FakeAsync.run(
        fake -> {
          DFuture<Void> done =
              Dart.runZoned(
                  () ->
                      async(
                          () ->
                              FutureWait.program(
                                  () -> Stopwatch.started(() -> fake.elapsed().toNanos()))),
                  null,
                  capture);
          fake.flushTimers();
          await(done);
        });
    return List.copyOf(lines);
  }

  public static void main(String[] args) {
    program();
  }
}
