package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;
import static dev.dartasync.streams.OperatorTesting.syncSource;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** asyncMap (stream.dart {@code Stream.asyncMap}; dart-semantics §6.6). */
class AsyncMapTest {

  private final Log log = new Log();

  @Test
  @DisplayName("the source is paused while a future is pending; onResume only after its buffer")
  void pausesWhilePending() {
    // asyncMap: subscription.pause(); newValue.then(add, onError: addError).whenComplete(resume).
    // The pause inside onData reaches onPause after the callback; resume with buffered events
    // keeps the input paused (stream_impl.dart), so this source never sees onResume.
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(
              c.stream()
                  .asyncMap(
                      v -> {
                        log.add("convert " + v);
                        return DFuture.value(v * 10);
                      }),
              log);
          addAll(c, 1, 2);
        });
    log.assertOutput("listen convert 1 pause 10 convert 2 20 cancel done");
  }

  @Test
  @DisplayName("the value is delivered inside the future's completion, then the source resumes")
  void deliveredAtCompletion() {
    Dart.run(
        () -> {
          Completer<Integer> completer = Completer.sync();
          StreamController<Integer> c = syncSource(log);
          record(c.stream().asyncMap(v -> completer.future()), log);
          c.add(1);
          log.add("before complete");
          completer.complete(10);
          log.add("after complete");
        });
    log.assertOutput("listen pause before complete 10 resume after complete");
  }

  @Test
  @DisplayName("a throwing convert and a failing future both give error events")
  void errors() {
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(
              c.stream()
                  .asyncMap(
                      v -> {
                        if (v == 1) {
                          throw new DartException("boom");
                        }
                        return v == 2
                            ? DFuture.<Integer>error(new DartException("x"))
                            : DFuture.value(v);
                      }),
              log);
          addAll(c, 1, 2, 3);
        });
    log.assertOutput("listen error Exception: boom pause error Exception: x 3 cancel done");
  }

  @Test
  @DisplayName("a null result is a null data event, without pausing")
  void nullResult() {
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2)).asyncMap(v -> null), log));
    log.assertOutput("null null done");
  }

  @Test
  @DisplayName("cancel while a future is pending: the source is cancelled, the late value dropped")
  void cancelWhilePending() {
    Dart.run(
        () -> {
          Completer<Integer> completer = Completer.sync();
          StreamController<Integer> c = syncSource(log);
          StreamSubscription<Integer> s =
              record(c.stream().asyncMap(v -> completer.future()), log);
          c.add(1);
          s.cancel();
          completer.complete(10);
        });
    log.assertOutput("listen pause cancel");
  }
}
