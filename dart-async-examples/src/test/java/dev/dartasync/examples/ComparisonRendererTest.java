package dev.dartasync.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.examples.ComparisonRenderer.Result;
import dev.dartasync.examples.OutputComparator.Comparison;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonRendererTest {

    private final ComparisonRenderer renderer = new ComparisonRenderer();

    /** The table line that shows this Dart text (the first one containing it). */
    private static String rowOf(String table, String text) {
        return table.lines().filter(l -> l.contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with '" + text + "' in\n" + table));
    }

    @Test
    void rendersHeaderColumnsMarksAndExitCodes() {
        Comparison c = OutputComparator.compare(
                List.of("try block finished", "Unhandled exception:", "#0      saveScore (~/demo/unawaited.dart:3:3)",
                        "took 610 ms"), 255,
                List.of("try block finished", "#0      saveScore (Unawaited.java:12)", "took 614 ms", "extra line"), 0);
        String out = renderer.render("unawaited", "Common mistake", c);

        assertTrue(out.startsWith("== unawaited: Common mistake\n"), out);
        assertTrue(rowOf(out, "Dart (lecture)").contains("Java (this run)"), out);
        assertTrue(rowOf(out, "try block finished").matches(".*try block finished\\s+\\| =\\s+\\| try block finished.*"), out);
        assertTrue(rowOf(out, "Unhandled exception:").contains("≠ missing"), out);
        assertTrue(rowOf(out, "saveScore").contains("| @"), out);
        assertTrue(rowOf(out, "took 610 ms").contains("~ +4 ms"), out);
        assertTrue(rowOf(out, "extra line").contains("≠ extra"), out);
        String exit = rowOf(out, "exit 255");
        assertTrue(exit.contains("≠") && exit.contains("exit 0"), out);
        // the exit row comes after the line rows
        assertTrue(out.indexOf("exit 255") > out.indexOf("extra line"), out);
    }

    @Test
    void theDartColumnShowsTheLecturesLineWithoutTheMarksOfItsFigures() {
        Comparison c = OutputComparator.compare(List.of("gap ⟦354⟧ → 18 ms", "worker | ⟦—⟧"), 0,
                List.of("gap 890 → 42 ms", "worker | 0.10 ms"), 0);
        String out = renderer.render("x", "X", c);
        assertTrue(rowOf(out, "gap 354 → 18 ms").contains("| gap 890 → 42 ms"), out);
        assertTrue(rowOf(out, "worker | —").contains("~ not in the lecture"), out);
        assertTrue(!out.contains("⟦") && !out.contains("⟧"), out);
    }

    @Test
    void columnsLineUp() {
        Comparison c = OutputComparator.compare(List.of("short", "a much longer line of output"), 0,
                List.of("short", "a much longer line of output"), 0);
        List<String> lines = renderer.render("x", "X", c).lines().skip(1).toList();
        int width = lines.getFirst().length();
        for (String l : lines) {
            assertEquals(width, l.length(), l);
        }
    }

    @Test
    void keepsInnerSpacesOfALine() {
        Comparison c = OutputComparator.compare(List.of("#0      saveScore (a:1)"), 0, List.of("#0      saveScore (a:1)"), 0);
        assertTrue(renderer.render("x", "X", c).contains("#0      saveScore (a:1)"));
    }

    @Test
    void longLinesWrapAtTheMaximumWidth() {
        String longLine = "x".repeat(30);
        Comparison c = OutputComparator.compare(List.of(longLine), 0, List.of(longLine), 0);
        String out = new ComparisonRenderer(12).render("x", "X", c);
        assertTrue(out.lines().noneMatch(l -> l.contains("x".repeat(13))), out);
        assertThrows(IllegalArgumentException.class, () -> new ComparisonRenderer(3));
    }

    @Test
    void summaryHasOneRowPerExampleAndTotals() {
        Comparison match = OutputComparator.compare(List.of("a"), 0, List.of("a"), 0);
        Comparison times = OutputComparator.compare(List.of("a 1 ms"), 0, List.of("a 2 ms"), 0);
        Comparison differs = OutputComparator.compare(List.of("a"), 0, List.of("b"), 1);
        String out = renderer.renderSummary(List.of(
                new Result("one", "First", match), new Result("two", "Second", times), new Result("three", "Third", differs)));

        assertTrue(rowOf(out, "one").contains("match"), out);
        assertTrue(rowOf(out, "two").contains("times/locations only") && rowOf(out, "two").contains("1 =, 1 ~"), out);
        assertTrue(rowOf(out, "three").contains("differs") && rowOf(out, "three").contains("2 ≠"), out);
        assertTrue(out.endsWith("3 examples: 1 match, 1 times/locations only, 1 differs\n"), out);
    }

    @Test
    void aJavaOnlyLineHasAnEmptyDartCellUnlessItIsMissing() {
        LectureOutput lecture = LectureOutputLoader.parse("t", """
                java WARN x - stalled for 104 ms
                java ⟦java frames⟧
                out done
                java WARN x - back after 812 ms
                exit 0
                """);
        Comparison c = OutputComparator.compare(lecture,
                List.of("WARN x - stalled for 101 ms", "\tat a.B.c(B.java:1)", "\tat a.B.d(B.java:2)", "done"), 0);
        String out = renderer.render("x", "X", c);

        assertTrue(rowOf(out, "stalled for 101 ms").matches("\\|\\s+\\| \\+ Java only\\s+\\| WARN x - stalled for 101 ms.*"),
                out);
        assertTrue(rowOf(out, "a.B.d").matches("\\|\\s+\\| \\+ Java only\\s+\\|     at a\\.B\\.d\\(B\\.java:2\\).*"), out);
        assertTrue(rowOf(out, "back after").matches("\\| \\(Java only\\) WARN x - back after 812 ms\\s+\\| ≠ missing.*"),
                out);
        assertTrue(!out.contains("\t") && !out.contains("⟦"), out);
    }
}
