package dev.dartasync.streams;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.testing.Log;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * listen() registers its callbacks in the listener's zone and runs them through it, with the
 * arity of each handler as in Dart (§6.1: runUnaryGuarded for data and a one-argument onError,
 * runBinaryGuarded for a two-argument onError, runGuarded for done).
 */
class StreamZoneCallbacksTest {

  private final Log log = new Log();

  private ZoneSpecification recording() {
    return ZoneSpecification.builder()
        .registerCallback(
            (self, parent, zone, f) -> {
              log.add("register0");
              return parent.registerCallback(zone, f);
            })
        .registerUnaryCallback(
            (self, parent, zone, f) -> {
              log.add("register1");
              return parent.registerUnaryCallback(zone, f);
            })
        .registerBinaryCallback(
            (self, parent, zone, f) -> {
              log.add("register2");
              return parent.registerBinaryCallback(zone, f);
            })
        .runUnary(
            (self, parent, zone, f, arg) -> {
              log.add("runUnary");
              return parent.runUnary(zone, f, arg);
            })
        .runBinary(
            (self, parent, zone, f, a, b) -> {
              log.add("runBinary");
              return parent.runBinary(zone, f, a, b);
            })
        .run(
            (self, parent, zone, f) -> {
              log.add("run");
              return parent.run(zone, f);
            })
        .build();
  }

  @Test
  @DisplayName("one-argument onError: registered and run as a unary callback")
  void unaryOnError() {
    // stream_impl.dart _registerErrorHandler: void Function(Object) -> registerUnaryCallback;
    // _sendError: not a binary callback -> _zone.runUnaryGuarded.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          Dart.runZoned(
              () -> {
                c.stream()
                    .listen(
                        v -> log.add("data"), (Throwable e) -> log.add("error"),
                        () -> log.add("done"));
              },
              recording());
          c.add(1);
          c.addError(new DartException("x"));
          c.close();
        });
    // The first "run" is runZoned running its body in the new zone.
    log.assertOutput("run register1 register1 register0 runUnary data runUnary error run done");
  }

  @Test
  @DisplayName("two-argument onError: registered and run as a binary callback")
  void binaryOnError() {
    // stream_impl.dart _registerErrorHandler: void Function(Object, StackTrace) ->
    // registerBinaryCallback; _sendError -> _zone.runBinaryGuarded.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          Dart.runZoned(
              () -> {
                c.stream()
                    .listen(v -> {}, (Throwable e, StackTrace st) -> log.add("error"));
              },
              recording());
          c.addError(new DartException("x"));
        });
    log.assertOutput("run register1 register2 register0 runBinary error");
  }
}
