package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.streams.OperatorTesting.BOOM;
import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.failingAt;
import static dev.dartasync.streams.OperatorTesting.record;
import static dev.dartasync.streams.OperatorTesting.syncSource;
import static dev.dartasync.streams.OperatorTesting.testFailingAt;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamTransformer;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.testing.Log;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * map, where, expand and what every forwarding operator shares (stream_pipe.dart {@code
 * _ForwardingStream}/{@code _ForwardingStreamSubscription}; dart-semantics §6.6).
 */
class ForwardingOperatorsTest {

  private final Log log = new Log();

  @Test
  @DisplayName("map: data converted, errors and done passed on; the source's onCancel before done")
  void mapEvents() {
    // _MapStream._handleData; _ForwardingStream._handleError/_handleDone forward; the done event
    // cancels the source first (_BufferingStreamSubscription._sendDone).
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().map(v -> v * 10), log);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2);
        });
    log.assertOutput("listen 10 error Exception: x 20 cancel done");
  }

  @Test
  @DisplayName("no extra microtask: map and where deliver inside the source's delivery (10 m 20)")
  void noExtraMicrotask() {
    // _ForwardingStreamSubscription: sink._add delivers synchronously when it can fire, so the
    // chain behaves like the bare stream of dart-semantics §6.1 (1 m 2).
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream().map(v -> v * 10).where(v -> v > 0).listen(log::add);
          c.add(1);
          c.add(2);
          scheduleMicrotask(() -> log.add("m"));
        });
    log.assertOutput("10 m 20");
  }

  @Test
  @DisplayName("a sync source's add delivers through the operators before add returns")
  void syncThroughOperators() {
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream().map(v -> v + 1).expand(v -> List.of(v, -v)).listen(log::add);
          c.add(1);
          log.add("after add");
        });
    log.assertOutput("2 -2 after add");
  }

  @Test
  @DisplayName("listen listens to the source inside the call; pause, resume, cancel reach it")
  void propagation() {
    // _ForwardingStreamSubscription constructor listens; _onPause/_onResume/_onCancel forward.
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(log);
          StreamSubscription<Integer> s = c.stream().map(v -> v).listen(null);
          log.add("listened");
          s.pause();
          log.add("paused");
          s.resume();
          log.add("resumed");
          s.cancel();
          log.add("cancelled");
        });
    log.assertOutput("listen listened pause paused resume resumed cancel cancelled");
  }

  @Test
  @DisplayName("cancelOnError on the result: the source is cancelled before onError runs")
  void cancelOnError() {
    // The source is listened to without cancelOnError; the forwarding subscription's own
    // cancelOnError cancels it (_onCancel) before delivering the error (_sendError).
    Dart.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().map(v -> v * 10), log, "", true);
          c.add(1);
          c.addError(new DartException("x"));
          addAll(c, 2);
        });
    log.assertOutput("listen 10 cancel error Exception: x");
  }

  @Test
  @DisplayName("cancel returns the source's cancel future")
  void cancelFuture() {
    // _ForwardingStreamSubscription._onCancel: return subscription.cancel().
    Dart.run(
        () -> {
          Completer<Void> cleanUp = new Completer<>();
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> cleanUp.future());
          StreamSubscription<Integer> s = c.stream().where(v -> true).listen(null);
          s.cancel().thenAccept(v -> log.add("cancel future"));
          scheduleMicrotask(() -> log.add("m"));
          scheduleMicrotask(
              () -> {
                log.add("clean-up done");
                cleanUp.complete();
              });
        });
    log.assertOutput("m clean-up done cancel future");
  }

  @Test
  @DisplayName("map: a throwing convert becomes an error event, the data is dropped")
  void mapThrows() {
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of(1, 2, 3)).map(failingAt(2, v -> v * 10)),
                log));
    log.assertOutput("10 error Exception: boom 30 done");
  }

  @Test
  @DisplayName("a callback's error goes through the zone's errorCallback (it may replace it)")
  void errorCallbackReplaces() {
    // stream_pipe.dart _addErrorWithReplacement: Zone.current.errorCallback(e, s).
    DartException replaced = new DartException("replaced");
    ZoneSpecification spec =
        ZoneSpecification.builder()
            .errorCallback((self, parent, zone, e, st) -> new AsyncError(replaced, null))
            .build();
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  record(
                      DStream.fromIterable(List.of(1)).map(failingAt(1, v -> v)),
                      log);
                },
                spec));
    log.assertOutput("error Exception: replaced done");
  }

  @Test
  @DisplayName("where: filters; a throwing test becomes an error event")
  void where() {
    Dart.run(
        () ->
            record(
                DStream.fromIterable(List.of(1, 2, 3, 4)).where(testFailingAt(3, v -> v % 2 == 0)),
                log));
    log.assertOutput("2 error Exception: boom 4 done");
  }

  @Test
  @DisplayName("expand: one source event's elements in the same microtask (1 10 m 2 20)")
  void expandOrder() {
    // _ExpandStream._handleData adds every element synchronously.
    Dart.run(
        () -> {
          record(DStream.fromIterable(List.of(1, 2)).expand(v -> List.of(v, v * 10)), log);
          scheduleMicrotask(() -> log.add("m"));
        });
    log.assertOutput("1 10 m 2 20 done");
  }

  @Test
  @DisplayName("expand: an iteration that throws gives an error event and drops the rest")
  void expandThrows() {
    // _ExpandStream: "If either _expand or iterating the generated iterator throws, we abort".
    Function<Integer, Iterable<Integer>> oneThenThrow =
        v ->
            () ->
                new Iterator<>() {
                  private boolean first = true;

                  @Override
                  public boolean hasNext() {
                    return true;
                  }

                  @Override
                  public Integer next() {
                    if (first) {
                      first = false;
                      return v;
                    }
                    throw BOOM;
                  }
                };
    Dart.run(() -> record(DStream.fromIterable(List.of(1, 2)).expand(oneThenThrow), log));
    log.assertOutput("1 error Exception: boom 2 error Exception: boom done");
  }

  @Test
  @DisplayName("a broadcast source gives a broadcast result for every operator, else not")
  void broadcastFollowsSource() {
    // _ForwardingStream.isBroadcast => _source.isBroadcast; the controller-built operators pick
    // a broadcast controller for a broadcast source (stream.dart asyncMap, timeout).
    List<Function<DStream<Integer>, DStream<?>>> operators =
        List.of(
            s -> s.map(v -> v),
            s -> s.where(v -> true),
            s -> s.expand(v -> List.of(v)),
            s -> s.handleError((Throwable e) -> {}),
            s -> s.take(1),
            s -> s.skip(1),
            s -> s.takeWhile(v -> true),
            s -> s.skipWhile(v -> true),
            s -> s.distinct(),
            s -> s.cast(Integer.class),
            s -> s.asyncMap(v -> null),
            s -> s.asyncExpand(v -> null),
            s -> s.timeout(Duration.ofSeconds(1)),
            s -> s.transform(StreamTransformer.fromHandlers(null, null, null)));
    Dart.run(
        () -> {
          DStream<Integer> broadcast = StreamController.<Integer>broadcast().stream();
          DStream<Integer> single = new StreamController<Integer>().stream();
          for (Function<DStream<Integer>, DStream<?>> op : operators) {
            assertEquals(true, op.apply(broadcast).isBroadcast());
            assertEquals(false, op.apply(single).isBroadcast());
          }
        });
  }

  @Test
  @DisplayName("a broadcast result: each listen is its own subscription to the source")
  void broadcastListenedTwice() {
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.broadcast(true);
          DStream<Integer> mapped = c.stream().map(v -> v * 10);
          record(mapped, log, "A", false);
          record(mapped, log, "B", false);
          c.add(1);
          c.close();
        });
    log.assertOutput("A10 B10 Adone Bdone");
  }
}
