package dev.dartasync.examples;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
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
 *   <li>{@link Mark#MATCH} {@code =}: identical (a lecture line with marked figures, see {@link LineTemplate}:
 *       identical to the line as the lecture printed it);</li>
 *   <li>{@link Mark#TIME} {@code ~}: identical except for measured figures: times (a number followed by
 *       {@code " ms"}) and, in the lecture's line, figures marked {@code ⟦21⟧} (a number) or {@code ⟦███⟧} (a bar
 *       of a text chart), or {@code ⟦—⟧} (a figure the lecture does not give); the row's note states by how much
 *       each differing number differs, Java minus Dart ({@code "+4 ms"}, {@code "+4 ms, -1"} for several), with the
 *       ratio too where the two are 2× or more apart ({@code "+2169.4 ms (28×)"}), or {@code "not in the lecture"}
 *       where the only figures are ones the lecture does not give;</li>
 *   <li>{@link Mark#LOCATION} {@code @}: a name that is the platform's own, not the program's:
 *     <ul>
 *       <li>both are stack-frame lines {@code #<n> <function> (<location>)} naming the same function, differing
 *           only in frame number, spacing or source location (no note);</li>
 *       <li>both are the same line except for a class named as {@code Library:'<library>' Class: <name>}, as the
 *           unsendable-object error names one ({@code Library:'dart:isolate' Class: _ReceivePortImpl@1026248}
 *           against {@code Library:'dev.dartasync.isolate' Class: ReceivePort}; note {@code "class name"});</li>
 *       <li>both are lint findings as {@code dart analyze} prints them, {@code <severity> - <file>:<line>:<column>
 *           - <message> - <rule>}, with the same indentation and message: Dart's analyzer and Error Prone name
 *           the file, the severity ({@code info}, {@code warning}) and the rule ({@code unawaited_futures},
 *           {@code UnawaitedFutures}) each its own way (note {@code "lint: place, severity, name"});</li>
 *       <li>a retaining path: a run of lines {@code " <- <holder>"} of that error on both sides, of any lengths
 *           (Dart's holders are contexts and closures, Java's objects and lambdas; note
 *           {@code "retaining path"});</li>
 *       <li>a stack trace the lecture leaves out: the lecture line {@link LectureOutput#STACK_TRACE} against a
 *           run of stack-frame and {@code <asynchronous suspension>} lines (note {@code "stack trace"});</li>
 *     </ul></li>
 *   <li>{@link Mark#JAVA_ONLY} {@code +}: a line only the port prints, against the lecture output's {@code java} line
 *       (see {@link LectureOutputLoader}; its text here starts with {@link LectureOutput#JAVA_ONLY}) that it fits,
 *       measured figures aside (their differences are not stated: the lecture has no figure there); and a run of
 *       Java stack-frame lines {@code "\tat <frame>"}, of any length, against {@link LectureOutput#JAVA_FRAMES}
 *       (note {@code "Java only"}). A {@code java} line the port did not print is {@code ≠ missing}, as any
 *       other;</li>
 *   <li>{@link Mark#DIFFERENT} {@code ≠}: anything else, including a line present on one side only (note
 *       {@code "missing"} when Java lacks a Dart line, {@code "extra"} when Java printed a line Dart did not) and
 *       lines that differ only in white space (note {@code "white space"}).</li>
 * </ul>
 * Inside a changed block of the diff, lines are paired in order and the longer side's surplus is missing/extra,
 * except inside a retaining path or an elided stack trace (above). The exit codes are compared the same way (only
 * {@code =} or {@code ≠}).
 */
public final class OutputComparator {

    /** How an aligned pair of lines compares. */
    public enum Mark {
        MATCH("="),
        TIME("~"),
        LOCATION("@"),
        JAVA_ONLY("+"),
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
        /**
         * No {@code ≠} row: only measured times ({@code ~}) or platform names ({@code @}) differ, or the port printed
         * lines of its own that the lecture output expects ({@code +}).
         */
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
            return count(Mark.TIME) + count(Mark.LOCATION) + count(Mark.JAVA_ONLY) > 0
                    ? Verdict.TIMES_ONLY : Verdict.MATCH;
        }
    }

    /** A stack-frame line as Dart prints it: {@code #0      saveScore (~/demo/unawaited.dart:3:3)}. */
    private static final Pattern FRAME = Pattern.compile("^#\\d+\\s+(\\S+) \\(.*\\)$");
    /** The line of a stack trace that marks where an asynchronous function was suspended. */
    private static final String SUSPENSION = "<asynchronous suspension>";
    /** A class as the unsendable-object error names it: {@code Library:'dart:isolate' Class: _ReceivePortImpl@1}. */
    private static final Pattern CLASS_NAME = Pattern.compile("Library:'[^']*' Class: \\S+");
    /** How a line of a retaining path begins. */
    private static final String PATH_LINE = " <- ";
    /**
     * A lint finding as {@code dart analyze} prints it, {@code <severity> - <file>:<line>:<column> - <message> -
     * <rule>}; groups: the indentation, the message.
     */
    private static final Pattern LINT = Pattern.compile("^(\\s*)\\w+ - \\S+:\\d+:\\d+ - (.+) - \\w+$");
    private static final String NOTE_LINT = "lint: place, severity, name";
    private static final String NOTE_CLASS = "class name";
    private static final String NOTE_PATH = "retaining path";
    private static final String NOTE_STACK = "stack trace";
    private static final String NOTE_UNMEASURED = "not in the lecture";
    private static final String NOTE_JAVA_ONLY = "Java only";
    /** A Java stack-frame line, as the blocked-loop detector (and {@code printStackTrace}) prints one. */
    private static final Pattern JAVA_FRAME = Pattern.compile("^\\tat \\S.*$");

    private OutputComparator() {
    }

    /** Compares a lecture output with a Java run's merged output lines and exit code ({@code null}: none). */
    public static Comparison compare(LectureOutput dart, List<String> javaLines, Integer javaExit) {
        return compare(dart.lines().stream().map(LectureOutput.Line::compared).toList(), dart.exitCode(),
                javaLines, javaExit);
    }

    /**
     * Compares Dart's lines and exit code with Java's lines and exit code ({@code null}: none). A Dart line that
     * starts with {@link LectureOutput#JAVA_ONLY} is a line only the port prints ({@link LectureOutput.Line#compared}).
     */
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
        return new Comparison(platformRuns(rows), compareExit(dartExit, javaExit));
    }

    /** The platform-specific runs a line-by-line pairing cannot see: a retaining path, an elided stack trace. */
    private enum Run {
        NONE, PATH, STACK, JAVA_FRAMES
    }

    private static Run runOf(Row row) {
        boolean dartPath = row.dart() == null || row.dart().startsWith(PATH_LINE);
        boolean javaPath = row.java() == null || row.java().startsWith(PATH_LINE);
        if (dartPath && javaPath) {
            return Run.PATH;
        }
        boolean dartFrames = row.dart() == null || row.dart().equals(LectureOutput.JAVA_ONLY + LectureOutput.JAVA_FRAMES);
        boolean javaFrames = row.java() == null || JAVA_FRAME.matcher(row.java()).matches();
        if (dartFrames && javaFrames) {
            return Run.JAVA_FRAMES;
        }
        boolean dartStack = row.dart() == null || row.dart().equals(LectureOutput.STACK_TRACE);
        boolean javaStack = row.java() == null || isStackLine(row.java());
        return dartStack && javaStack ? Run.STACK : Run.NONE;
    }

    private static boolean isStackLine(String line) {
        return FRAME.matcher(line).matches() || line.equals(SUSPENSION);
    }

    /**
     * Marks the rows of each retaining path (path lines on both sides) and of each stack trace the lecture leaves
     * out (its placeholder against the port's frames) {@code @}, whatever their lengths: a surplus line there is
     * not missing or extra, only platform-specific.
     */
    private static List<Row> platformRuns(List<Row> rows) {
        List<Row> result = new ArrayList<>(rows);
        int start = 0;
        while (start < result.size()) {
            Run run = runOf(result.get(start));
            int end = start + 1;
            while (run != Run.NONE && end < result.size() && runOf(result.get(end)) == run) {
                end++;
            }
            List<Row> span = result.subList(start, end);
            boolean bothSides = span.stream().anyMatch(r -> r.dart() != null)
                    && span.stream().anyMatch(r -> r.java() != null);
            if (run != Run.NONE && bothSides) {
                Mark mark = run == Run.JAVA_FRAMES ? Mark.JAVA_ONLY : Mark.LOCATION;
                String note = switch (run) {
                    case PATH -> NOTE_PATH;
                    case JAVA_FRAMES -> NOTE_JAVA_ONLY;
                    default -> NOTE_STACK;
                };
                span.replaceAll(r -> r.mark() == Mark.DIFFERENT ? new Row(r.dart(), r.java(), mark, note) : r);
            }
            start = end;
        }
        return result;
    }

    /** Marks one pair of lines (both present), on its own (without the runs {@link #compare} also sees). */
    public static Row compareLines(String dart, String java) {
        Objects.requireNonNull(dart, "dart");
        Objects.requireNonNull(java, "java");
        if (dart.startsWith(LectureOutput.JAVA_ONLY)) {
            return compareJavaOnly(dart, java);
        }
        if (dart.equals(java)) {
            return new Row(dart, java, Mark.MATCH, "");
        }
        LineTemplate template = LineTemplate.of(dart);
        if (template.isMarked() && template.plainText().equals(java)) {
            return new Row(dart, java, Mark.MATCH, "");
        }
        List<String> differences = template.differences(java);
        if (differences != null) {
            String none = template.fillsUnmeasured(java) ? NOTE_UNMEASURED
                    : template.hasTime() ? "±0 ms" : "±0"; // Equal values written differently: "305.0 ms".
            return new Row(dart, java, Mark.TIME, differences.isEmpty() ? none : String.join(", ", differences));
        }
        Matcher df = FRAME.matcher(dart);
        Matcher jf = FRAME.matcher(java);
        if (df.matches() && jf.matches() && df.group(1).equals(jf.group(1))) {
            return new Row(dart, java, Mark.LOCATION, "");
        }
        Matcher dl = LINT.matcher(dart);
        Matcher jl = LINT.matcher(java);
        if (dl.matches() && jl.matches() && dl.group(1).equals(jl.group(1)) && dl.group(2).equals(jl.group(2))) {
            return new Row(dart, java, Mark.LOCATION, NOTE_LINT);
        }
        if (CLASS_NAME.matcher(dart).find() && withoutClassNames(dart).equals(withoutClassNames(java))) {
            return new Row(dart, java, Mark.LOCATION, NOTE_CLASS);
        }
        if (dart.startsWith(PATH_LINE) && java.startsWith(PATH_LINE)) {
            return new Row(dart, java, Mark.LOCATION, NOTE_PATH);
        }
        if (dart.equals(LectureOutput.STACK_TRACE) && isStackLine(java)) {
            return new Row(dart, java, Mark.LOCATION, NOTE_STACK);
        }
        boolean whiteSpaceOnly = dart.replaceAll("\\s+", "").equals(java.replaceAll("\\s+", ""));
        return new Row(dart, java, Mark.DIFFERENT, whiteSpaceOnly ? "white space" : "");
    }

    /** A lecture output's {@code java} line against a Java line: {@code +} if it fits, measured figures aside. */
    private static Row compareJavaOnly(String dart, String java) {
        String expected = dart.substring(LectureOutput.JAVA_ONLY.length());
        boolean fits = expected.equals(LectureOutput.JAVA_FRAMES)
                ? JAVA_FRAME.matcher(java).matches()
                : expected.equals(java) || LineTemplate.of(expected).differences(java) != null;
        return new Row(dart, java, fits ? Mark.JAVA_ONLY : Mark.DIFFERENT, fits ? NOTE_JAVA_ONLY : "");
    }

    private static String withoutClassNames(String line) {
        return CLASS_NAME.matcher(line).replaceAll("Library:'' Class: ");
    }

    /** Marks the exit codes; {@code java} is {@code null} when the run has no exit code. */
    public static Row compareExit(int dart, Integer java) {
        String dartText = "exit " + dart;
        if (java == null) {
            return new Row(dartText, null, Mark.DIFFERENT, "no exit code");
        }
        return new Row(dartText, "exit " + java, java == dart ? Mark.MATCH : Mark.DIFFERENT, "");
    }
}
