package dev.dartasync.internal;

import io.vavr.Tuple;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders Java values the way Dart's {@code print} and string interpolation ({@code '$value'}) render
 * the corresponding Dart values.
 *
 * <p>Rules of {@link #toDartString(Object)}:
 * <ul>
 *   <li>{@code null} is {@code null}; a {@link String} is itself; a {@link Character} is its one-char string;</li>
 *   <li>integral numbers ({@link Integer}, {@link Long}, {@link Short}, {@link Byte}, {@link BigInteger})
 *       are plain: {@code 42}; {@link Double} and {@link Float} follow Dart's {@code double.toString}
 *       ({@link DartDouble}): {@code 1.0}, {@code 0.1}, {@code 1e+21}, {@code NaN}, {@code Infinity};</li>
 *   <li>{@link Boolean} is {@code true}/{@code false}; {@link Duration} is {@link #duration(Duration)};</li>
 *   <li>a {@link List} or an array is {@code [a, b]}, a {@link Set} is {@code {a, b}}, a {@link Map} is
 *       {@code {k: v, k2: v2}}, a {@link Map.Entry} is {@code MapEntry(k: v)}, a vavr {@link Tuple} (the
 *       Java shape of a Dart record) is {@code (a, b)} ({@code (a,)} for one field, {@code ()} for none),
 *       any other {@link Iterable} is {@code (a, b)} abbreviated like Dart's {@code Iterable.toString}
 *       ({@code (0, 1, 2, ..., 98, 99)}); elements are rendered recursively by these rules and a
 *       collection containing itself renders the inner occurrence as {@code [...]}, {@code {...}} or
 *       {@code (...)}, as in Dart;</li>
 *   <li>a {@link Throwable} is its {@code toString()}: the Dart text for this library's Dart error
 *       classes ({@code Bad state: m}), Java's text for other throwables;</li>
 *   <li>everything else (including {@link Path}) is its {@code toString()}.</li>
 * </ul>
 */
public final class DartText {
    private static final BigInteger THOUSAND = BigInteger.valueOf(1_000);
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;

    private DartText() {
    }

    /**
     * Renders {@code value} as Dart's {@code '$value'} renders the corresponding Dart value.
     *
     * <p>Examples: {@code toDartString(List.of(1, 2.5, "a"))} is {@code [1, 2.5, a]};
     * {@code toDartString(Map.of("k", 1.0))} is {@code {k: 1.0}};
     * {@code toDartString(Duration.ofMillis(1500))} is {@code 0:00:01.500000}.
     *
     * @param value any value, or {@code null}
     * @return the Dart text of {@code value}
     */
    public static String toDartString(Object value) {
        return render(value, new IdentityHashMap<>());
    }

    /**
     * Renders a duration as Dart's {@code Duration.toString()}: {@code H:MM:SS.ffffff}, hours not padded,
     * a {@code -} in front of negative durations, truncated (towards zero) to whole microseconds.
     *
     * <p>Examples: {@code 0:00:00.100000}, {@code 0:00:01.500000}, {@code 100:00:00.000000},
     * {@code -0:00:00.000001}, {@code 25:33:00.000500}.
     *
     * @param duration a non-null duration
     * @return Dart's text of the same duration
     */
    public static String duration(Duration duration) {
        BigInteger nanos = BigInteger.valueOf(duration.getSeconds())
                .multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(duration.getNano()));
        BigInteger micros = nanos.divide(THOUSAND); // truncates towards zero
        String sign = micros.signum() < 0 ? "-" : "";
        BigInteger[] hoursAndRest = micros.abs().divideAndRemainder(BigInteger.valueOf(MICROS_PER_HOUR));
        long rest = hoursAndRest[1].longValueExact();
        long minutes = rest / MICROS_PER_MINUTE;
        rest %= MICROS_PER_MINUTE;
        long seconds = rest / MICROS_PER_SECOND;
        rest %= MICROS_PER_SECOND;
        return sign + hoursAndRest[0] + ":" + (minutes < 10 ? "0" : "") + minutes + ":"
                + (seconds < 10 ? "0" : "") + seconds + "." + String.format("%06d", rest);
    }

    /**
     * Dart's {@code Error.safeToString}, as the Dart VM implements it: numbers, booleans and {@code null}
     * as their text ({@code 5}, {@code 2.5}, {@code true}, {@code null}); strings as a JSON string literal
     * ({@code "a\"b"}; {@code \b \t \n \f \r} escaped as such, other control characters and lone
     * surrogates as a backslash, {@code u} and four lowercase hex digits); every other
     * object as {@code Instance of 'TypeName'} without calling its {@code toString()} (type names as
     * {@link #dartTypeName(Class)}).
     *
     * @param value any value, or {@code null}
     * @return the safe text of {@code value}
     */
    public static String safeToString(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return toDartString(value);
        }
        if (value instanceof String || value instanceof Character) {
            return jsonQuote(value.toString());
        }
        return TextAudit.record("safeToString", instanceOf(value.getClass()));
    }

    /** Dart's {@code Object.toString()}: {@code Instance of 'TypeName'}. */
    private static String instanceOf(Class<?> type) {
        return "Instance of '" + dartTypeName(type) + "'";
    }

    /**
     * The Dart name of the type a Java class stands for: {@code int} for the integral boxes and
     * {@link BigInteger}, {@code double} for {@link Double}/{@link Float}, {@code num}, {@code bool},
     * {@code String} (also for {@link Character}), {@code void}, {@code Null} (for {@code null}),
     * {@code List}, {@code Set}, {@code Map} for their implementations, {@code Closure} for lambda
     * classes, otherwise the class's simple name ({@code Duration}, {@code StateError}). A class of
     * this library's internals is named after the public type it stands for ({@link PublicFace}),
     * with Dart's name and {@code dynamic} type arguments: {@code Future<dynamic>}, {@code
     * Stream<dynamic>}, {@code StreamSubscription<dynamic>}, {@code Zone}; one without a public
     * type is {@code Object}.
     *
     * @param type a class, or {@code null} for Dart's {@code Null}
     * @return the Dart type name, e.g. {@code "int"} for {@code Integer.class}
     */
    public static String dartTypeName(Class<?> type) {
        if (type == null) {
            return "Null";
        }
        if (type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
                || type == BigInteger.class || type == int.class || type == long.class
                || type == short.class || type == byte.class) {
            return "int";
        }
        if (type == Double.class || type == Float.class || type == double.class || type == float.class) {
            return "double";
        }
        if (type == Number.class) {
            return "num";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "bool";
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "String";
        }
        if (type == Void.class || type == void.class) {
            return "void";
        }
        if (List.class.isAssignableFrom(type)) {
            return "List";
        }
        if (Set.class.isAssignableFrom(type)) {
            return "Set";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "Map";
        }
        if (type.isHidden() || type.isSynthetic()) {
            return "Closure";
        }
        if (PublicFace.isInternal(type)) {
            return publicName(PublicFace.of(type));
        }
        String simple = type.getSimpleName();
        if (simple.isEmpty()) { // anonymous class: Outer$1
            String name = type.getName();
            return name.substring(name.lastIndexOf('.') + 1);
        }
        return simple;
    }

    /** The Dart name of an internal class's public face: {@code Future<dynamic>}, {@code Zone}. */
    private static String publicName(Class<?> face) {
        if (face == null) {
            return "Object";
        }
        String name = face == dev.dartasync.DFuture.class ? "Future"
                : face == dev.dartasync.DStream.class ? "Stream"
                : face.getSimpleName();
        int parameters = face.getTypeParameters().length;
        if (parameters == 0) {
            return name;
        }
        return name + "<" + String.join(", ", java.util.Collections.nCopies(parameters, "dynamic"))
                + ">";
    }

    /** Whether {@code type} uses {@code Object.toString()} (a hash code after the class name). */
    private static final ClassValue<Boolean> DEFAULT_TO_STRING = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("toString").getDeclaringClass() == Object.class;
            } catch (NoSuchMethodException e) {
                return true;
            }
        }
    };

    /**
     * The fallback of {@link #render}: the object's {@code toString()}, except for an object of the
     * library's internals that has none of its own, which gets Dart's {@code Instance of '…'} (its
     * class name must not reach the user). The library's own renderings are recorded for the
     * {@link TextAudit}.
     */
    private static String objectText(Object value) {
        Class<?> type = value.getClass();
        if (PublicFace.isInternal(type) && !type.isHidden() && DEFAULT_TO_STRING.get(type)) {
            return TextAudit.record("print", instanceOf(type));
        }
        String text = value.toString();
        String pkg = type.getPackageName();
        boolean library = pkg.equals("dev.dartasync") || pkg.equals("dev.dartasync.isolate")
                || PublicFace.isInternal(type);
        return library ? TextAudit.record("print", text) : text;
    }

    private static String render(Object value, IdentityHashMap<Object, Boolean> visiting) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Character || value instanceof Boolean || value instanceof Path) {
            return value.toString();
        }
        if (value instanceof Double d) {
            return DartDouble.toDartString(d);
        }
        if (value instanceof Float f) {
            return DartDouble.toDartString(Double.parseDouble(Float.toString(f)));
        }
        if (value instanceof Number || value instanceof Throwable) {
            return value.toString();
        }
        if (value instanceof Duration d) {
            return duration(d);
        }
        if (value instanceof List<?> list) {
            return full(list, "[", "]", visiting);
        }
        if (value instanceof Set<?> set) {
            return full(set, "{", "}", visiting);
        }
        if (value instanceof Map<?, ?> map) {
            return map(map, visiting);
        }
        if (value instanceof Map.Entry<?, ?> e) {
            return "MapEntry(" + render(e.getKey(), visiting) + ": " + render(e.getValue(), visiting) + ")";
        }
        if (value instanceof Tuple tuple) {
            return tuple(tuple, visiting);
        }
        if (value instanceof Iterable<?> iterable) {
            return abbreviated(iterable, visiting);
        }
        if (value.getClass().isArray()) {
            List<Object> elements = new ArrayList<>();
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                elements.add(Array.get(value, i));
            }
            return visiting.containsKey(value) ? "[...]" : guarded(value, visiting,
                    () -> join(elements, "[", "]", visiting));
        }
        return objectText(value);
    }

    private static String full(Iterable<?> items, String open, String close,
            IdentityHashMap<Object, Boolean> visiting) {
        if (visiting.containsKey(items)) {
            return open + "..." + close;
        }
        return guarded(items, visiting, () -> join(items, open, close, visiting));
    }

    private static String join(Iterable<?> items, String open, String close,
            IdentityHashMap<Object, Boolean> visiting) {
        StringBuilder out = new StringBuilder(open);
        String separator = "";
        for (Object item : items) {
            out.append(separator).append(render(item, visiting));
            separator = ", ";
        }
        return out.append(close).toString();
    }

    private static String map(Map<?, ?> map, IdentityHashMap<Object, Boolean> visiting) {
        if (visiting.containsKey(map)) {
            return "{...}";
        }
        return guarded(map, visiting, () -> {
            StringBuilder out = new StringBuilder("{");
            String separator = "";
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(separator).append(render(e.getKey(), visiting)).append(": ")
                        .append(render(e.getValue(), visiting));
                separator = ", ";
            }
            return out.append('}').toString();
        });
    }

    private static String tuple(Tuple tuple, IdentityHashMap<Object, Boolean> visiting) {
        if (tuple.arity() == 1) {
            return "(" + render(tuple.toSeq().get(0), visiting) + ",)";
        }
        return join(tuple.toSeq(), "(", ")", visiting);
    }

    /** Dart's {@code Iterable.toString} ({@code iterableToShortString}): at most about 80 characters. */
    private static String abbreviated(Iterable<?> iterable, IdentityHashMap<Object, Boolean> visiting) {
        if (visiting.containsKey(iterable)) {
            return "(...)";
        }
        return guarded(iterable, visiting, () -> {
            List<String> parts = new ArrayList<>();
            abbreviatedParts(iterable.iterator(), parts, visiting);
            return "(" + String.join(", ", parts) + ")";
        });
    }

    // Port of _iterablePartsToStrings (sdk/lib/collection/iterable.dart).
    private static void abbreviatedParts(Iterator<?> it, List<String> parts,
            IdentityHashMap<Object, Boolean> visiting) {
        final int lengthLimit = 80;
        final int headCount = 3;
        final int tailCount = 2;
        final int maxCount = 100;
        final int overhead = 2;
        final int ellipsisSize = 3;
        int length = 0;
        int count = 0;
        while (length < lengthLimit || count < headCount) {
            if (!it.hasNext()) {
                return;
            }
            String next = render(it.next(), visiting);
            parts.add(next);
            length += next.length() + overhead;
            count++;
        }
        String penultimateString;
        String ultimateString;
        if (!it.hasNext()) {
            if (count <= headCount + tailCount) {
                return;
            }
            ultimateString = parts.remove(parts.size() - 1);
            penultimateString = parts.remove(parts.size() - 1);
        } else {
            Object penultimate = it.next();
            count++;
            if (!it.hasNext()) {
                if (count <= headCount + 1) {
                    parts.add(render(penultimate, visiting));
                    return;
                }
                ultimateString = render(penultimate, visiting);
                penultimateString = parts.remove(parts.size() - 1);
                length += ultimateString.length() + overhead;
            } else {
                Object ultimate = it.next();
                count++;
                while (it.hasNext()) {
                    penultimate = ultimate;
                    ultimate = it.next();
                    count++;
                    if (count > maxCount) {
                        while (length > lengthLimit - ellipsisSize - overhead && count > headCount) {
                            length -= parts.remove(parts.size() - 1).length() + overhead;
                            count--;
                        }
                        parts.add("...");
                        return;
                    }
                }
                penultimateString = render(penultimate, visiting);
                ultimateString = render(ultimate, visiting);
                length += ultimateString.length() + penultimateString.length() + 2 * overhead;
            }
        }
        String elision = null;
        if (count > parts.size() + tailCount) {
            elision = "...";
            length += ellipsisSize + overhead;
        }
        while (length > lengthLimit && parts.size() > headCount) {
            length -= parts.remove(parts.size() - 1).length() + overhead;
            if (elision == null) {
                elision = "...";
                length += ellipsisSize + overhead;
            }
        }
        if (elision != null) {
            parts.add(elision);
        }
        parts.add(penultimateString);
        parts.add(ultimateString);
    }

    private static String guarded(Object container, IdentityHashMap<Object, Boolean> visiting,
            java.util.function.Supplier<String> body) {
        visiting.put(container, Boolean.TRUE);
        try {
            return body.get();
        } finally {
            visiting.remove(container);
        }
    }

    /** Dart's {@code json.encode(string)}: the VM's {@code Error._stringToSafeString}. */
    private static String jsonQuote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                switch (c) {
                    case '\b' -> out.append("\\b");
                    case '\t' -> out.append("\\t");
                    case '\n' -> out.append("\\n");
                    case '\f' -> out.append("\\f");
                    case '\r' -> out.append("\\r");
                    default -> out.append(String.format("\\u%04x", (int) c));
                }
            } else if (Character.isHighSurrogate(c)
                    && !(i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))) {
                out.append(String.format("\\u%04x", (int) c)); // lone lead surrogate
            } else if (Character.isLowSurrogate(c)
                    && !(i > 0 && Character.isHighSurrogate(s.charAt(i - 1)))) {
                out.append(String.format("\\u%04x", (int) c)); // lone trail surrogate
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

  /**
   * Prints an uncaught error the way the {@code dart} command does: {@code Unhandled exception:},
   * the error's Dart text, then its stack trace (if not empty), each on its own line.
   */
  public static void printUnhandled(
      java.io.PrintStream out, Throwable error, dev.dartasync.StackTrace stackTrace) {
    StringBuilder text = new StringBuilder("Unhandled exception:\n");
    text.append(TextAudit.record("Unhandled exception", toDartString(error))).append('\n');
    String stack = stackTrace == null ? "" : stackTrace.toString();
    if (!stack.isEmpty()) {
      text.append(stack.endsWith("\n") ? stack : stack + "\n");
    }
    out.print(text); // One write, so that two isolates' reports do not interleave.
  }
}
