package dev.dartasync.zones;

import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports of the SDK's tests/lib/async/zone_run_test.dart, zone_run_unary_test.dart and
 * zone_run_guarded_test.dart: run handlers, forwarding or not, and where the library runs through
 * them (a zone's microtask goes through run; a top-level microtask in a zone with only a runUnary
 * handler does not see it).
 */
class ZoneRunTest {

  @RegisterExtension final Expect ex = new Expect();

  private boolean shouldForward = true;

  /** How often a handler ran so far: its next call is step {@code steps[calls]}. */
  private int runCalls;

  private int errorCalls;

  @Test
  @DisplayName("zone_run_test: the run handler sees every run, may skip f, and sees the zone's microtask")
  void runHandler() {
    Dart.run(
        () -> {
          Zone root = Zone.root();
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .run(
                              (self, parent, origin, f) -> {
                                // Not yet the origin zone: run has not entered it.
                                ex.checkSame(root, Zone.current(), "zone in the run handler");
                                ex.expect(new int[] {2, 5, 7, 10}[runCalls++]); // "forked.run"
                                return shouldForward ? parent.run(origin, f) : 42;
                              })
                          .build());

          ex.expect(1); // "zone forked"
          Object result =
              forked.run(
                  () -> {
                    ex.checkSame(forked, Zone.current(), "zone of the run closure");
                    ex.expect(3); // "run closure" (2 was "forked.run")
                    return 499;
                  });
          assertEquals(499, result);
          ex.expect(4); // "executed run"

          shouldForward = false;
          result =
              forked.run(
                  () -> {
                    ex.expectUnreached(); // "should not be invoked"
                    return null;
                  });
          assertEquals(42, result); // 5 was "forked.run"
          ex.expect(6); // "executed run2"

          shouldForward = true;
          result =
              forked.run(
                  () -> {
                    ex.checkSame(forked, Zone.current(), "zone of run closure 2");
                    ex.expect(8); // "run closure 2" (7 was "forked.run")
                    forked.scheduleMicrotask(
                        () -> {
                          ex.checkSame(forked, Zone.current(), "zone of run closure 3");
                          ex.expect(11); // "run closure 3" (10 was "forked.run")
                        });
                    return 1234;
                  });
          ex.expect(9); // "after nested scheduleMicrotask"
          assertEquals(1234, result);

          // Callbacks registered in different zones on one future run in their own zones.
          Zone zone1 = Zone.root().fork();
          Zone zone2 = Zone.root().fork();
          Zone zone3 = Zone.root().fork();
          zone1.run(
              () -> {
                DFuture<Void> future = DFuture.value();
                zone2.run(
                    () ->
                        future.then(
                            ignored -> {
                              ex.checkSame(zone2, Zone.current(), "zone of the zone2 listener");
                              ex.expect(12);
                              return null;
                            }));
                zone3.run(
                    () ->
                        future.then(
                            ignored -> {
                              ex.checkSame(zone3, Zone.current(), "zone of the zone3 listener");
                              ex.finish(13);
                              return null;
                            }));
              });
        });
  }

  @Test
  @DisplayName("zone_run_unary_test: the runUnary handler may change the argument; a top-level microtask does not use it")
  void runUnaryHandler() {
    Dart.run(
        () -> {
          Zone root = Zone.root();
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .runUnary(
                              (self, parent, origin, f, arg) -> {
                                ex.checkSame(root, Zone.current(), "zone in the runUnary handler");
                                ex.expect(new int[] {2, 5, 7}[runCalls++]); // "forked.run1"
                                if (shouldForward) {
                                  return parent.runUnary(origin, f, (Integer) arg + 1);
                                }
                                return 42;
                              })
                          .build());

          ex.expect(1); // "zone forked"
          Object result =
              forked.runUnary(
                  (Integer arg) -> {
                    ex.checkSame(forked, Zone.current(), "zone of the run closure");
                    ex.expect(3); // "run closure"
                    return arg + 3;
                  },
                  495);
          assertEquals(499, result);
          ex.expect(4); // "executed run"

          shouldForward = false;
          result =
              forked.runUnary(
                  (Integer arg) -> {
                    ex.expectUnreached();
                    return null;
                  },
                  99);
          assertEquals(42, result);
          ex.expect(6); // "executed run2"

          shouldForward = true;
          result =
              forked.runUnary(
                  (Integer arg) -> {
                    ex.checkSame(forked, Zone.current(), "zone of run closure 2");
                    ex.expect(8); // "run closure 2"
                    scheduleMicrotask(
                        () -> {
                          ex.checkSame(forked, Zone.current(), "zone of run closure 3");
                          ex.finish(10); // "run closure 3": no "forked.run1" before it
                        });
                    return -arg - 8;
                  },
                  490);
          ex.expect(9); // "after nested scheduleMicrotask"
          assertEquals(-499, result);
        });
  }

  @Test
  @DisplayName("zone_run_guarded_test: runGuarded runs through run and sends a throw to handleUncaughtError")
  void runGuarded() {
    Object[] result = new Object[1];
    Dart.run(
        () -> {
          Zone root = Zone.root();
          Zone[] forked = new Zone[1];
          forked[0] =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .run(
                              (self, parent, origin, f) -> {
                                ex.checkSame(root, Zone.current(), "zone in the run handler");
                                ex.expect(new int[] {1, 4, 7, 11}[runCalls++]); // "forked.run"
                                return parent.run(origin, f);
                              })
                          .handleUncaughtError(
                              (self, parent, origin, error, stackTrace) -> {
                                // The handler runs in the parent of its zone: the root.
                                ex.checkSame(root, Zone.current(), "zone in the error handler");
                                ex.checkSame(forked[0], origin, "origin of the error");
                                // "forked.handleUncaught <error>"
                                ex.expect(new int[] {6, 9, 13}[errorCalls]);
                                ex.checkEquals(
                                    new String[] {"42", "1234", "88"}[errorCalls++],
                                    error.getMessage(),
                                    "handled error");
                                result[0] = 499;
                              })
                          .build());

          forked[0].runGuarded(
              () -> {
                ex.expect(2); // "runGuarded 1" (1 was "forked.run")
                ex.checkSame(forked[0], Zone.current(), "zone of runGuarded 1");
                result[0] = 42;
              });
          assertSame(root, Zone.current());
          assertEquals(42, result[0]);
          ex.expect(3); // "after runGuarded 1"

          result[0] = null;
          forked[0].runGuarded(
              () -> {
                ex.expect(5); // "runGuarded 2" (4 was "forked.run")
                ex.checkSame(forked[0], Zone.current(), "zone of runGuarded 2");
                throw new RuntimeException("42");
              });
          assertEquals(499, result[0]); // 6 was "forked.handleUncaught 42"

          result[0] = 0;
          forked[0].runGuarded(
              () -> {
                ex.checkSame(forked[0], Zone.current(), "zone of the run closure");
                ex.expect(8); // "run closure" (7 was "forked.run")
                forked[0].scheduleMicrotask(
                    () -> {
                      ex.expect(12); // "run closure 2" (11 was "forked.run")
                      ex.checkSame(forked[0], Zone.current(), "zone of run closure 2");
                      result[0] = 88;
                      throw new RuntimeException("88");
                    });
                throw new RuntimeException("1234");
              });
          ex.expect(10); // "after nested scheduleMicrotask" (9 was "forked.handleUncaught 1234")
          assertEquals(499, result[0]);
        });
    ex.finish(14); // The isolate ended after "forked.handleUncaught 88".
    assertEquals(499, result[0]);
  }
}
