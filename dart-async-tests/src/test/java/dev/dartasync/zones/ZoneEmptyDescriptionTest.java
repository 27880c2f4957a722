package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Dart;
import dev.dartasync.Zone;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Port of the SDK's tests/lib/async/zone_empty_description_test.dart (Dart 3 version): a zone
 * forked without handlers runs, registers and schedules exactly as the root does, in itself.
 */
class ZoneEmptyDescriptionTest {

  @RegisterExtension final Expect ex = new Expect();

  private int asyncRuns;

  private void testForkedZone(Zone forked) throws Exception {
    Zone root = Zone.root();
    Object result =
        forked.run(
            () -> {
              assertSame(forked, Zone.current());
              return 499;
            });
    assertEquals(499, result);
    assertSame(root, Zone.current());

    result =
        forked.runUnary(
            (Integer x) -> {
              assertEquals(42, x);
              assertSame(forked, Zone.current());
              return -499;
            },
            42);
    assertEquals(-499, result);
    assertSame(root, Zone.current());

    boolean[] runGuardedDidRun = {false};
    forked.runGuarded(
        () -> {
          runGuardedDidRun[0] = true;
          assertSame(forked, Zone.current());
        });
    assertSame(root, Zone.current());
    assertTrue(runGuardedDidRun[0]);

    runGuardedDidRun[0] = false;
    forked.runUnaryGuarded(
        (Integer x) -> {
          runGuardedDidRun[0] = true;
          assertEquals(42, x);
          assertSame(forked, Zone.current());
        },
        42);
    assertSame(root, Zone.current());
    assertTrue(runGuardedDidRun[0]);

    Callable<Integer> callback = () -> 499;
    assertSame(callback, forked.registerCallback(callback));
    assertSame(root, Zone.current());

    Function<Integer, Integer> callback1 = x -> 42 + x;
    assertSame(callback1, forked.registerUnaryCallback(callback1));
    assertSame(root, Zone.current());

    boolean[] asyncDidRun = {false};
    forked.scheduleMicrotask(
        () -> {
          ex.checkSame(forked, Zone.current(), "zone of the microtask");
          asyncDidRun[0] = true;
          asyncRuns++;
        });
    assertFalse(asyncDidRun[0]);
    assertSame(root, Zone.current());

    forked.createTimer(
        Duration.ZERO,
        () -> {
          ex.checkSame(forked, Zone.current(), "zone of the timer");
          asyncRuns++;
        });
    assertSame(root, Zone.current());
  }

  @Test
  @DisplayName("zone_empty_description_test: a zone without handlers, and its child, behave as the root, in themselves")
  void emptyDescription() {
    Dart.run(
        () -> {
          assertSame(Zone.root(), Zone.current());
          Zone forked = Zone.current().fork();
          assertNotSame(Zone.root(), forked);
          testForkedZone(forked);
          Zone forkedChild = forked.fork();
          testForkedZone(forkedChild);
          return null;
        });
    assertEquals(4, asyncRuns);
  }
}
