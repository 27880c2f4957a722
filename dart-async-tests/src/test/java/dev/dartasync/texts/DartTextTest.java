package dev.dartasync.texts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.internal.Testing;
import io.vavr.Tuple;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Dart's {@code print}/interpolation text of values ({@code Testing.toDartString}). */
class DartTextTest {

    private static String t(Object value) {
        return Testing.toDartString(value);
    }

    @Test
    void nullStringsBooleansIntegers() {
        assertEquals("null", t(null));
        assertEquals("hello", t("hello"));
        assertEquals("", t(""));
        assertEquals("true", t(true));
        assertEquals("42", t(42));
        assertEquals("-7", t(-7L));
        assertEquals("9223372036854775807", t(Long.MAX_VALUE));
        assertEquals("123456789012345678901234567890", t(new BigInteger("123456789012345678901234567890")));
        assertEquals("x", t('x'));
    }

    @Test
    void integralDoublesKeepPointZero() {
        assertEquals("1.0", t(1.0));
        assertEquals("0.0", t(0.0));
        assertEquals("-0.0", t(-0.0));
        assertEquals("100.0", t(100.0));
        assertEquals("10000000000.0", t(1e10));
        assertEquals("100000000000000000000.0", t(1e20));
        assertEquals("-3.0", t(-3.0));
    }

    @Test
    void exponentFormFrom1e21AndBelow1e6() {
        assertEquals("1e+21", t(1e21));
        assertEquals("1.5e+21", t(1.5e21));
        assertEquals("-1e+21", t(-1e21));
        assertEquals("1.7976931348623157e+308", t(Double.MAX_VALUE));
        assertEquals("0.000001", t(1e-6));
        assertEquals("0.0000015", t(1.5e-6));
        assertEquals("1e-7", t(1e-7));
        assertEquals("1.5e-7", t(1.5e-7));
        assertEquals("5e-324", t(Double.MIN_VALUE));
        assertEquals("2.2250738585072014e-308", t(Double.MIN_NORMAL));
    }

    @Test
    void shortestRepresentation() {
        assertEquals("0.1", t(0.1));
        assertEquals("0.30000000000000004", t(0.1 + 0.2));
        assertEquals("0.3333333333333333", t(1.0 / 3));
        assertEquals("123.456", t(123.456));
        assertEquals("-2.5", t(-2.5));
        assertEquals("2.5", t(2.5f));
        assertEquals("0.1", t(0.1f));
    }

    @Test
    void specialDoubles() {
        assertEquals("NaN", t(Double.NaN));
        assertEquals("Infinity", t(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", t(Double.NEGATIVE_INFINITY));
    }

    @Test
    void listsSetsMaps() {
        assertEquals("[1, 2.0, a, null, true]", t(java.util.Arrays.asList(1, 2.0, "a", null, true)));
        assertEquals("[]", t(List.of()));
        assertEquals("[[1, 2], [3]]", t(List.of(List.of(1, 2), List.of(3))));
        assertEquals("{1, 2}", t(new LinkedHashSet<>(List.of(1, 2))));
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", 1);
        map.put("b", List.of(1.5, "x"));
        assertEquals("{a: 1, b: [1.5, x]}", t(map));
        assertEquals("{}", t(Map.of()));
        assertEquals("MapEntry(k: 1.0)", t(Map.entry("k", 1.0)));
        assertEquals("[0:00:01.000000]", t(List.of(Duration.ofSeconds(1))));
    }

    @Test
    void arraysPrintLikeLists() {
        assertEquals("[1, 2]", t(new int[] {1, 2}));
        assertEquals("[1.0, 0.5]", t(new double[] {1.0, 0.5}));
        assertEquals("[a, null]", t(new String[] {"a", null}));
    }

    @Test
    void tuplesPrintLikeRecords() {
        assertEquals("(1, a)", t(Tuple.of(1, "a")));
        assertEquals("(null, 2.0, [x])", t(Tuple.of(null, 2.0, List.of("x"))));
        assertEquals("(1,)", t(Tuple.of(1)));
        assertEquals("()", t(Tuple.empty()));
    }

    @Test
    void otherIterablesUseParentheses() {
        Iterable<Integer> three = () -> List.of(1, 2, 3).iterator();
        assertEquals("(1, 2, 3)", t(three));
        assertEquals("(1, 2)", t(io.vavr.collection.List.of(1, 2)));
    }

    @Test
    void longIterablesAreAbbreviatedLikeDart() {
        Iterable<Integer> hundred = () -> IntStream.range(0, 100).iterator();
        String text = t(hundred);
        assertEquals("(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, ..., 98, 99)", text);
        assertTrue(text.length() <= 80, text);
        Iterable<Integer> six = () -> IntStream.range(0, 6).iterator();
        assertEquals("(0, 1, 2, 3, 4, 5)", t(six));
    }

    @Test
    void infiniteIterablesStopAfterAHundredElements() {
        Iterable<Integer> naturals = () -> Stream.iterate(0, i -> i + 1).iterator();
        String text = t(naturals);
        assertTrue(text.startsWith("(0, 1, 2, "), text);
        assertTrue(text.endsWith(", ...)"), text);
        assertTrue(text.length() <= 80, text);
    }

    @Test
    void selfContainingCollections() {
        List<Object> list = new ArrayList<>();
        list.add(1);
        list.add(list);
        assertEquals("[1, [...]]", t(list));
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("self", map);
        assertEquals("{self: {...}}", t(map));
    }

    @Test
    void throwablesPrintTheirToString() {
        assertEquals("Bad state: ads down", t(new StateError("ads down")));
        assertEquals("Exception: boom", t(new DartException("boom")));
        assertEquals("[Bad state: x]", t(List.of(new StateError("x"))));
        assertEquals("java.lang.RuntimeException: plain", t(new RuntimeException("plain")));
    }

    @Test
    void otherObjectsPrintTheirToString() {
        Object o = new Object() {
            @Override
            public String toString() {
                return "custom";
            }
        };
        assertEquals("custom", t(o));
        assertEquals("[custom]", t(List.of(o)));
    }

    @Test
    void safeToString() {
        assertEquals("null", Testing.safeToString(null));
        assertEquals("5", Testing.safeToString(5));
        assertEquals("1.0", Testing.safeToString(1.0));
        assertEquals("false", Testing.safeToString(false));
        assertEquals("\"a\\\"b\"", Testing.safeToString("a\"b"));
        assertEquals("\"\\r\\f\\b\"", Testing.safeToString("\r\f\b"));
        assertEquals("\"\\u001f\"", Testing.safeToString("\u001f"));
        assertEquals("\"\ud83d\ude00\"", Testing.safeToString("\ud83d\ude00")); // a pair is kept
        assertEquals("Instance of 'Duration'", Testing.safeToString(Duration.ZERO));
        assertEquals("Instance of 'Map'", Testing.safeToString(Map.of()));
    }

    @Test
    void dartTypeNames() {
        assertEquals("int", Testing.dartTypeName(Integer.class));
        assertEquals("int", Testing.dartTypeName(Long.class));
        assertEquals("double", Testing.dartTypeName(Double.class));
        assertEquals("num", Testing.dartTypeName(Number.class));
        assertEquals("bool", Testing.dartTypeName(Boolean.class));
        assertEquals("String", Testing.dartTypeName(String.class));
        assertEquals("Object", Testing.dartTypeName(Object.class));
        assertEquals("List", Testing.dartTypeName(ArrayList.class));
        assertEquals("StateError", Testing.dartTypeName(StateError.class));
        assertEquals("Null", Testing.dartTypeName(null));
    }
}
