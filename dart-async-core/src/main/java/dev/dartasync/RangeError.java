package dev.dartasync;

import dev.dartasync.internal.DartText;

/**
 * Dart's {@code RangeError}: an argument is outside the accepted range.
 *
 * <p>{@link #toString()} is {@code RangeError[ (<name>)][: <message>][: <explanation>]: <value>},
 * the explanation describing the range:
 * <ul>
 *   <li>{@code RangeError.range(-1, 0, null, "index")}:
 *       {@code RangeError (index): Invalid value: Not greater than or equal to 0: -1}</li>
 *   <li>{@code RangeError.range(7, null, 5, "x")}:
 *       {@code RangeError (x): Invalid value: Not less than or equal to 5: 7}</li>
 *   <li>{@code RangeError.range(7, 0, 5, "x")}:
 *       {@code RangeError (x): Invalid value: Not in inclusive range 0..5: 7}</li>
 *   <li>{@code RangeError.range(7, 3, 3, "x")}: {@code RangeError (x): Invalid value: Only valid value is 3: 7}</li>
 *   <li>{@code RangeError.range(7, 3, 2, "x")}: {@code RangeError (x): Invalid value: Valid value range is empty: 7}</li>
 *   <li>{@code RangeError.value(7, "x")}: {@code RangeError (x): Value not in range: 7}</li>
 *   <li>{@code new RangeError("m")}: {@code RangeError: m}</li>
 * </ul>
 */
public class RangeError extends ArgumentError {
    private static final long serialVersionUID = 1L;

    private final transient Number start;
    private final transient Number end;

    /**
     * Creates a range error with only a message: {@code RangeError: <message>}.
     *
     * @param message the description, or {@code null}
     */
    public RangeError(String message) {
        super(false, null, null, message);
        this.start = null;
        this.end = null;
    }

    /**
     * The constructor with a value, for this package.
     *
     * @param invalidValue the invalid value
     * @param start the smallest allowed value, or {@code null} for no lower bound
     * @param end the largest allowed value, or {@code null} for no upper bound
     * @param name the parameter name, or {@code null}
     * @param message the message, or {@code null}
     */
    RangeError(Number invalidValue, Number start, Number end, String name, String message) {
        super(true, invalidValue, name, message);
        this.start = start;
        this.end = end;
    }

    /**
     * Dart's {@code RangeError.value(value)}: {@code RangeError: Value not in range: <value>}.
     *
     * @param value the invalid value
     * @return the error
     */
    public static RangeError value(Number value) {
        return value(value, null, null);
    }

    /**
     * Dart's {@code RangeError.value(value, name)}: {@code RangeError (<name>): Value not in range: <value>}.
     *
     * @param value the invalid value
     * @param name the parameter name, or {@code null}
     * @return the error
     */
    public static RangeError value(Number value, String name) {
        return value(value, name, null);
    }

    /**
     * Dart's {@code RangeError.value(value, name, message)}:
     * {@code RangeError (<name>): <message>: <value>}, the message defaulting to
     * {@code Value not in range}.
     *
     * @param value the invalid value
     * @param name the parameter name, or {@code null}
     * @param message the message, or {@code null} for {@code Value not in range}
     * @return the error
     */
    public static RangeError value(Number value, String name, String message) {
        return new RangeError(value, null, null, name, message != null ? message : "Value not in range");
    }

    /**
     * Dart's {@code RangeError.range(value, min, max)}:
     * {@code RangeError: Invalid value: Not in inclusive range 0..5: 7}.
     *
     * @param invalidValue the invalid value
     * @param minValue the smallest allowed value, or {@code null} for none
     * @param maxValue the largest allowed value, or {@code null} for none
     * @return the error
     */
    public static RangeError range(Number invalidValue, Number minValue, Number maxValue) {
        return range(invalidValue, minValue, maxValue, null, null);
    }

    /**
     * Dart's {@code RangeError.range(value, min, max, name)}, e.g.
     * {@code RangeError (index): Invalid value: Not greater than or equal to 0: -1}.
     *
     * @param invalidValue the invalid value
     * @param minValue the smallest allowed value, or {@code null} for none
     * @param maxValue the largest allowed value, or {@code null} for none
     * @param name the parameter name, or {@code null}
     * @return the error
     */
    public static RangeError range(Number invalidValue, Number minValue, Number maxValue, String name) {
        return range(invalidValue, minValue, maxValue, name, null);
    }

    /**
     * Dart's {@code RangeError.range(value, min, max, name, message)}; the message defaults to
     * {@code Invalid value}.
     *
     * @param invalidValue the invalid value
     * @param minValue the smallest allowed value, or {@code null} for none
     * @param maxValue the largest allowed value, or {@code null} for none
     * @param name the parameter name, or {@code null}
     * @param message the message, or {@code null} for {@code Invalid value}
     * @return the error
     */
    public static RangeError range(Number invalidValue, Number minValue, Number maxValue, String name,
            String message) {
        return new RangeError(invalidValue, minValue, maxValue, name,
                message != null ? message : "Invalid value");
    }

