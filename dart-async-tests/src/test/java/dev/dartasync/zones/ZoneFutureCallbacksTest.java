package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Future callbacks go through the zone they were registered in, as Dart's future_impl.dart does:
 * {@code then} registers its value callback with registerUnaryCallback and a {@code (e, s)} error
 * handler with registerBinaryCallback ({@code _registerErrorHandler}); {@code catchError} registers
 * its handler, then its test; {@code whenComplete} registers its action with registerCallback. When
 * the future completes, {@code _FutureListener} runs them with the zone's runUnary, runBinary and
 * run. The zone here logs every register and run it sees.
 */
class ZoneFutureCallbacksTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  private Zone zone;

  private ZoneSpecification logging() {
    return ZoneSpecification.builder()
        .registerCallback(
            (self, parent, origin, f) -> {
              log.add("registerCallback");
              return parent.registerCallback(origin, f);
            })
        .registerUnaryCallback(
            (self, parent, origin, f) -> {
              log.add("registerUnaryCallback");
              return parent.registerUnaryCallback(origin, f);
            })
        .registerBinaryCallback(
            (self, parent, origin, f) -> {
              log.add("registerBinaryCallback");
              return parent.registerBinaryCallback(origin, f);
            })
        .run(
            (self, parent, origin, f) -> {
              ex.checkSame(zone, origin, "zone of the run");
              log.add("run");
              return parent.run(origin, f);
            })
        .runUnary(
            (self, parent, origin, f, arg) -> {
              ex.checkSame(zone, origin, "zone of the runUnary");
              log.add("runUnary(" + arg + ")");
              return parent.runUnary(origin, f, arg);
            })
        .runBinary(
            (self, parent, origin, f, a, b) -> {
              ex.checkSame(zone, origin, "zone of the runBinary");
              log.add("runBinary(" + a + ")");
              return parent.runBinary(origin, f, a, b);
            })
        .build();
  }

  private Object callback(String line) {
    ex.checkSame(zone, Zone.current(), "zone of the callback");
    log.add(line);
    return null;
  }

  private Object callbackInRoot(String line) {
    log.add(line);
    return null;
  }

  @Test
  @DisplayName("a value: then's callbacks are registered at then() and run through runUnary; whenComplete through run")
  void valueCallbacks() {
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          zone = Zone.current().fork(logging());
          zone.run(
              () -> {
                c.future().then(v -> callback("then " + v));
                log.add("--");
                c.future().then(v -> callback("then2 " + v), (e, s) -> callback("never"));
                log.add("--");
                c.future()
                    .catchError(
                        e -> {
                          ex.expectUnreached();
                          return 0;
                        },
                        e -> true);
                log.add("--");
                c.future().whenComplete(() -> callback("whenComplete"));
              });
          log.add("complete");
          c.complete(1); // A sync completer: the listeners run now, in registration order.
        });
    log.assertLines(
        "run", // zone.run(...) itself
        "registerUnaryCallback",
        "--",
        "registerUnaryCallback",
        "registerBinaryCallback",
        "--",
        "registerUnaryCallback", // catchError: the handler...
        "registerUnaryCallback", // ...then the test
        "--",
        "registerCallback",
        "complete",
        "runUnary(1)",
        "then 1",
        "runUnary(1)",
        "then2 1",
        "run",
        "whenComplete");
  }

  @Test
  @DisplayName("an error: the error test and handlers run through runUnary and runBinary")
  void errorCallbacks() {
    IllegalStateException boom = new IllegalStateException("boom");
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          zone = Zone.current().fork(logging());
          zone.run(
              () -> {
                c.future().then(v -> callback("never"), (e, s) -> callback("onError " + e.getMessage()));
                c.future()
                    .catchError(
                        e -> {
                          callback("catchError " + e.getMessage());
                          return 0;
                        },
                        e -> {
                          callback("test");
                          return true;
                        });
                c.future().whenComplete(() -> callback("whenComplete")).ignore();
              });
          log.clear();
          c.completeError(boom);
        });
    log.assertLines(
        "runBinary(java.lang.IllegalStateException: boom)",
        "onError boom",
        "runUnary(java.lang.IllegalStateException: boom)",
        "test",
        "runUnary(java.lang.IllegalStateException: boom)",
        "catchError boom",
        "run",
        "whenComplete");
  }

  @Test
  @DisplayName("a register handler's wrapper is what runs: it can carry context from then() to the callback")
  void registeredWrapperRuns() {
    Object key = new Object();
    Dart.run(
        () -> {
          DFuture<Integer> result =
              Dart.runZoned(
                  () ->
                      DFuture.delayed(Duration.ofMillis(1), () -> 20)
                          .then(v -> v + (Integer) Zone.current().get(key)),
                  java.util.Map.of(key, 1),
                  ZoneSpecification.builder()
                      .registerUnaryCallback(
                          (self, parent, origin, f) ->
                              parent.registerUnaryCallback(
                                  origin, v -> 2 * (Integer) f.apply(v))) // Doubles the result.
                      .build());
          result.then(v -> callbackInRoot("result " + v));
        });
    log.assertLines("result 42");
    assertEquals(0, ex.steps());
  }
}
