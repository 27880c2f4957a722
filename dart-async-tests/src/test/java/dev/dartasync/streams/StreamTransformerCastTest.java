package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.assertThrowsText;
import static dev.dartasync.streams.OperatorTesting.record;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.EventSink;
import dev.dartasync.StreamController;
import dev.dartasync.StreamTransformer;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code StreamTransformer.castFrom}, {@code StreamTransformer.cast} and {@code Stream.castFrom}
 * (_internal/async_cast.dart {@code CastStreamTransformer}, {@code CastStream}; dart-semantics
 * §6.6). The failing checks have the text of our {@code cast} ({@link DistinctCastTest}).
 */
class StreamTransformerCastTest {

  private static final String NOT_AN_INTEGER =
      "java.lang.ClassCastException: Cannot cast java.lang.String to java.lang.Integer";

  private final Log log = new Log();

  /** A transformer of integers: each data event plus one (its lambda reads an Integer). */
  private static final StreamTransformer<Integer, Integer> PLUS_ONE =
      StreamTransformer.fromHandlers(
          (Integer v, EventSink<Integer> sink) -> sink.add(v + 1), null, null);

  private static DStream<Object> mixed() {
    return DStream.fromIterable(List.<Object>of(1, "a", 2));
  }

  @Test
  @DisplayName("cast: an input of the wrong type is an error event of the input, so cancelOnError cancels")
  void inputMismatch() {
    // CastStreamTransformer.bind: _source.bind(stream.cast<SS>()).cast<TT>(). The failed input
    // check reaches the source transformer's error handler (CastStreamSubscription._onData), and
    // fromHandlers passes it on as an output error event, which cancels with cancelOnError.
    StreamTransformer<Object, Integer> cast = PLUS_ONE.cast(Integer.class, Integer.class);
    Dart.run(() -> record(mixed().transform(cast), log, "", false));
    log.assertOutput("2 error " + NOT_AN_INTEGER + " 3 done");
    log.clear();
    Dart.run(() -> record(mixed().transform(cast), log, "", true));
    log.assertOutput("2 error " + NOT_AN_INTEGER);
  }

  @Test
  @DisplayName("cast: an output of the wrong type is an error event that does not cancel, even with cancelOnError")
  void outputMismatch() {
    // The outer stream.cast<TT>(): CastStreamSubscription._onData hands the failure to the
    // listener's error handler directly, bypassing cancelOnError.
    StreamTransformer<Integer, Object> spelled =
        StreamTransformer.fromHandlers(
            (Integer v, EventSink<Object> sink) -> sink.add(v == 2 ? "two" : v),
            null,
            null);
    StreamTransformer<Integer, Integer> cast = spelled.cast(Integer.class, Integer.class);
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2, 3)).transform(cast), log, "", true));
    log.assertOutput("1 error " + NOT_AN_INTEGER + " 3 done");
  }

  @Test
  @DisplayName("castFrom and a cast of the cast: the original transformer's input type is the one checked")
  void castOfCast() {
    // CastStreamTransformer.cast<RS, RT>() => CastStreamTransformer<SS, ST, RS, RT>(_source): the
    // input check stays `is SS` (Integer), whatever the second cast's input type. Had "a" reached
    // PLUS_ONE, its lambda would fail with another text.
    StreamTransformer<Object, Number> once =
        StreamTransformer.castFrom(PLUS_ONE, Integer.class, Number.class);
    StreamTransformer<Object, Integer> twice = once.cast(Object.class, Integer.class);
    Dart.run(() -> record(mixed().transform(twice), log));
    log.assertOutput("2 error " + NOT_AN_INTEGER + " 3 done");
  }

  @Test
  @DisplayName("cast: the input's errors and done pass through both checks")
  void errorsAndDone() {
    StreamTransformer<Object, Number> cast = PLUS_ONE.cast(Integer.class, Number.class);
    Dart.run(
        () -> {
          StreamController<Object> c = StreamController.sync();
          record(c.stream().transform(cast), log);
          c.add(1);
          c.addError(new DartException("x"));
          c.add(2);
          c.close();
        });
    log.assertOutput("2 error Exception: x 3 done");
  }

  @Test
  @DisplayName("Stream.castFrom is cast: a data event of another type is an error event; the stream goes on")
  void streamCastFrom() {
    // Stream.castFrom<S, T>(source) => CastStream<S, T>(source).
    Dart.run(() -> record(DStream.castFrom(mixed(), Integer.class), log, "", true));
    log.assertOutput("1 error " + NOT_AN_INTEGER + " 2 done");
  }

  @Test
  @DisplayName("null arguments: Dart's Must not be null texts")
  void nullArguments() {
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (source): Must not be null",
        () -> StreamTransformer.castFrom(null, Integer.class, Integer.class));
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (inputType): Must not be null",
        () -> PLUS_ONE.cast(null, Integer.class));
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (outputType): Must not be null",
        () -> PLUS_ONE.cast(Integer.class, null));
    StreamTransformer<Object, Integer> cast = PLUS_ONE.cast(Integer.class, Integer.class);
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (inputType): Must not be null",
        () -> cast.cast(null, Integer.class));
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (source): Must not be null",
        () -> DStream.castFrom(null, Integer.class));
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (type): Must not be null",
        () -> DStream.castFrom(mixed(), null));
  }
}