    /**
     * Dart's {@code RangeError.checkValueInInterval(value, min, max)} (no name).
     *
     * @param value the value to check
     * @param minValue the smallest allowed value
     * @param maxValue the largest allowed value
     * @return {@code value}
     * @throws RangeError e.g. {@code RangeError: Invalid value: Not in inclusive range 0..5: 7}
     */
    public static int checkValueInInterval(int value, int minValue, int maxValue) {
        return checkValueInInterval(value, minValue, maxValue, null);
    }

    /**
     * Dart's {@code RangeError.checkValueInInterval}: returns {@code value} if
     * {@code minValue <= value <= maxValue}, otherwise throws {@link #range(Number, Number, Number, String)}.
     *
     * @param value the value to check
     * @param minValue the smallest allowed value
     * @param maxValue the largest allowed value
     * @param name the parameter name, or {@code null}
     * @return {@code value}
     * @throws RangeError e.g. {@code RangeError (x): Invalid value: Not in inclusive range 0..5: 7}
     */
    public static int checkValueInInterval(int value, int minValue, int maxValue, String name) {
        if (value < minValue || value > maxValue) {
            throw range(value, minValue, maxValue, name, null);
        }
        return value;
    }

    /**
     * Dart's {@code RangeError.checkNotNegative(value)}: the name defaults to {@code index}.
     *
     * @param value the value to check
     * @return {@code value}
     * @throws RangeError {@code RangeError (index): Invalid value: Not greater than or equal to 0: -1}
     */
    public static int checkNotNegative(int value) {
        return checkNotNegative(value, null, null);
    }

    /**
     * Dart's {@code RangeError.checkNotNegative(value, name)}.
     *
     * @param value the value to check
     * @param name the parameter name, or {@code null} for {@code index}
     * @return {@code value}
     * @throws RangeError {@code RangeError (<name>): Invalid value: Not greater than or equal to 0: <value>}
     */
    public static int checkNotNegative(int value, String name) {
        return checkNotNegative(value, name, null);
    }

    /**
     * Dart's {@code RangeError.checkNotNegative(value, name, message)}.
     *
     * @param value the value to check
     * @param name the parameter name, or {@code null} for {@code index}
     * @param message the message, or {@code null} for {@code Invalid value}
     * @return {@code value}
     * @throws RangeError {@code RangeError (<name>): <message>: Not greater than or equal to 0: <value>}
     */
    public static int checkNotNegative(int value, String name, String message) {
        if (value < 0) {
            throw range(value, 0, null, name != null ? name : "index", message);
        }
        return value;
    }

    /**
     * Dart's {@code RangeError.checkValidRange(start, end, length)}: checks
     * {@code 0 <= start <= end <= length} ({@code end == null} meaning {@code length}); the names
     * default to {@code start} and {@code end}.
     *
     * @param start the start of the slice
     * @param end the end of the slice, or {@code null} for {@code length}
     * @param length the length of the indexable object
     * @return the actual end: {@code end}, or {@code length} if {@code end} is {@code null}
     * @throws RangeError e.g. {@code RangeError (end): Invalid value: Not in inclusive range 2..5: 9}
     */
    public static int checkValidRange(int start, Integer end, int length) {
        if (0 > start || start > length) {
            throw range(start, 0, length, "start", null);
        }
        if (end != null) {
            if (start > end || end > length) {
                throw range(end, start, length, "end", null);
            }
            return end;
        }
        return length;
    }

    /**
     * The smallest allowed value (Dart's {@code start}).
     *
     * @return the lower bound, or {@code null} if there is none
     */
    public Number start() {
        return start;
    }

    /**
     * The largest allowed value (Dart's {@code end}).
     *
     * @return the upper bound, or {@code null} if there is none
     */
    public Number end() {
        return end;
    }

    /**
     * The invalid value.
     *
     * @return the value, or {@code null} for {@link #RangeError(String)}
     */
    @Override
    public Number invalidValue() {
        return (Number) super.invalidValue();
    }

    @Override
    String errorName() {
        return "RangeError";
    }

    @Override
    String errorExplanation() {
        if (start == null) {
            return end == null ? "" : ": Not less than or equal to " + DartText.toDartString(end);
        }
        if (end == null) {
            return ": Not greater than or equal to " + DartText.toDartString(start);
        }
        int cmp = compare(end, start);
        if (cmp > 0) {
            return ": Not in inclusive range " + DartText.toDartString(start) + ".."
                    + DartText.toDartString(end);
        }
        if (cmp < 0) {
            return ": Valid value range is empty";
        }
        return ": Only valid value is " + DartText.toDartString(start);
    }

    private static int compare(Number a, Number b) {
        if (isIntegral(a) && isIntegral(b)) {
            return Long.compare(a.longValue(), b.longValue());
        }
        return Double.compare(a.doubleValue(), b.doubleValue());
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }
}
