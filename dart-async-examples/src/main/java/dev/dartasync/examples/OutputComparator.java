package dev.dartasync.examples;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares what the lecture says a Dart program printed with what its Java port printed, line by line.
 * Pure: no I/O, so it is unit-tested directly.
 *
 * <p>The two outputs are aligned with a Myers diff (java-diff-utils) whose equality is "not {@link Mark#DIFFERENT}",
 * so a line whose only change is a measured time still pairs with its counterpart. Each aligned pair is then
 * marked:
 * <ul>
 *   <li>{@link Mark#MATCH} {@code =}: identical;</li>
 *   <li>{@link Mark#TIME} {@code ~}: identical once every measured time (a number followed by {@code " ms"}) is
 *       blanked out; the row's note states by how much each differing time differs, Java minus Dart
 *       ({@code "+4 ms"}, or {@code "+4 ms, -1 ms"} for several);</li>
 *   <li>{@link Mark#LOCATION} {@code @}: both are stack-frame lines {@code #<n> <function> (<location>)} naming the
 *       same function, differing only in frame number, spacing or source location;</li>
 *   <li>{@link Mark#DIFFERENT} {@code ≠}: anything else, including a line present on one side only (note
 *       {@code "missing"} when Java lacks a Dart line, {@code "extra"} when Java printed a line Dart did not) and
 *       lines that differ only in white space (note {@code "white space"}).</li>
 * </ul>
 * Inside a changed block of the diff, lines are paired in order and the longer side's surplus is missing/extra.
 * The exit codes are compared the same way (only {@code =} or {@code ≠}).
 */
public final class OutputComparator {

    /** How an aligned pair of lines compares. */
    public enum Mark {
        MATCH("="),
        TIME("~"),
        LOCATION("@"),
        DIFFERENT("≠");

        private final String symbol;

        Mark(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** The summary of one comparison. */
    public enum Verdict {
        /** Every line and the exit code are identical. */
        MATCH("match"),
        /** No {@code ≠} row: only measured times ({@code ~}) or stack-frame locations ({@code @}) differ. */
        TIMES_ONLY("times/locations only"),
        /** At least one {@code ≠} row. */
        DIFFERS("differs");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One row of the comparison.
     *
     * @param dart the lecture's line, or {@code null} if the Dart side has no line here
     * @param java the Java run's line, or {@code null} if the Java side has no line here
     * @param mark how they compare
     * @param note detail for the mark ({@code "+4 ms"}, {@code "missing"}, ...), empty if none
     */
    public record Row(String dart, String java, Mark mark, String note) {
        public Row {
            Objects.requireNonNull(mark, "mark");
            Objects.requireNonNull(note, "note");
        }

        /** The mark as shown: its symbol, then the note if any ({@code "~ +4 ms"}). */
        public String markText() {
            return note.isEmpty() ? mark.symbol() : mark.symbol() + " " + note;
        }
    }

    /**
     * The result: the line rows in output order, then the exit-code row.
     *
     * @param lines one row per aligned pair of lines
     * @param exit  the exit codes, as {@code "exit <n>"}; the Java side is {@code null} when the run has none
     *              (it timed out or did not start)
     */
    public record Comparison(List<Row> lines, Row exit) {
        public Comparison {
            lines = List.copyOf(lines);
            Objects.requireNonNull(exit, "exit");
        }

        /** How many rows, the exit row included, carry this mark. */
        public long count(Mark mark) {
            return lines.stream().filter(r -> r.mark() == mark).count() + (exit.mark() == mark ? 1 : 0);
        }

        public Verdict verdict() {
            if (count(Mark.DIFFERENT) > 0) {
                return Verdict.DIFFERS;
            }
            return count(Mark.TIME) + count(Mark.LOCATION) > 0 ? Verdict.TIMES_ONLY : Verdict.MATCH;
        }
    }

    /** A measured time: a number followed by " ms". */
    private static final Pattern TIME = Pattern.compile("(?<![\\d.])(\\d+(?:\\.\\d+)?) ms");
    /** A stack-frame line as Dart prints it: {@code #0      saveScore (~/demo/unawaited.dart:3:3)}. */
    private static final Pattern FRAME = Pattern.compile("^#\\d+\\s+(\\S+) \\(.*\\)$");

    private OutputComparator() {
    }

    /** Compares a lecture output with a Java run's merged output lines and exit code ({@code null}: none). */
    public static Comparison compare(LectureOutput dart, List<String> javaLines, Integer javaExit) {
        return compare(dart.mergedText(), dart.exitCode(), javaLines, javaExit);
    }

    /** Compares Dart's lines and exit code with Java's lines and exit code ({@code null}: none). */
    public static Comparison compare(List<String> dartLines, int dartExit, List<String> javaLines, Integer javaExit) {
        List<Row> rows = new ArrayList<>();
        Patch<String> patch = DiffUtils.diff(dartLines, javaLines, (a, b) -> compareLines(a, b).mark() != Mark.DIFFERENT);
        int d = 0;
        int j = 0;
        for (AbstractDelta<String> delta : patch.getDeltas()) {
            int dStart = delta.getSource().getPosition();
            int jStart = delta.getTarget().getPosition();
            while (d < dStart && j < jStart) { // the aligned stretch before the change
                rows.add(compareLines(dartLines.get(d++), javaLines.get(j++)));
            }
            int dEnd = dStart + delta.getSource().size();
            int jEnd = jStart + delta.getTarget().size();
            while (d < dEnd || j < jEnd) {
                if (d < dEnd && j < jEnd) {
                    rows.add(compareLines(dartLines.get(d++), javaLines.get(j++)));
                } else if (d < dEnd) {
                    rows.add(new Row(dartLines.get(d++), null, Mark.DIFFERENT, "missing"));
                } else {
                    rows.add(new Row(null, javaLines.get(j++), Mark.DIFFERENT, "extra"));
                }
            }
        }
        while (d < dartLines.size() && j < javaLines.size()) {
            rows.add(compareLines(dartLines.get(d++), javaLines.get(j++)));
        }
        // The diff leaves no unmatched tail; these only guard against a malformed patch.
        while (d < dartLines.size()) {
            rows.add(new Row(dartLines.get(d++), null, Mark.DIFFERENT, "missing"));
        }
        while (j < javaLines.size()) {
            rows.add(new Row(null, javaLines.get(j++), Mark.DIFFERENT, "extra"));
        }
        return new Comparison(rows, compareExit(dartExit, javaExit));
    }

    /** Marks one pair of lines (both present). */
    public static Row compareLines(String dart, String java) {
        Objects.requireNonNull(dart, "dart");
        Objects.requireNonNull(java, "java");
        if (dart.equals(java)) {
            return new Row(dart, java, Mark.MATCH, "");
        }
        String timeDelta = timeDelta(dart, java);
        if (timeDelta != null) {
            return new Row(dart, java, Mark.TIME, timeDelta);
        }
        Matcher df = FRAME.matcher(dart);
        Matcher jf = FRAME.matcher(java);
        if (df.matches() && jf.matches() && df.group(1).equals(jf.group(1))) {
            return new Row(dart, java, Mark.LOCATION, "");
        }
        boolean whiteSpaceOnly = dart.replaceAll("\\s+", "").equals(java.replaceAll("\\s+", ""));
        return new Row(dart, java, Mark.DIFFERENT, whiteSpaceOnly ? "white space" : "");
    }

    /** Marks the exit codes; {@code java} is {@code null} when the run has no exit code. */
    public static Row compareExit(int dart, Integer java) {
        String dartText = "exit " + dart;
        if (java == null) {
            return new Row(dartText, null, Mark.DIFFERENT, "no exit code");
        }
        return new Row(dartText, "exit " + java, java == dart ? Mark.MATCH : Mark.DIFFERENT, "");
    }

    /**
     * If the two lines are the same once measured times are blanked out, the differences of the times that differ
     * (Java minus Dart, e.g. {@code "+4 ms"}, comma-separated); otherwise {@code null}.
     */
    private static String timeDelta(String dart, String java) {
        Matcher dm = TIME.matcher(dart);
        Matcher jm = TIME.matcher(java);
        List<String> deltas = new ArrayList<>();
        int dPos = 0;
        int jPos = 0;
        while (true) {
            boolean dFound = dm.find();
            boolean jFound = jm.find();
            if (dFound != jFound) {
                return null;
            }
            if (!dFound) {
                break;
            }
            if (!dart.substring(dPos, dm.start()).equals(java.substring(jPos, jm.start()))) {
                return null;
            }
            BigDecimal delta = new BigDecimal(jm.group(1)).subtract(new BigDecimal(dm.group(1)));
            if (delta.signum() != 0) {
                deltas.add((delta.signum() > 0 ? "+" : "") + delta.stripTrailingZeros().toPlainString() + " ms");
            }
            dPos = dm.end();
            jPos = jm.end();
        }
        if (!dart.substring(dPos).equals(java.substring(jPos))) {
            return null;
        }
        // Equal values written differently ("305 ms" / "305.0 ms") still differ only in a measured time.
        return deltas.isEmpty() ? "±0 ms" : String.join(", ", deltas);
    }
}
