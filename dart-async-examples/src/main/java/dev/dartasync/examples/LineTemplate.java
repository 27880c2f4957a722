package dev.dartasync.examples;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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
 *       a bar of any length there, even an empty one;</li>
 *   <li>a figure the lecture does not give, {@code ⟦—⟧} (shown as {@code —}): the port may print a time, a number
 *       or {@code —} there, and no difference is stated.</li>
 * </ul>
 * A time may be negative on the port's side ({@code -0.03 ms}: a saving that turned out a loss). The spaces right
 * before a figure may be more or fewer on the port's side: a table pads its figures to the column's width, and a
 * wider figure takes some of that padding.
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
    /** The mark of a figure the lecture does not give, and what the lecture shows for it. */
    static final String UNMEASURED = "—";
    private static final Pattern BAR = Pattern.compile("[" + BAR_CHARACTERS + "]+");

    private static final String TIME_REGEX = "(?<![\\d.])(-?\\d+(?:\\.\\d+)?) ms";
    private static final String NUMBER_REGEX = "(-?\\d+(?:\\.\\d+)?)";
    private static final String UNMEASURED_REGEX = "(-?\\d+(?:\\.\\d+)?(?: ms)?|" + UNMEASURED + ")";
    /** How far a figure must be from the lecture's (a factor, either way) for its note to give the ratio too. */
    static final BigDecimal FAR = BigDecimal.valueOf(2);
    private static final String BAR_REGEX = "([" + BAR_CHARACTERS + "]*)";

    private enum Kind {
        TIME, NUMBER, BAR, UNMEASURED
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
                    : BAR.matcher(content).matches() ? Kind.BAR
                    : content.equals(UNMEASURED) ? Kind.UNMEASURED : null;
            if (kind == null) {
                continue; // Not a figure: stays literal text.
            }
            literal(lectureLine.substring(pos, m.start()), kind != Kind.BAR, regex, plain, figures);
            regex.append(switch (kind) {
                case NUMBER -> NUMBER_REGEX;
                case BAR -> BAR_REGEX;
                default -> UNMEASURED_REGEX;
            });
            plain.append(content);
            figures.add(new Figure(kind, kind == Kind.NUMBER ? new BigDecimal(content) : null));
            marked = true;
            pos = m.end();
        }
        literal(lectureLine.substring(pos), false, regex, plain, figures);
        return new LineTemplate(plain.toString(), marked, Pattern.compile(regex.toString()), List.copyOf(figures));
    }

    /**
     * Unmarked text: literal, except for the times in it and the padding before each figure.
     *
     * @param beforeFigure whether a figure follows the text (its trailing spaces are padding)
     */
    private static void literal(
            String text, boolean beforeFigure, StringBuilder regex, StringBuilder plain, List<Figure> figures) {
        Matcher t = TIME.matcher(text);
        int pos = 0;
        while (t.find()) {
            padded(text.substring(pos, t.start()), regex);
            regex.append(TIME_REGEX);
            figures.add(new Figure(Kind.TIME, new BigDecimal(t.group(1))));
            pos = t.end();
        }
        if (beforeFigure) {
            padded(text.substring(pos), regex);
        } else {
            regex.append(Pattern.quote(text.substring(pos)));
        }
        plain.append(text);
    }

    /** Literal text whose trailing spaces, the padding before a figure, may be any number of spaces. */
    private static void padded(String text, StringBuilder regex) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == ' ') {
            end--;
        }
        regex.append(Pattern.quote(text.substring(0, end)));
        if (end < text.length()) {
            regex.append(" *");
        }
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
            if (!NUMBER.matcher(content).matches() && !BAR.matcher(content).matches()
                    && !content.equals(UNMEASURED)) {
                return "⟦" + content + "⟧ marks neither a number, a bar (" + BAR_CHARACTERS + ") nor "
                        + UNMEASURED;
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
     * for a marked number (bars are not stated: the time beside a bar says it; nor are figures the lecture does not
     * give). A figure {@link #FAR} or more from the lecture's, by a factor either way, also gets the ratio, the
     * port's over the lecture's, to two significant digits: {@code "+2169.4 ms (28×)"}, {@code "-0.11 ms (0.45×)"}
     * (none where either figure is zero or less). {@code null} if it does not fit.
     */
    List<String> differences(String line) {
        Matcher m = pattern.matcher(line);
        if (!m.matches()) {
            return null;
        }
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < figures.size(); i++) {
            Figure figure = figures.get(i);
            if (figure.kind() == Kind.BAR || figure.kind() == Kind.UNMEASURED) {
                continue;
            }
            BigDecimal ours = new BigDecimal(m.group(i + 1));
            BigDecimal delta = ours.subtract(figure.lectureValue());
            if (delta.signum() != 0) {
                String number = (delta.signum() > 0 ? "+" : "") + delta.stripTrailingZeros().toPlainString();
                String ratio = ratio(ours, figure.lectureValue());
                differences.add((figure.kind() == Kind.TIME ? number + " ms" : number)
                        + (ratio == null ? "" : " (" + ratio + "×)"));
            }
        }
        return differences;
    }

    /** The port's figure over the lecture's, to two significant digits, if it is {@link #FAR} either way. */
    private static String ratio(BigDecimal ours, BigDecimal lecture) {
        if (ours.signum() <= 0 || lecture.signum() <= 0) {
            return null;
        }
        boolean far = ours.compareTo(lecture.multiply(FAR)) >= 0 || lecture.compareTo(ours.multiply(FAR)) >= 0;
        if (!far) {
            return null;
        }
        BigDecimal ratio = ours.divide(lecture, new MathContext(2, RoundingMode.HALF_UP));
        return ratio.stripTrailingZeros().toPlainString();
    }

    /**
     * Whether {@code line} fits and gives a figure (not {@code —}) where the lecture gives none ({@code ⟦—⟧}): its
     * row then says so, having no difference to state.
     */
    boolean fillsUnmeasured(String line) {
        Matcher m = pattern.matcher(line);
        if (!m.matches()) {
            return false;
        }
        for (int i = 0; i < figures.size(); i++) {
            if (figures.get(i).kind() == Kind.UNMEASURED && !m.group(i + 1).equals(UNMEASURED)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the template has a measured time (for the note of a difference of zero: "±0 ms" or "±0"). */
    boolean hasTime() {
        return figures.stream().anyMatch(f -> f.kind() == Kind.TIME);
    }
}
