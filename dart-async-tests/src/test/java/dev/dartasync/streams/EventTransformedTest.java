package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.assertThrowsText;
import static dev.dartasync.streams.OperatorTesting.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Stream.eventTransformed(source, mapSink)} (stream.dart; stream_transformers.dart {@code
 * _BoundSinkStream}, {@code _SinkTransformerStreamSubscription}; dart-semantics §6.5).
 */
class EventTransformedTest {

  @RegisterExtension final Expect ex = new Expect();

  private final Log log = new Log();

  /** An input sink that writes each event twice, errors as data, and "end" before closing. */
  private static EventSink<Integer> doubling(EventSink<String> out) {
    return new EventSink<>() {
      @Override
      public void add(Integer event) {
        out.add("a" + event);
        out.add("b" + event);
      }

      @Override
      public void addError(Throwable error, StackTrace stackTrace) {
        out.add("caught " + error.getMessage());
      }

      @Override
      public void close() {
        out.add("end");
        out.close();
      }
    };
  }

  @Test
  @DisplayName("mapSink runs inside listen before the source is listened to; events pass synchronously; done: source cancelled, then output done")
  void order() {
    // _SinkTransformerStreamSubscription's constructor: mapper(eventSink), then source.listen. A
    // source event goes to the input sink at once and the output sink delivers at once (not inside
    // a callback of the output subscription). At the source's done, the sync source's onCancel
    // runs first, then _handleDone calls the input sink's close.
    Map<String, Integer> steps = Map.of("a1", 5, "b1", 6, "caught x", 7, "end", 9);
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync()
                  .onListen(() -> ex.expect(3))
                  .onCancel(() -> ex.expect(8));
          DStream<String> transformed =
              DStream.eventTransformed(
                  source.stream(),
                  out -> {
                    ex.expect(2);
                    return doubling(out);
                  });
          ex.expect(1);
          transformed.listen(
              v -> ex.expect(steps.get(v)),
              (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(10));
          ex.expect(4);
          source.add(1);
          source.addError(new DartException("x"));
          source.close();
        });
    ex.finish(11);
  }

  @Test
  @DisplayName("pausing, resuming and cancelling the output reach the source's subscription")
  void pauseResumeCancel() {
    // _SinkTransformerStreamSubscription._onPause/_onResume/_onCancel forward to _subscription.
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(2))
                  .onCancel(() -> ex.expect(3));
          StreamSubscription<String> s =
              DStream.eventTransformed(source.stream(), EventTransformedTest::doubling)
                  .listen(v -> ex.expectUnreached());
          s.pause();
          s.resume();
          s.cancel();
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("broadcast if the source is; each listen gets a sink of its own")
  void broadcast() {
    // _BoundSinkStream.isBroadcast => _stream.isBroadcast; listen makes a new subscription, which
    // calls the mapper again.
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.broadcast(true);
          DStream<String> transformed =
              DStream.eventTransformed(
                  source.stream(),
                  out -> {
                    log.add("map");
                    return doubling(out);
                  });
          assertTrue(transformed.isBroadcast());
          assertFalse(
              DStream.eventTransformed(
                      StreamController.<Integer>sync().stream(), EventTransformedTest::doubling)
                  .isBroadcast());
          record(transformed, log, "A", false);
          record(transformed, log, "B", false);
          source.add(1);
        });
    log.assertOutput("map map Aa1 Ab1 Ba1 Bb1");
  }

  @Test
  @DisplayName("what the input sink throws is an output error event; a rethrown input error keeps its stack trace")
  void inputSinkThrows() {
    // _SinkTransformerStreamSubscription._handleData / _handleError: catch (e, s) => _addError;
    // for identical(e, error) the original stack trace.
    DartException x = new DartException("x");
    StackTrace trace = StackTrace.current();
    Function<EventSink<Integer>, EventSink<Integer>> throwing =
        out ->
            new EventSink<>() {
              @Override
              public void add(Integer event) {
                throw new DartException("boom " + event);
              }

              @Override
              public void addError(Throwable error, StackTrace stackTrace) {
                throw (DartException) error;
              }

              @Override
              public void close() {
                out.close();
              }
            };
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.sync();
          DStream.eventTransformed(source.stream(), throwing)
              .listen(
                  v -> ex.expectUnreached(),
                  (e, st) -> {
                    if (e == x) {
                      ex.checkSame(trace, st, "stack trace");
                      ex.expect(3);
                    } else {
                      ex.checkEquals("Exception: boom 1", Dart.str(e), "error");
                      ex.expect(2);
                    }
                  },
                  () -> ex.expect(4));
          ex.expect(1);
          source.add(1);
          source.addError(x, trace);
          source.close();
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("what mapSink throws is thrown out of listen, and the source is not listened to")
  void mapSinkThrows() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync().onListen(() -> ex.expectUnreached());
          DStream<Integer> transformed =
              DStream.eventTransformed(
                  source.stream(),
                  (EventSink<Integer> out) -> {
                    throw boom;
                  });
          assertSame(boom, assertThrows(DartException.class, () -> transformed.listen(null)));
          DStream<Integer> nullSink = DStream.eventTransformed(source.stream(), out -> null);
          NullPointerException npe =
              assertThrows(NullPointerException.class, () -> nullSink.listen(null));
          assertEquals("mapSink returned null", npe.getMessage());
          assertFalse(source.hasListener());
        });
  }

  @Test
  @DisplayName("null arguments: Dart's Must not be null texts")
  void nullArguments() {
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (source): Must not be null",
        () -> DStream.eventTransformed(null, EventTransformedTest::doubling));
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (mapSink): Must not be null",
        () -> DStream.<Integer, String>eventTransformed(DStream.empty(), null));
  }
}
