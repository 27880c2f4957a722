package dev.dartasync.examples;

import com.github.freva.asciitable.AsciiTable;
import com.github.freva.asciitable.Column;
import com.github.freva.asciitable.ColumnData;
import com.github.freva.asciitable.HorizontalAlign;
import com.github.freva.asciitable.OverflowBehaviour;
import dev.dartasync.examples.OutputComparator.Comparison;
import dev.dartasync.examples.OutputComparator.Mark;
import dev.dartasync.examples.OutputComparator.Row;
import dev.dartasync.examples.OutputComparator.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Renders comparisons as text tables (ascii-table). Pure: returns strings, prints nothing.
 *
 * <p>Per example: a header line {@code == <id>: <title>}, then a table with the columns "Dart (lecture)", the mark
 * ({@code =}, {@code ~ +4 ms}, {@code @}, {@code ≠ missing}, ...) and "Java (this run)", one row per aligned pair of
 * lines; the exit codes are the table's footer row. A line missing on one side is an empty cell (its mark says
 * {@code missing} or {@code extra}). The Dart column shows the lecture's lines as printed, without the marks of
 * their measured figures ({@code ⟦610⟧} shows as {@code 610}). A line only the port prints (a {@code java} line of
 * the lecture output, such as the blocked-loop detector's) has an empty Dart cell and the mark {@code + Java only};
 * if the port did not print it, the Dart cell shows it after {@code "(Java only) "}, marked {@code ≠ missing}. A tab
 * shows as four spaces (a table cannot place it). Cells wider than the maximum column width wrap onto further table
 * lines.
 */
public final class ComparisonRenderer {

    /** One example's comparison, for the summary. */
    public record Result(String id, String title, Comparison comparison) {
        public Result {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(comparison, "comparison");
        }
    }

    public static final String DART_HEADER = "Dart (lecture)";
    public static final String JAVA_HEADER = "Java (this run)";
    public static final int DEFAULT_MAX_COLUMN_WIDTH = 120;

    private final int maxColumnWidth;

    public ComparisonRenderer() {
        this(DEFAULT_MAX_COLUMN_WIDTH);
    }

    /** @param maxColumnWidth the widest a Dart or Java cell gets before it wraps */
    public ComparisonRenderer(int maxColumnWidth) {
        if (maxColumnWidth < 10) {
            throw new IllegalArgumentException("maxColumnWidth < 10: " + maxColumnWidth);
        }
        this.maxColumnWidth = maxColumnWidth;
    }

    /** The header line and the side-by-side table of one example, ending with a line break. */
    public String render(String id, String title, Comparison comparison) {
        Row exit = comparison.exit();
        List<ColumnData<Row>> columns = List.of(
                text(DART_HEADER, orEmpty(exit.dart()), ComparisonRenderer::dartCell),
                new Column().header("").footer(exit.markText())
                        .headerAlign(HorizontalAlign.LEFT).dataAlign(HorizontalAlign.LEFT)
                        .footerAlign(HorizontalAlign.LEFT)
                        .with(Row::markText),
                text(JAVA_HEADER, orEmpty(exit.java()), r -> untabbed(orEmpty(r.java()))));
        String table = AsciiTable.getTable(AsciiTable.BASIC_ASCII_NO_DATA_SEPARATORS, comparison.lines(), columns);
        return "== " + id + ": " + title + "\n" + table + "\n";
    }

    /** The closing summary: one row per example with its verdict and mark counts, then a totals line. */
    public String renderSummary(List<Result> results) {
        List<ColumnData<Result>> columns = List.of(
                left("example").with(Result::id),
                left("result").with(r -> r.comparison().verdict().label()),
                left("rows").with(r -> counts(r.comparison())),
                left("title").maxWidth(maxColumnWidth, OverflowBehaviour.ELLIPSIS_RIGHT).with(Result::title));
        String table = AsciiTable.getTable(AsciiTable.BASIC_ASCII_NO_DATA_SEPARATORS, results, columns);
        List<String> totals = new ArrayList<>();
        for (Verdict v : Verdict.values()) {
            long n = results.stream().filter(r -> r.comparison().verdict() == v).count();
            totals.add(n + " " + v.label());
        }
        return "== summary\n" + table + "\n" + results.size() + " examples: " + String.join(", ", totals) + "\n";
    }

    /** The number of rows per mark, e.g. {@code "10 =, 2 ~"} (the exit row included). */
    static String counts(Comparison comparison) {
        List<String> parts = new ArrayList<>();
        for (Mark m : Mark.values()) {
            long n = comparison.count(m);
            if (n > 0) {
                parts.add(n + " " + m.symbol());
            }
        }
        return String.join(", ", parts);
    }

    private ColumnData<Row> text(String header, String footer, Function<Row, String> cell) {
        return left(header).footer(footer).maxWidth(maxColumnWidth, OverflowBehaviour.NEWLINE).with(cell);
    }

    private static Column left(String header) {
        return new Column().header(header)
                .headerAlign(HorizontalAlign.LEFT).dataAlign(HorizontalAlign.LEFT).footerAlign(HorizontalAlign.LEFT);
    }

    /**
     * The Dart cell of a row: the lecture's line as printed; for a line only the port prints, nothing, or, when the
     * port did not print it, that line after {@code "(Java only) "}.
     */
    private static String dartCell(Row row) {
        String dart = row.dart();
        if (dart != null && dart.startsWith(LectureOutput.JAVA_ONLY)) {
            return row.java() != null ? ""
                    : "(Java only) " + untabbed(shown(dart.substring(LectureOutput.JAVA_ONLY.length())));
        }
        return untabbed(shown(dart));
    }

    private static String untabbed(String cell) {
        return cell.replace("\t", "    ");
    }

    /** A lecture line as the lecture printed it: without the marks of its measured figures ({@code ⟦610⟧}). */
    private static String shown(String dartLine) {
        return dartLine == null ? "" : LineTemplate.of(dartLine).plainText();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
