package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;
import static dev.dartasync.streams.OperatorTesting.syncSource;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** asyncExpand (stream.dart {@code Stream.asyncExpand}; dart-semantics §6.6). */
class AsyncExpandTest {

  private final Log log = new Log();

  @Test
  @DisplayName("each event's stream is added in its place; null adds nothing")
  void expands() {
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of(1, 2, 3))
                    .asyncExpand(v -> v == 2 ? null : DStream.fromIterable(List.of(v, v * 10))),
                log));
    log.assertOutput("1 10 3 30 done");
  }

  @Test
  @DisplayName("the source is paused while a stream is added (its onResume never comes)")
  void pausesTheSource() {
    // asyncExpand: subscription.pause(); controller.addStream(s).whenComplete(subscription.resume).
    // resume with buffered events keeps the input paused (stream_impl.dart), hence no onResume.
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().asyncExpand(v -> DStream.fromIterable(List.of(v, v))), log);
          addAll(c, 1, 2);
        });
    log.assertOutput("listen pause 1 1 2 2 cancel done");
  }

  @Test
  @DisplayName("errors of the source, of convert and of the added stream are all error events")
  void errors() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          record(
              c.stream()
                  .asyncExpand(
                      v -> {
                        if (v == 1) {
                          throw new DartException("boom");
                        }
                        return DStream.error(new DartException("inner"));
                      }),
              log);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2);
        });
    log.assertOutput(
        "error Exception: boom error Exception: x error Exception: inner done");
  }

  @Test
  @DisplayName("cancel: the added stream is cancelled first, the source after that cancel")
  void cancelWhileAdding() {
    // _StreamController._recordCancel: addState.cancel() then result.whenComplete(onCancel);
    // _AddStreamState.cancel: addSubscription.cancel().whenComplete(...), a microtask later.
    Dart.run(
        () -> {
          StreamController<Integer> inner =
              new StreamController<Integer>()
                  .onListen(() -> log.add("inner listen"))
                  .onCancel(() -> log.add("inner cancel"));
          StreamController<Integer> c = syncSource(log);
          StreamSubscription<Integer> s = record(c.stream().asyncExpand(v -> inner.stream()), log);
          c.add(1);
          s.cancel();
          log.add("after cancel");
        });
    log.assertOutput("listen inner listen pause inner cancel after cancel cancel");
  }
}
