package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.Dart;
import dev.dartasync.Zone;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Port of the SDK's tests/lib/async/zone_value_test.dart: {@code zone[key]} is {@link Zone#get}.
 *
 * <p>Dart's {@code #foo} symbol is a private constant object here. The lines that look up {@code
 * 0.0} and {@code -0.0} for the key {@code 0} are left out: Dart's {@code 0 == 0.0}, while Java's
 * {@code Integer.valueOf(0).equals(0.0)} is false, and zone lookups use the key's own equality in
 * both languages; the child zone overrides {@code 0} with the key {@code 0} instead of {@code 0.0}.
 */
class ZoneValueTest {

  private static final Object FOO = new Object() {
    @Override
    public String toString() {
      return "Symbol(\"foo\")";
    }
  };

  /** Considers itself equal to its original (and to other mimics of it), with the same hash. */
  static final class Mimic {
    final Object original;

    Mimic(Object original) {
      this.original = original;
    }

    @Override
    public int hashCode() {
      return original.hashCode();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Mimic m ? equals(m.original) : original.equals(other);
    }
  }

  private static void assertAbsent(Zone zone, Object... keys) {
    for (Object key : keys) {
      assertNull(zone.get(key), "value for " + key);
    }
  }

  @Test
  @DisplayName("zone_value_test: values live on the forked zone, are looked up by equality, shadow the parent's")
  void zoneValues() {
    Mimic baz = new Mimic(new Object()); // A unique object...
    Mimic mimic = new Mimic(baz.original); // ...and one that thinks it is the same.
    Dart.run(
        () -> {
          assertSame(Zone.root(), Zone.current());

          Map<Object, Object> zoneValues = new HashMap<>();
          List<Object> bar = new ArrayList<>();
          zoneValues.put(FOO, 499);
          zoneValues.put("bar", bar);
          zoneValues.put(baz, "baz");
          zoneValues.put(0, "zero!");
          zoneValues.put(null, baz);

          Zone forked = Zone.current().fork(zoneValues);

          // Values are not present when not inside the zone.
          assertSame(Zone.root(), Zone.current());
          assertAbsent(Zone.current(), FOO, "bar", baz, mimic, 0, null, "qux");

          // Changing the original map has no effect after the zone is created.
          zoneValues.put(FOO, -1);

          // Values are available directly on the zone.
          assertEquals(499, forked.get(FOO));
          assertEquals(List.of(), forked.get("bar"));
          assertEquals("baz", forked.get(baz));
          assertEquals("baz", forked.get(mimic));
          assertEquals("zero!", forked.get(0));
          assertSame(baz, forked.get(null));
          assertNull(forked.get("qux"));

          forked.run(
              () -> {
                assertSame(forked, Zone.current());
                // Values are present on current when inside the zone.
                assertEquals(499, Zone.current().get(FOO));
                assertEquals(List.of(), Zone.current().get("bar"));
                assertEquals("baz", Zone.current().get(baz));
                assertEquals("baz", Zone.current().get(mimic));
                assertEquals("zero!", Zone.current().get(0));
                assertSame(baz, Zone.current().get(null));
                assertNull(Zone.current().get("qux"));
              });

          // Values are still not present when not inside the zone.
          assertAbsent(Zone.current(), FOO, "bar", baz, mimic, 0, null, "qux");

          // Modifying the stored values works as expected.
          bar.add(42);

          forked.run(
              () -> {
                assertEquals(499, Zone.current().get(FOO));
                assertEquals(List.of(42), Zone.current().get("bar"));
                assertEquals("baz", Zone.current().get(baz));
                assertEquals("baz", Zone.current().get(mimic));
                assertEquals("zero!", Zone.current().get(0));
                assertSame(baz, Zone.current().get(null));
                assertNull(Zone.current().get("qux"));
              });

          // A nested zone with new values keeps, overrides and shadows the outer zone's.
          Map<Object, Object> childValues = new HashMap<>();
          childValues.put(FOO, -499); // Values can be overridden.
          childValues.put("bar", null); // Values can be changed to null.
          childValues.put("qux", 99); // Values can be added.
          childValues.put(mimic, "floo"); // An equal, but not identical, key overrides.
          childValues.put(0, "zero!ZERO!");

          Zone forkedChild = forked.fork(childValues);

          assertEquals(-499, forkedChild.get(FOO)); // Overridden.
          assertNull(forkedChild.get("bar")); // Overridden to null.
          assertEquals("floo", forkedChild.get(baz)); // Overridden by mimic.
          assertEquals("floo", forkedChild.get(mimic)); // Now recognizes mimic.
          assertEquals("zero!ZERO!", forkedChild.get(0)); // Overridden.
          assertSame(baz, forkedChild.get(null)); // Inherited.
          assertEquals(99, forkedChild.get("qux")); // Added.

          forkedChild.run(
              () -> {
                assertSame(forkedChild, Zone.current());
                assertEquals(-499, Zone.current().get(FOO));
                assertNull(Zone.current().get("bar"));
                assertEquals("floo", Zone.current().get(baz));
                assertEquals("floo", Zone.current().get(mimic));
                assertEquals("zero!ZERO!", Zone.current().get(0));
                assertSame(baz, Zone.current().get(null));
                assertEquals(99, Zone.current().get("qux"));
              });

          // Parent zone values are unchanged.
          assertEquals(499, forked.get(FOO));
          assertEquals(List.of(42), forked.get("bar"));
          assertEquals("baz", forked.get(baz));
          assertEquals("baz", forked.get(mimic));
          assertEquals("zero!", forked.get(0));
          assertSame(baz, forked.get(null));
          assertNull(forked.get("qux"));
        });
  }

  @Test
  @DisplayName("zone values reach callbacks that run later in the zone (a microtask, a then)")
  void valuesFollowCallbacks() {
    Object key = new Object();
    List<Object> seen = new ArrayList<>();
    Dart.run(
        () -> {
          Dart.runZoned(
              () -> {
                Dart.scheduleMicrotask(() -> seen.add(Zone.current().get(key)));
                dev.dartasync.DFuture.value(1).then(v -> seen.add(Zone.current().get(key)));
              },
              Map.of(key, "request-7"));
          seen.add(Zone.current().get(key)); // Back in the root: no value.
        });
    assertEquals(java.util.Arrays.asList(null, "request-7", "request-7"), seen);
  }
}
