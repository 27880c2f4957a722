package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports of the SDK's tests/lib/async/run_zoned1_test.dart, run_zoned4_test.dart to
 * run_zoned6_test.dart and run_zoned9_test.dart (written against Dart 3's runZoned and
 * runZonedGuarded), and the named arguments zoneValues and zoneSpecification of both (zone.dart).
 */
class RunZonedTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  @Test
  @DisplayName("run_zoned1_test: runZoned returns the result of the synchronous body")
  void runZonedReturnsTheResult() {
    assertEquals(499, (int) Dart.run(() -> Dart.runZoned(() -> 499)));
  }

  @Test
  @DisplayName("run_zoned4_test: runZonedGuarded returns the result when the body does not throw")
  void runZonedGuardedReturnsTheResult() {
    assertEquals(
        499,
        (int)
            Dart.run(
                () ->
                    Dart.runZonedGuarded(
                        () -> 499, (e, s) -> ex.expectUnreached())));
  }

  @Test
  @DisplayName("run_zoned5_test: runZonedGuarded's onError gets a synchronous error of the body; null is returned")
  void synchronousErrorGoesToOnError() {
    IllegalStateException zero = new IllegalStateException("0");
    Object result =
        Dart.run(
            () ->
                Dart.runZonedGuarded(
                    () -> {
                      throw zero;
                    },
                    (e, s) -> {
                      ex.checkSame(zero, e, "error given to onError");
                      ex.expect(1);
                    }));
    assertNull(result);
    ex.finish(2);
  }

  @Test
  @DisplayName("run_zoned6_test: an error onError throws for a synchronous error reaches the caller")
  void onErrorRethrowReachesTheCaller() {
    IllegalStateException zero = new IllegalStateException("0");
    Throwable thrown =
        assertThrows(
            IllegalStateException.class,
            () ->
                Dart.run(
                    () -> {
                      try {
                        Dart.runZonedGuarded(
                            () -> {
                              throw zero;
                            },
                            (e, s) -> {
                              ex.expect(1);
                              throw (IllegalStateException) e;
                            });
                      } finally {
                        ex.expect(2); // The caller sees it: runZonedGuarded did not return.
                      }
                    }));
    assertSame(zero, thrown);
    ex.finish(3);
  }

  @Test
  @DisplayName("run_zoned9_test: nested: the inner onError's rethrow goes to the outer onError, whose rethrow to the caller")
  void nestedOnErrorRethrows() {
    IllegalStateException zero = new IllegalStateException("0");
    boolean[] sawInnerHandler = {false};
    Throwable thrown =
        assertThrows(
            IllegalStateException.class,
            () ->
                Dart.run(
                    () ->
                        Dart.runZonedGuarded(
                            () ->
                                Dart.runZonedGuarded(
                                    () -> {
                                      throw zero;
                                    },
                                    (e, s) -> {
                                      ex.checkSame(zero, e, "inner onError");
                                      sawInnerHandler[0] = true;
                                      throw (IllegalStateException) e;
                                    }),
                            (e, s) -> {
                              ex.checkSame(zero, e, "outer onError");
                              ex.check(sawInnerHandler[0], "the inner handler ran first");
                              throw (IllegalStateException) e;
                            })));
    assertSame(zero, thrown);
    assertTrue(sawInnerHandler[0]);
  }

  @Test
  @DisplayName("runZoned(Runnable): a body without a value runs synchronously in a new zone")
  void runZonedRunnable() {
    Dart.run(
        () -> {
          Zone root = Zone.current();
          Dart.runZoned(
              () -> {
                ex.expect(1);
                ex.check(Zone.current() != root, "runs in a new zone");
                ex.checkSame(root, Zone.current().parent(), "forked from the caller's zone");
                ex.check(Zone.current().inSameErrorZone(root), "shares the parent's error zone");
              });
          ex.checkSame(root, Zone.current(), "back in the caller's zone");
          ex.finish(2);
        });
  }

  @Test
  @DisplayName("runZoned(body, zoneValues, zoneSpecification): the new zone has both")
  void runZonedWithValuesAndSpecification() {
    Object key = new Object();
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  Dart.print("hello " + Zone.current().get(key));
                },
                Map.of(key, "zone"),
                ZoneSpecification.builder()
                    .print((self, parent, zone, line) -> log.add("printed " + line))
                    .build()));
    log.assertLines("printed hello zone");
  }

  @Test
  @DisplayName("runZonedGuarded with a zoneSpecification: its other handlers stay, handleUncaughtError is onError's")
  void runZonedGuardedKeepsTheOtherHandlers() {
    IllegalStateException late = new IllegalStateException("late");
    Object key = new Object();
    Dart.run(
        () ->
            Dart.runZonedGuarded(
                () -> {
                  Dart.print("in zone " + Zone.current().get(key));
                  DFuture.error(late); // No listener: uncaught in this zone.
                },
                (e, s) -> {
                  ex.checkSame(late, e, "the async error");
                  log.add("onError " + e.getMessage());
                },
                Map.of(key, 7),
                ZoneSpecification.builder()
                    .print((self, parent, zone, line) -> log.add("printed " + line))
                    .handleUncaughtError(
                        (self, parent, zone, e, s) -> ex.expectUnreached()) // Replaced.
                    .build()));
    log.assertLines("printed in zone 7", "onError late");
  }

  @Test
  @DisplayName("a zone forked with a handleUncaughtError handler is an error zone: errors do not cross into it")
  void specificationHandlerMakesAnErrorZone() {
    IllegalStateException boom = new IllegalStateException("boom");
    Dart.run(
        () -> {
          Zone guarded =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .handleUncaughtError(
                              (self, parent, zone, e, s) -> log.add("guarded got " + e.getMessage()))
                          .build());
          assertSame(guarded, guarded.errorZone());
          assertFalse(guarded.inSameErrorZone(Zone.root()));
          DFuture<Integer> failing = guarded.run(() -> DFuture.<Integer>error(boom));
          // The listener is in another error zone: it never gets the error, which is uncaught in
          // the future's own zone instead.
          failing.catchError(
              e -> {
                ex.expectUnreached();
                return 0;
              });
        });
    log.assertLines("guarded got boom");
  }
}
