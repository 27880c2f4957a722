package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.record;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * distinct (stream_pipe.dart {@code _DistinctStream}) and cast (_internal/async_cast.dart {@code
 * CastStream}); dart-semantics §6.6.
 */
class DistinctCastTest {

  private final Log log = new Log();

  @Test
  @DisplayName("distinct(): drops events == the last one passed on")
  void distinct() {
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 1, 2, 2, 1)).distinct(), log));
    log.assertOutput("1 2 1 done");
  }

  @Test
  @DisplayName("distinct(equals): the custom equality compares previous and next")
  void distinctEquals() {
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of("a", "A", "b", "B", "a"))
                    .distinct(String::equalsIgnoreCase),
                log));
    log.assertOutput("a b a done");
  }

  @Test
  @DisplayName("distinct: a throwing equals gives an error event and keeps the previous event")
  void distinctEqualsThrows() {
    // _DistinctStream._handleData: on a throw, _subState (the previous event) is unchanged.
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of("a", "x", "a", "b"))
                    .distinct(
                        (previous, next) -> {
                          if (next.equals("x")) {
                            throw new DartException("boom");
                          }
                          return previous.equals(next);
                        }),
                log));
    log.assertOutput("a error Exception: boom b done");
  }

  @Test
  @DisplayName("distinct on a broadcast stream: each subscription has its own previous event")
  void distinctPerSubscription() {
    // _DistinctStream._createSubscription: a _StateStreamSubscription starting at _SENTINEL.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.broadcast(true);
          DStream<Integer> distinct = c.stream().distinct();
          record(distinct, log, "A", false);
          c.add(1);
          record(distinct, log, "B", false);
          c.add(1);
          c.add(2);
        });
    log.assertOutput("A1 B1 A2 B2");
  }

  @Test
  @DisplayName("cast: a data event of another type is an error event; the stream goes on")
  void castMismatch() {
    // CastStreamSubscription._onData: the failed cast goes to the error handler, without the
    // cancelOnError of the source subscription.
    Dart.run(
        () ->
            record(
                DStream.<Object>fromIterable(List.of(1, "a", 2)).cast(Integer.class),
                log,
                "",
                true));
    log.assertOutput(
        "1 error java.lang.ClassCastException: Cannot cast java.lang.String to java.lang.Integer"
            + " 2 done");
  }

  @Test
  @DisplayName("cast: source errors and done pass; cancelOnError applies to them")
  void castErrors() {
    Dart.run(
        () -> {
          StreamController<Object> c = new StreamController<>();
          record(c.stream().cast(Integer.class), log, "", true);
          c.add(1);
          c.addError(new DartException("x"));
          c.add(2);
        });
    log.assertOutput("1 error Exception: x");
  }
}
