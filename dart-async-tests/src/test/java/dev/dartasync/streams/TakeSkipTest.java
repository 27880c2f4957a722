package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;
import static dev.dartasync.streams.OperatorTesting.testFailingAt;

import dev.dartasync.Completer;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.testing.Log;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** take, skip, takeWhile, skipWhile (stream_pipe.dart; dart-semantics §6.6). */
class TakeSkipTest {

  private final Log log = new Log();

  @Test
  @DisplayName("take(2): errors pass and do not count; after the 2nd: source cancelled, then done")
  void take() {
    // _TakeStream._handleData: after the last one, sink._close() -> _sendDone cancels first.
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().take(2), log);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2, 3);
        });
    log.assertOutput("listen 1 error Exception: x 2 cancel done");
  }

  @Test
  @DisplayName("take: with no real cancel future, done comes inside the source's delivery")
  void takeDoneIsSynchronous() {
    // _sendDone: a _nullFuture cancel future does not delay done.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          record(c.stream().take(1), log);
          c.add(1);
          log.add("after add");
        });
    log.assertOutput("1 done after add");
  }

  @Test
  @DisplayName("take: done waits for the source's real cancel future")
  void takeDoneWaitsForCancelFuture() {
    // _sendDone: cancelFuture.whenComplete(sendDone) when it is a real future.
    Dart.run(
        () -> {
          Completer<Void> cleanUp = new Completer<>();
          StreamController<Integer> c =
              StreamController.<Integer>sync().onCancel(() -> cleanUp.future());
          record(c.stream().take(1), log);
          c.add(1);
          log.add("after add");
          scheduleMicrotask(
              () -> {
                log.add("m");
                cleanUp.complete();
              });
        });
    log.assertOutput("1 after add m done");
  }

  @Test
  @DisplayName("take(0): listens to the source and cancels it inside listen; done a microtask later")
  void takeZero() {
    // _TakeStream._createSubscription: _source.listen(null).cancel(); _DoneStreamSubscription.
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().take(0), log);
          log.add("after listen");
          scheduleMicrotask(() -> log.add("m"));
        });
    log.assertOutput("listen cancel after listen done m");
  }

  @Test
  @DisplayName("take(-1): no check; no data passes, done comes with the source's")
  void takeNegative() {
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2)).take(-1), log));
    log.assertOutput("done");
  }

  @Test
  @DisplayName("take on a broadcast stream counts per subscription")
  void takeCountsPerSubscription() {
    // _TakeStream keeps the count in a _StateStreamSubscription, one per listen.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.broadcast(true);
          DStream<Integer> first = c.stream().take(1);
          record(first, log, "A", false);
          c.add(1);
          record(first, log, "B", false);
          c.add(2);
        });
    log.assertOutput("A1 Adone B2 Bdone");
  }

  @Test
  @DisplayName("skip(1): drops the first data event; errors pass; done after the source's cancel")
  void skip() {
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().skip(1), log);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2, 3);
        });
    log.assertOutput("listen error Exception: x 2 3 cancel done");
  }

  @Test
  @DisplayName("skip(0) passes everything")
  void skipZero() {
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2)).skip(0), log));
    log.assertOutput("1 2 done");
  }

  @Test
  @DisplayName("takeWhile: the first failing event ends the stream (source cancelled, then done)")
  void takeWhile() {
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().takeWhile(v -> v < 3), log);
          addAll(c, 1, 2, 3, 1);
        });
    log.assertOutput("listen 1 2 cancel done");
  }

  @Test
  @DisplayName("takeWhile: a throwing test gives an error event, then ends the stream")
  void takeWhileThrows() {
    // _TakeWhileStream: "The test didn't say true. Didn't say false either, but we stop anyway."
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(
              c.stream().takeWhile(testFailingAt(2, v -> true)),
              log);
          addAll(c, 1, 2, 3);
        });
    log.assertOutput("listen 1 error Exception: boom cancel done");
  }

  @Test
  @DisplayName("skipWhile: drops while the test holds, then passes everything")
  void skipWhile() {
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2, 3, 1)).skipWhile(v -> v < 3), log));
    log.assertOutput("3 1 done");
  }

  @Test
  @DisplayName("skipWhile: a throwing test gives an error event and counts as failing")
  void skipWhileThrows() {
    // _SkipWhileStream: 'A failure to return a boolean is considered "not matching".'
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of(1, 2, 1)).skipWhile(testFailingAt(2, v -> v < 3)),
                log));
    log.assertOutput("error Exception: boom 1 done");
  }
}
