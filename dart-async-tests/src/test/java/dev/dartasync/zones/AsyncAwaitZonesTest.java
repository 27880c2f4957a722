package dev.dartasync.zones;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Port of the await half of the SDK's tests/lib/async/async_await_zones_test.dart (the {@code
 * await for} half waits for streams), and the VM's zone contract for await (async_patch.dart,
 * {@code _SuspendState._createAsyncCallbacks} and {@code _awaitHelper}): an async body registers
 * its continuation once, at its first await, and each resumption runs it through the awaiting
 * zone's runUnary (a value) or runBinary (an error).
 */
class AsyncAwaitZonesTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  private int depth;
  private int scheduled;

  private int increaseDepth() {
    int oldDepth = depth;
    depth++;
    // Callbacks must not be registered recursively per await; 20 is the SDK test's safe bound.
    ex.check(depth < 20, "zone callback depth " + depth);
    return oldDepth;
  }

  @Test
  @DisplayName("async_await_zones_test: zone callbacks do not nest per await; each await of a value schedules through the zone")
  void awaitsDoNotNestZoneCallbacks() {
    ZoneSpecification desc =
        ZoneSpecification.builder()
            .registerCallback(
                (self, parent, zone, f) -> {
                  int oldDepth = increaseDepth();
                  return parent.registerCallback(
                      zone,
                      () -> {
                        depth = oldDepth;
                        return f.call();
                      });
                })
            .registerUnaryCallback(
                (self, parent, zone, f) -> {
                  int oldDepth = increaseDepth();
                  return parent.registerUnaryCallback(
                      zone,
                      x -> {
                        depth = oldDepth;
                        return f.apply(x);
                      });
                })
            .registerBinaryCallback(
                (self, parent, zone, f) -> {
                  int oldDepth = increaseDepth();
                  return parent.registerBinaryCallback(
                      zone,
                      (x, y) -> {
                        depth = oldDepth;
                        return f.apply(x, y);
                      });
                })
            .scheduleMicrotask(
                (self, parent, zone, f) -> {
                  scheduled++;
                  int oldDepth = increaseDepth();
                  parent.scheduleMicrotask(
                      zone,
                      () -> {
                        depth = oldDepth;
                        f.run();
                      });
                })
            .build();
    Object result =
        Dart.run(
            () ->
                await(
                    Dart.runZoned(
                        () ->
                            async(
                                () -> {
                                  for (int i = 0; i < 40; i++) {
                                    await((Object) null);
                                  }
                                  return await(499);
                                }),
                        desc)));
    assertEquals(499, result);
    // One scheduleMicrotask per await of a value, as the VM's _awaitHelper does: none of them may
    // be skipped by the await fast path while the zone watches microtasks.
    assertEquals(41, scheduled);
  }

  @Test
  @DisplayName("a root body awaiting a completed future of a watching zone: each await schedules in the future's zone")
  void completedFutureOfAWatchingZone() {
    Dart.run(
        () -> {
          Zone watching =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .scheduleMicrotask(
                              (self, parent, zone, f) -> {
                                scheduled++;
                                parent.scheduleMicrotask(zone, f);
                              })
                          .build());
          DFuture<Integer> done = watching.run(() -> DFuture.sync(() -> 1));
          int sum = 0;
          for (int i = 0; i < 10; i++) {
            sum += await(done); // The await fast path must not skip the watched microtask.
          }
          assertEquals(10, sum);
        });
    assertEquals(10, scheduled);
  }

  @Test
  @DisplayName("a body registers its continuation once, at the first await; every resumption runs through runUnary/runBinary")
  void continuationRegisteredOnceAndRunThroughTheZone() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          Completer<Integer> pending = new Completer<>();
          Zone zone =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .registerUnaryCallback(
                              (self, parent, origin, f) -> {
                                log.add("registerUnary");
                                return parent.registerUnaryCallback(origin, f);
                              })
                          .registerBinaryCallback(
                              (self, parent, origin, f) -> {
                                log.add("registerBinary");
                                return parent.registerBinaryCallback(origin, f);
                              })
                          .runUnary(
                              (self, parent, origin, f, value) -> {
                                log.add("runUnary(" + value + ")");
                                return parent.runUnary(origin, f, value);
                              })
                          .runBinary(
                              (self, parent, origin, f, error, stack) -> {
                                log.add("runBinary(" + error + ")");
                                return parent.runBinary(origin, f, error, stack);
                              })
                          .build());
          DFuture<Object> body =
              zone.run(
                  () ->
                      async(
                          () -> {
                            log.add("resumed with " + await(pending.future()));
                            log.add("resumed with " + await(2));
                            log.add("resumed with " + await(DFuture.value(3)));
                            try {
                              await(DFuture.error(boom));
                            } catch (DartException e) {
                              log.add("resumed with " + e);
                            }
                            return null;
                          }));
          log.add("suspended");
          pending.complete(1);
          await(body);
        });
    log.assertLines(
        "registerUnary",
        "registerBinary",
        "suspended",
        "runUnary(1)",
        "resumed with 1",
        "runUnary(2)",
        "resumed with 2",
        "runUnary(3)",
        "resumed with 3",
        "runBinary(Exception: boom)",
        "resumed with Exception: boom");
  }

  @Test
  @DisplayName("a body whose first await is in the root registers nothing later, in a zone with register handlers")
  void firstAwaitFixesTheRegistration() {
    Dart.run(
        () -> {
          Zone zone =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .registerUnaryCallback(
                              (self, parent, origin, f) -> {
                                log.add("registerUnary");
                                return parent.registerUnaryCallback(origin, f);
                              })
                          .build());
          await(
              async(
                  () -> {
                    await((Object) null); // First await: in the root.
                    zone.run(() -> log.add("in zone"));
                    return null;
                  }));
        });
    log.assertLines("in zone");
  }
}
