package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamTransformer;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * transform and StreamTransformer.fromHandlers / fromBind (stream_transformers.dart {@code
 * _StreamHandlerTransformer}, {@code _HandlerEventSink}, {@code _SinkTransformerStreamSubscription};
 * dart-semantics §6.6).
 */
class TransformerTest {

  private final Log log = new Log();

  /** Runs a source of 1, the error "x", 2 and done through {@code transformer}. */
  private <T> void run(StreamTransformer<Integer, T> transformer) {
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().transform(transformer), log);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2);
        });
  }

  @Test
  @DisplayName("the handlers get every event and write the output synchronously")
  void handlers() {
    run(
        StreamTransformer.<Integer, String>fromHandlers(
            (v, sink) -> {
              sink.add("a" + v);
              sink.add("b" + v);
            },
            (e, st, sink) -> sink.add("caught " + e),
            sink -> {
              sink.add("end");
              sink.close();
            }));
    log.assertOutput("listen a1 b1 caught Exception: x a2 b2 cancel end done");
  }

  @Test
  @DisplayName("without handlers every event passes unchanged")
  void noHandlers() {
    run(StreamTransformer.<Integer, Integer>fromHandlers(null, null, null));
    log.assertOutput("listen 1 error Exception: x 2 cancel done");
  }

  @Test
  @DisplayName("sink.close() in a handler: output done, source cancelled, later input ignored")
  void closeInHandler() {
    run(
        StreamTransformer.<Integer, Integer>fromHandlers(
            (v, sink) -> sink.close(), null, null));
    log.assertOutput("listen cancel done");
  }

  @Test
  @DisplayName("a throwing handler: its error is an output error event")
  void throwingHandler() {
    run(
        StreamTransformer.<Integer, Integer>fromHandlers(
            (v, sink) -> {
              throw new DartException("boom " + v);
            },
            null,
            null));
    log.assertOutput(
        "listen error Exception: boom 1 error Exception: x error Exception: boom 2 cancel done");
  }

  @Test
  @DisplayName("adding after close: Bad state: Stream is already closed, uncaught in the zone")
  void addAfterClose() {
    // _SinkTransformerStreamSubscription._add throws; _handleData's catch calls _addError, which
    // throws again, out of the source's onData: the listener zone's uncaught-error handling.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          runZonedGuarded(
              () ->
                  record(
                      c.stream()
                          .transform(
                              StreamTransformer.<Integer, Integer>fromHandlers(
                                  (v, sink) -> {
                                    sink.close();
                                    sink.add(v);
                                  },
                                  null,
                                  null)),
                      log),
              (e, st) -> log.add("uncaught " + e));
          c.add(1);
        });
    log.assertOutput("done uncaught Bad state: Stream is already closed");
  }

  @Test
  @DisplayName("fromBind: transform calls the function with the stream")
  void fromBind() {
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of(1, 2))
                    .transform(
                        StreamTransformer.<Integer, Integer>fromBind(s -> s.map(v -> v + 1))),
                log));
    log.assertOutput("2 3 done");
  }
}
