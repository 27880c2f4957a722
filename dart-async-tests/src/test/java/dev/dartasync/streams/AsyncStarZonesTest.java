package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.testing.Log;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * An {@code async*} body in a zone that sees its continuations: the body registers them once, at
 * its first suspension (a yield or an await), and every resumption, at a yield as after an await,
 * runs through the zone's runUnary with the value the body resumes with (at a yield: "cancelled
 * meanwhile?"). What a run handler throws there is the zone's uncaught error.
 */
class AsyncStarZonesTest {

  private final Log log = new Log();

  private ZoneSpecification.Builder watching() {
    return ZoneSpecification.builder()
        .registerUnaryCallback(
            (self, parent, origin, f) -> {
              log.add("registerUnary");
              return parent.registerUnaryCallback(origin, f);
            })
        .registerBinaryCallback(
            (self, parent, origin, f) -> {
              log.add("registerBinary");
              return parent.registerBinaryCallback(origin, f);
            });
  }

  @Test
  @DisplayName("resumptions at a yield and after an await run through the zone's runUnary")
  void resumptionsRunThroughTheZone() {
    Dart.run(
        () -> {
          Zone zone =
              Zone.current()
                  .fork(
                      watching()
                          .runUnary(
                              (self, parent, origin, f, value) -> {
                                log.add("runUnary(" + value + ")");
                                return parent.runUnary(origin, f, value);
                              })
                          .build());
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          zone.run(
              () ->
                  sub.set(
                      asyncStar(
                              (AsyncStarSink<Integer> sink) -> {
                                sink.yield(1);
                                log.add("after yield 1");
                                log.add("awaited " + await(DFuture.value(10)));
                                try {
                                  sink.yield(2);
                                } finally {
                                  log.add("finally");
                                }
                                log.add("unreached");
                              })
                          .listen(
                              v -> {
                                log.add("data " + v);
                                if (v == 2) {
                                  sub.get()
                                      .cancel()
                                      .then(
                                          ignored -> {
                                            log.add("cancelled");
                                            return null;
                                          });
                                }
                              })));
        });
    log.assertLines(
        "registerUnary", // listen registers onData
        "registerBinary", // and onError
        "runUnary(1)",
        "data 1",
        "registerUnary", // the body's first suspension, at yield 1, registers its continuations
        "registerBinary",
        "runUnary(false)", // resumed at yield 1: not cancelled
        "after yield 1",
        "runUnary(10)",
        "awaited 10",
        "runUnary(2)",
        "data 2", // cancels: the body returns at yield 2 without suspending
        "registerUnary", // then(...) on the cancel future
        "finally",
        "runUnary(null)",
        "cancelled");
  }

  @Test
  @DisplayName("a run handler that throws at a yield's resumption: the zone's uncaught error, the body stays at the yield")
  void throwingRunHandlerIsUncaught() {
    DartException boom = new DartException("boom");
    Dart.run(
        () ->
            Zone.current()
                .fork(
                    watching()
                        .runUnary(
                            (self, parent, origin, f, value) -> {
                              if (!(value instanceof Boolean)) {
                                return parent.runUnary(origin, f, value); // a data event
                              }
                              log.add("runUnary(" + value + ")");
                              throw boom;
                            })
                        .handleUncaughtError(
                            (self, parent, origin, error, stack) -> log.add("uncaught " + error))
                        .build())
                .run(
                    () ->
                        asyncStar(
                                (AsyncStarSink<Integer> sink) -> {
                                  sink.yield(1);
                                  log.add("unreached");
                                })
                            .listen(v -> log.add("data " + v))));
    log.assertLines(
        "registerUnary", // listen registers onData
        "registerBinary", // and onError
        "data 1",
        "registerUnary", // the body's first suspension, at yield 1
        "registerBinary",
        "runUnary(false)", // resuming it throws: uncaught, and the body stays at the yield
        "uncaught Exception: boom");
  }
}
