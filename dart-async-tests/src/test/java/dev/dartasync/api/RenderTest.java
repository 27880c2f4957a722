package dev.dartasync.api;

import static dev.dartasync.Dart.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.dartasync.ArgumentError;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.TimeoutException;
import io.vavr.Tuple;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code Dart.str}: Dart's string interpolation {@code '$x'}, where Java's {@code +} gives Java's
 * text. Each expected string is what the Dart VM prints for the corresponding Dart value.
 */
class RenderTest {

  @Test
  @DisplayName("numbers: doubles keep Dart's form (1.0, 1e+21, NaN), ints are plain")
  void numbers() {
    assertEquals("1.0", str(1.0));
    assertEquals("1e+21", str(1e21));
    assertEquals("1e-7", str(1e-7));
    assertEquals("0.1", str(0.1f));
    assertEquals("NaN", str(Double.NaN));
    assertEquals("-Infinity", str(Double.NEGATIVE_INFINITY));
    assertEquals("42", str(42));
    assertEquals("-0.0", str(-0.0));
    assertNotEquals("" + 1e21, str(1e21), "Java's + prints 1.0E21");
  }

  @Test
  @DisplayName("collections: [a, b], {a, b}, {k: v}, records (a, b), elements in Dart's text")
  void collections() {
    assertEquals("[a, b]", str(List.of("a", "b")));
    assertEquals("[1.0, null, [2.5e+21]]", str(Arrays.asList(1.0, null, List.of(2.5e21))));
    assertEquals("{1, 2}", str(new LinkedHashSet<>(List.of(1, 2))));
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("k", 1.0);
    map.put("d", Duration.ofMillis(1500));
    assertEquals("{k: 1.0, d: 0:00:01.500000}", str(map));
    assertEquals("(config, null)", str(Tuple.of("config", null)));
    assertEquals("(1,)", str(Tuple.of(1)));
    assertEquals("[1, 2]", str(new int[] {1, 2}));
    assertEquals("[a, b]", str((Object) new String[] {"a", "b"}));
    assertNotEquals("" + map, str(map), "Java's + prints {k=1.0, d=PT1.5S}");
  }

  @Test
  @DisplayName("durations: H:MM:SS.ffffff, as Dart's Duration.toString")
  void durations() {
    assertEquals("0:00:01.000000", str(Duration.ofSeconds(1)));
    assertEquals("0:00:00.050000", str(Duration.ofMillis(50)));
    assertEquals("-0:00:00.000001", str(Duration.ofNanos(-1000)));
    assertEquals("26:03:00.000000", str(Duration.ofHours(26).plusMinutes(3)));
  }

  @Test
  @DisplayName("errors: the library's Dart texts")
  void errors() {
    assertEquals("Bad state: s", str(new StateError("s")));
    assertEquals("Exception: x", str(new DartException("x")));
    assertEquals("Invalid argument(s) (n): Must not be null", str(ArgumentError.notNull("n")));
    assertEquals(
        "TimeoutException after 0:00:01.000000: slow",
        str(new TimeoutException("slow", Duration.ofSeconds(1))));
  }

  @Test
  @DisplayName("several parts: concatenated Dart texts, like 'a $x b'")
  void parts() {
    List<Double> r = List.of(1.0, 2.0);
    assertEquals("Future.wait: [1.0, 2.0] -> 300 ms", str("Future.wait: ", r, " -> ", 300, " ms"));
    assertEquals("x=1.0", str("x=", 1.0));
    assertEquals("null", str(null));
    assertEquals("anull", str("a", null));
    assertEquals("abnull", str("a", "b", (Object[]) null));
    assertEquals("abnull", str("a", "b", (Object) null));
    assertEquals("ab[x]", str("a", "b", List.of("x")));
    assertEquals("a[x]", str("a", new String[] {"x"}), "two parts: the array is one part");
    assertEquals(
        "abx", str("a", "b", (Object[]) new String[] {"x"}), "documented caveat: Java spreads varargs");
    assertEquals("ab[x]c", str("a", "b", new String[] {"x"}, "c"));
  }
}
