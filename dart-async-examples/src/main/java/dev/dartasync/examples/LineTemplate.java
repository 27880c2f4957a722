package dev.dartasync.examples;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lecture line read as the template of the port's line: literal text, which must be equal, and measured figures,
 * which may differ. Pure: no I/O. Used by {@link OutputComparator}.
 *
 * <p>Measured figures are
 * <ul>
 *   <li>a time: a number followed by {@code " ms"} ({@code 27.6 ms}), found without any marking;</li>
 *   <li>a marked number, {@code ⟦21⟧}: a measured figure that is not a time (a tick count, the {@code 610} of
 *       {@code 610 → 303 ms}); the port may print any number there;</li>
 *   <li>a marked bar, {@code ⟦███▎⟧}: a bar of a text chart (block characters {@code █▉▊▋▌▍▎▏}); the port may print
 *       a bar of any length there, even an empty one.</li>
 * </ul>
 * The marks {@code ⟦ ⟧} appear only in lecture output files (see {@link LectureOutputLoader}), never in what a
 * program prints.
 */
final class LineTemplate {

    /** The characters a bar is drawn with: a full block, then the eighths from seven down to one. */
    static final String BAR_CHARACTERS = "█▉▊▋▌▍▎▏";

    /** A measured time: a number followed by " ms". */
    private static final Pattern TIME = Pattern.compile("(?<![\\d.])(\\d+(?:\\.\\d+)?) ms");
    private static final Pattern MARKED = Pattern.compile("⟦([^⟦⟧]*)⟧");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final Pattern BAR = Pattern.compile("[" + BAR_CHARACTERS + "]+");

    private static final String TIME_REGEX = "(?<![\\d.])(\\d+(?:\\.\\d+)?) ms";
    private static final String NUMBER_REGEX = "(\\d+(?:\\.\\d+)?)";
    private static final String BAR_REGEX = "([" + BAR_CHARACTERS + "]*)";

    private enum Kind {
        TIME, NUMBER, BAR
    }

    /** One measured figure of the template, with the value the lecture printed (null for a bar). */
    private record Figure(Kind kind, BigDecimal lectureValue) {
    }

    private final String plainText;
    private final boolean marked;
    private final Pattern pattern;
    private final List<Figure> figures;

    private LineTemplate(String plainText, boolean marked, Pattern pattern, List<Figure> figures) {
        this.plainText = plainText;
        this.marked = marked;
        this.pattern = pattern;
        this.figures = figures;
    }

    /**
     * Reads a lecture line. Text between {@code ⟦ ⟧} that is neither a number nor a bar, and a {@code ⟦} or
     * {@code ⟧} without its partner, is taken literally here; {@link #check} rejects them.
     */
    static LineTemplate of(String lectureLine) {
        StringBuilder regex = new StringBuilder();
        StringBuilder plain = new StringBuilder();
        List<Figure> figures = new ArrayList<>();
        boolean marked = false;
        Matcher m = MARKED.matcher(lectureLine);
        int pos = 0;
        while (m.find()) {
            String content = m.group(1);
            Kind kind = NUMBER.matcher(content).matches() ? Kind.NUMBER
                    : BAR.matcher(content).matches() ? Kind.BAR : null;
            if (kind == null) {
                continue; // Not a figure: stays literal text.
            }
            literal(lectureLine.substring(pos, m.start()), regex, plain, figures);
            regex.append(kind == Kind.NUMBER ? NUMBER_REGEX : BAR_REGEX);
            plain.append(content);
            figures.add(new Figure(kind, kind == Kind.NUMBER ? new BigDecimal(content) : null));
            marked = true;
            pos = m.end();
        }
        literal(lectureLine.substring(pos), regex, plain, figures);
        return new LineTemplate(plain.toString(), marked, Pattern.compile(regex.toString()), List.copyOf(figures));
    }

    /** Unmarked text: literal, except for the times in it. */
    private static void literal(String text, StringBuilder regex, StringBuilder plain, List<Figure> figures) {
        Matcher t = TIME.matcher(text);
        int pos = 0;
        while (t.find()) {
            regex.append(Pattern.quote(text.substring(pos, t.start()))).append(TIME_REGEX);
            figures.add(new Figure(Kind.TIME, new BigDecimal(t.group(1))));
            pos = t.end();
        }
        regex.append(Pattern.quote(text.substring(pos)));
        plain.append(text);
    }

    /**
     * Checks the marks of a lecture line: each {@code ⟦ ⟧} must enclose a number or a bar, and none may be left
     * open or unopened. {@code wholeLineMarks} are marks allowed as the entire line (the stack-trace placeholder).
     *
     * @return null if the line is well formed, else what is wrong
     */
    static String check(String lectureLine, List<String> wholeLineMarks) {
        if (wholeLineMarks.contains(lectureLine)) {
            return null;
        }
        Matcher m = MARKED.matcher(lectureLine);
        StringBuilder rest = new StringBuilder();
        int pos = 0;
        while (m.find()) {
            String content = m.group(1);
            if (!NUMBER.matcher(content).matches() && !BAR.matcher(content).matches()) {
                return "⟦" + content + "⟧ marks neither a number nor a bar (" + BAR_CHARACTERS + ")";
            }
            rest.append(lectureLine, pos, m.start());
            pos = m.end();
        }
        rest.append(lectureLine.substring(pos));
        if (rest.indexOf("⟦") >= 0 || rest.indexOf("⟧") >= 0) {
            return "a ⟦ or ⟧ without its partner";
        }
        return null;
    }

    /** The line as the lecture printed it: the marks removed, their contents kept. */
    String plainText() {
        return plainText;
    }

    /** Whether the line has marked figures. */
    boolean isMarked() {
        return marked;
    }

    /**
     * Whether {@code line} is this template with possibly other measured figures; if so, how the numbers differ
     * (the port's minus the lecture's), in order, leaving out equal ones: {@code "+4 ms"} for a time, {@code "+4"}
     * for a marked number (bars are not stated: the time beside a bar says it). {@code null} if it does not fit.
     */
    List<String> differences(String line) {
        Matcher m = pattern.matcher(line);
        if (!m.matches()) {
            return null;
        }
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < figures.size(); i++) {
            Figure figure = figures.get(i);
            if (figure.kind() == Kind.BAR) {
                continue;
            }
            BigDecimal delta = new BigDecimal(m.group(i + 1)).subtract(figure.lectureValue());
            if (delta.signum() != 0) {
                String number = (delta.signum() > 0 ? "+" : "") + delta.stripTrailingZeros().toPlainString();
                differences.add(figure.kind() == Kind.TIME ? number + " ms" : number);
            }
        }
        return differences;
    }

    /** Whether the template has a measured time (for the note of a difference of zero: "±0 ms" or "±0"). */
    boolean hasTime() {
        return figures.stream().anyMatch(f -> f.kind() == Kind.TIME);
    }
}
