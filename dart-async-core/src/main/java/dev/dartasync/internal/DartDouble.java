package dev.dartasync.internal;

import java.math.BigDecimal;

/**
 * Dart's {@code double.toString()} as the Dart VM computes it.
 *
 * <p>The VM ({@code runtime/vm/double_conversion.cc}, {@code DoubleToCString}) asks the
 * double-conversion library for the <em>shortest</em> digits that read back as the same double, and
 * formats them with these rules:
 * <ul>
 *   <li>{@code NaN}, {@code Infinity}, {@code -Infinity}; negative zero is {@code -0.0};</li>
 *   <li>plain decimal notation when the decimal exponent {@code e} (of {@code d.ddd × 10^e}) is in
 *       {@code -6 <= e < 21}, always with a fraction part: {@code 1.0}, {@code 10000000000.0},
 *       {@code 0.000001}, {@code 123.456};</li>
 *   <li>otherwise exponent notation with an explicit exponent sign and no {@code .0} for a single
 *       digit: {@code 1e+21}, {@code 1.5e-7}, {@code 5e-324}.</li>
 * </ul>
 *
 * <p>The shortest digits come from {@link Double#toString(double)} (shortest since JDK 19), corrected
 * for its one documented difference: when one digit would do, the JDK may still return two
 * ({@code 4.9E-324} for {@code Double.MIN_VALUE}); double-conversion returns the closest one-digit
 * decimal ({@code 5e-324}).
 */
public final class DartDouble {
    private static final int DECIMAL_LOW = -6;
    private static final int DECIMAL_HIGH = 21;

    private DartDouble() {
    }

    /**
     * Renders {@code value} exactly as Dart's {@code double.toString()} does.
     *
     * <p>Examples: {@code 1.0 -> "1.0"}, {@code 0.1 -> "0.1"}, {@code 1e21 -> "1e+21"},
     * {@code 1e-7 -> "1e-7"}, {@code -0.0 -> "-0.0"}, {@code NaN -> "NaN"}.
     *
     * @param value any double
     * @return Dart's text of {@code value}
     */
    public static String toDartString(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        if (value == 0) {
            return (1 / value < 0) ? "-0.0" : "0.0";
        }
        String sign = value < 0 ? "-" : "";
        double abs = Math.abs(value);
        BigDecimal shortest = shortestDecimal(abs);
        String digits = shortest.unscaledValue().toString();
        // value = 0.<digits> * 10^decimalPoint
        int decimalPoint = digits.length() - shortest.scale();
        int exponent = decimalPoint - 1;
        StringBuilder out = new StringBuilder(sign);
        if (exponent >= DECIMAL_LOW && exponent < DECIMAL_HIGH) {
            if (decimalPoint <= 0) {
                out.append("0.").append("0".repeat(-decimalPoint)).append(digits);
            } else if (decimalPoint >= digits.length()) {
                out.append(digits).append("0".repeat(decimalPoint - digits.length())).append(".0");
            } else {
                out.append(digits, 0, decimalPoint).append('.').append(digits, decimalPoint, digits.length());
            }
        } else {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append('e').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent));
        }
        return out.toString();
    }

    /** The shortest decimal reading back as {@code abs} (positive, finite), trailing zeros stripped. */
    private static BigDecimal shortestDecimal(double abs) {
        BigDecimal javaShortest = new BigDecimal(Double.toString(abs)).stripTrailingZeros();
        if (javaShortest.precision() != 2) {
            return javaShortest;
        }
        // The JDK picks among one- and two-digit decimals when one digit suffices; prefer one digit.
        BigDecimal exact = new BigDecimal(abs);
        BigDecimal best = null;
        for (BigDecimal candidate : oneDigitNeighbours(javaShortest)) {
            if (candidate.signum() > 0 && candidate.doubleValue() == abs) {
                if (best == null || closer(candidate, best, exact)) {
                    best = candidate;
                }
            }
        }
        return best != null ? best.stripTrailingZeros() : javaShortest;
    }

    private static BigDecimal[] oneDigitNeighbours(BigDecimal twoDigits) {
        int unit = twoDigits.precision() - twoDigits.scale() - 1; // exponent of the leading digit
        BigDecimal step = BigDecimal.ONE.scaleByPowerOfTen(unit);
        BigDecimal down = twoDigits.divideToIntegralValue(step).multiply(step);
        return new BigDecimal[] {down, down.add(step)};
    }

    private static boolean closer(BigDecimal a, BigDecimal b, BigDecimal exact) {
        int cmp = a.subtract(exact).abs().compareTo(b.subtract(exact).abs());
        if (cmp != 0) {
            return cmp < 0;
        }
        return !a.unscaledValue().testBit(0); // tie: even digit, like double-conversion
    }
}
