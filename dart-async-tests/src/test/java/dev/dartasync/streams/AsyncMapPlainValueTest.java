package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.BOOM;
import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;
import static dev.dartasync.streams.OperatorTesting.syncSource;

import dev.dartasync.Completer;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.Timer;
import dev.dartasync.testing.Log;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * asyncMap with Dart's {@code FutureOr} result ({@code asyncMapFutureOr}): stream.dart {@code
 * Stream.asyncMap} checks {@code newValue is Future<E>}: only then {@code subscription.pause()}
 * and {@code newValue.then(add, onError: addError).whenComplete(resume)}; any other value is
 * {@code controller.add(newValue)} at once, the source not paused. The controller is a sync one
 * ({@code _SyncStreamController}), so a plain value reaches the listener inside the source's
 * delivery.
 */
class AsyncMapPlainValueTest {

  private final Log log = new Log();

  @Test
  @DisplayName("plain values: delivered inside the source's event, the source never paused")
  void plainValuesDoNotPause() {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(log);
          DStream<Integer> mapped = c.stream().asyncMapFutureOr(v -> v * 10);
          record(mapped, log);
          c.add(1);
          log.add("after 1");
          c.add(2);
          log.add("after 2");
          c.close();
        });
    log.assertOutput("listen 10 after 1 20 after 2 cancel done");
  }

  @Test
  @DisplayName("a DFuture result pauses the source until it completes, as asyncMap does")
  void futureResultPauses() {
    Dart.run(
        () -> {
          Completer<Integer> completer = Completer.sync();
          StreamController<Integer> c = syncSource(log);
          record(c.stream().<Integer>asyncMapFutureOr(v -> completer.future()), log);
          c.add(1);
          log.add("before complete");
          completer.complete(10);
          log.add("after complete");
        });
    log.assertOutput("listen pause before complete 10 resume after complete");
  }

  @Test
  @DisplayName("mixed results, async source: a plain value passes at once, a future holds the next events")
  void mixedOrder() {
    // Events 1 and 3 are plain, 2 a future completed later (by a timer): 1 at once; 2 pauses the
    // source, so 3 waits in the source's buffer until 2's future completed and the source resumed.
    Dart.run(
        () -> {
          Completer<Integer> two = Completer.sync();
          StreamController<Integer> c = asyncSource(log);
          record(
              c.stream()
                  .<Integer>asyncMapFutureOr(
                      v -> {
                        log.add("convert " + v);
                        return v == 2 ? two.future() : v * 10;
                      }),
              log);
          addAll(c, 1, 2, 3);
          Dart.scheduleMicrotask(() -> log.add("m1"));
          Dart.scheduleMicrotask(() -> log.add("m2"));
          Dart.scheduleMicrotask(() -> log.add("m3"));
          Timer.run(
              () -> {
                log.add("complete 2");
                two.complete(20);
              });
        });
    // The buffered events take one microtask each, requeued behind m1..m3; the timer runs when
    // no microtask is left, with 2 converted and the source paused.
    log.assertOutput(
        "listen convert 1 10 m1 m2 m3 convert 2 pause complete 2 20 convert 3 30 cancel done");
  }

  @Test
  @DisplayName("a throwing function gives an error event; a null result a null event, no pause")
  void throwingAndNull() {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(log);
          record(
              c.stream()
                  .asyncMapFutureOr(
                      v -> {
                        if (v == 1) {
                          throw BOOM;
                        }
                        return null;
                      }),
              log);
          c.add(1);
          c.add(2);
          c.close();
        });
    log.assertOutput("listen error Exception: boom null cancel done");
  }
}
