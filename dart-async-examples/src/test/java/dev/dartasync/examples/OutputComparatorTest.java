package dev.dartasync.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dartasync.examples.OutputComparator.Comparison;
import dev.dartasync.examples.OutputComparator.Mark;
import dev.dartasync.examples.OutputComparator.Row;
import dev.dartasync.examples.OutputComparator.Verdict;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class OutputComparatorTest {

    private static List<Mark> marks(Comparison c) {
        return c.lines().stream().map(Row::mark).toList();
    }

    @Test
    void identicalOutputAndExitCodeMatch() {
        List<String> lines = List.of("A main start", "I async body, before the first await", "K main end");
        Comparison c = OutputComparator.compare(lines, 0, lines, 0);

        assertEquals(List.of(Mark.MATCH, Mark.MATCH, Mark.MATCH), marks(c));
        assertEquals(lines, c.lines().stream().map(Row::dart).toList());
        assertEquals(lines, c.lines().stream().map(Row::java).toList());
        assertEquals(new Row("exit 0", "exit 0", Mark.MATCH, ""), c.exit());
        assertEquals("=", c.lines().getFirst().markText());
        assertEquals(Verdict.MATCH, c.verdict());
    }

    @Test
    void emptyOutputsMatch() {
        Comparison c = OutputComparator.compare(List.of(), 0, List.of(), 0);
        assertEquals(List.of(), c.lines());
        assertEquals(Verdict.MATCH, c.verdict());
    }

    @Test
    void timeOnlyDifferenceIsMarkedWithTheDelta() {
        Comparison c = OutputComparator.compare(
                List.of("sequential: config(300 ms) user(200 ms) ads(100 ms) -> 610 ms",
                        "Future.wait: [config(300 ms), user(200 ms), ads(100 ms)] -> 305 ms"), 0,
                List.of("sequential: config(300 ms) user(200 ms) ads(100 ms) -> 614 ms",
                        "Future.wait: [config(300 ms), user(200 ms), ads(100 ms)] -> 302 ms"), 0);

        assertEquals(List.of(Mark.TIME, Mark.TIME), marks(c));
        assertEquals("~ +4 ms", c.lines().get(0).markText());
        assertEquals("~ -3 ms", c.lines().get(1).markText());
        assertEquals(Verdict.TIMES_ONLY, c.verdict());
    }

    @Test
    void severalTimesAndDecimalTimesAreEachStated() {
        Row row = OutputComparator.compareLines("took 27.6 ms, gap 27 ms, start 0.2 ms", "took 28.1 ms, gap 27 ms, start 0.15 ms");
        assertEquals(Mark.TIME, row.mark());
        assertEquals("+0.5 ms, -0.05 ms", row.note());
    }

    @Test
    void sameTimeWrittenDifferentlyIsATimeDifferenceOfZero() {
        Row row = OutputComparator.compareLines("after 405 ms", "after 405.0 ms");
        assertEquals(Mark.TIME, row.mark());
        assertEquals("±0 ms", row.note());
    }

    @Test
    void numbersNotFollowedByMsAreNotTimes() {
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("result=216816", "result=216817").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("after 405 ms", "after 405 s").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("profile=null after 405 ms", "profile=x after 405 ms").mark());
    }

    @Test
    void stackFrameDifferingOnlyInLocation() {
        Comparison c = OutputComparator.compare(
                List.of("Unhandled exception:", "#0      saveScore (~/demo/unawaited.dart:3:3)"), 255,
                List.of("Unhandled exception:", "#0      saveScore (dev/dartasync/examples/lecture/Unawaited.java:21)"), 255);

        assertEquals(List.of(Mark.MATCH, Mark.LOCATION), marks(c));
        assertEquals("@", c.lines().get(1).markText());
        assertEquals(Verdict.TIMES_ONLY, c.verdict());
    }

    @Test
    void stackFrameOfAnotherFunctionDiffers() {
        Row row = OutputComparator.compareLines("#0      saveScore (~/demo/unawaited.dart:3:3)",
                "#0      main (~/demo/unawaited.dart:3:3)");
        assertEquals(Mark.DIFFERENT, row.mark());
    }

    private static final String LINT_MESSAGE = "Missing an 'await' for the 'Future' computed by this expression."
            + " Try adding an 'await' or wrapping the expression with 'unawaited'.";

    @Test
    void lintFindingsWithTheSameMessageDifferOnlyInPlaceSeverityAndName() {
        Row row = OutputComparator.compareLines(
                "   info - unawaited.dart:8:5 - " + LINT_MESSAGE + " - unawaited_futures",
                "   warning - Unawaited.java:41:7 - " + LINT_MESSAGE + " - UnawaitedFutures");
        assertEquals(Mark.LOCATION, row.mark());
        assertEquals("lint: place, severity, name", row.note());
    }

    @Test
    void lintFindingsWithAnotherMessageOrIndentationDiffer() {
        String dart = "   info - unawaited.dart:8:5 - " + LINT_MESSAGE + " - unawaited_futures";
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines(dart,
                "   warning - Unawaited.java:41:7 - Something else. - UnawaitedFutures").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines(dart,
                "warning - Unawaited.java:41:7 - " + LINT_MESSAGE + " - UnawaitedFutures").mark());
    }

    @Test
    void reorderedLinesDifferAndBothSidesKeepTheirOrder() {
        Comparison c = OutputComparator.compare(
                List.of("4", "2", "3", "1"), 0,
                List.of("4", "3", "2", "1"), 0);

        assertEquals(Verdict.DIFFERS, c.verdict());
        assertEquals(Mark.MATCH, c.lines().getFirst().mark());
        assertEquals(Mark.MATCH, c.lines().getLast().mark());
        assertEquals(2, c.count(Mark.DIFFERENT), c.lines().toString());
        assertEquals(List.of("4", "2", "3", "1"),
                c.lines().stream().map(Row::dart).filter(Objects::nonNull).toList());
        assertEquals(List.of("4", "3", "2", "1"),
                c.lines().stream().map(Row::java).filter(Objects::nonNull).toList());
    }

    @Test
    void changedLineIsOneRowWithBothSides() {
        Comparison c = OutputComparator.compare(
                List.of("A main start", "E scheduleMicrotask", "K main end"), 0,
                List.of("A main start", "TODO port", "K main end"), 0);

        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT, Mark.MATCH), marks(c));
        Row changed = c.lines().get(1);
        assertEquals("E scheduleMicrotask", changed.dart());
        assertEquals("TODO port", changed.java());
        assertEquals("≠", changed.markText());
    }

    @Test
    void whiteSpaceOnlyDifferenceIsADifferenceWithANote() {
        Row row = OutputComparator.compareLines("main done", "main done ");
        assertEquals(Mark.DIFFERENT, row.mark());
        assertEquals("≠ white space", row.markText());
    }

    @Test
    void missingLinesAreRowsWithoutAJavaSide() {
        Comparison c = OutputComparator.compare(
                List.of("try block finished", "Unhandled exception:", "Exception: disk full while saving 42"), 255,
                List.of("try block finished"), 255);

        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT, Mark.DIFFERENT), marks(c));
        Row missing = c.lines().get(1);
        assertEquals("Unhandled exception:", missing.dart());
        assertNull(missing.java());
        assertEquals("≠ missing", missing.markText());
        assertEquals(Verdict.DIFFERS, c.verdict());
    }

    @Test
    void extraLinesAreRowsWithoutADartSide() {
        Comparison c = OutputComparator.compare(
                List.of("caught: Exception: disk full while saving 42", "main done"), 0,
                List.of("caught: Exception: disk full while saving 42", "DEBUG something", "main done"), 0);

        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT, Mark.MATCH), marks(c));
        Row extra = c.lines().get(1);
        assertNull(extra.dart());
        assertEquals("DEBUG something", extra.java());
        assertEquals("≠ extra", extra.markText());
    }

    @Test
    void placeholderAgainstManyLinesPairsTheFirstAndListsTheRestAsMissing() {
        Comparison c = OutputComparator.compare(List.of("4", "2", "3", "1"), 0, List.of("TODO port"), 0);

        assertEquals(4, c.lines().size());
        assertEquals(new Row("4", "TODO port", Mark.DIFFERENT, ""), c.lines().getFirst());
        for (Row r : c.lines().subList(1, 4)) {
            assertEquals("missing", r.note());
            assertNull(r.java());
        }
    }

    @Test
    void timeDifferenceStillAlignsAroundAnExtraLine() {
        Comparison c = OutputComparator.compare(
                List.of("Future.wait failed after 303 ms: Bad state: ads down",
                        "eagerError: true failed after 56 ms: Bad state: ads down"), 0,
                List.of("Future.wait failed after 301 ms: Bad state: ads down",
                        "warning",
                        "eagerError: true failed after 52 ms: Bad state: ads down"), 0);

        assertEquals(List.of(Mark.TIME, Mark.DIFFERENT, Mark.TIME), marks(c));
        assertEquals("~ -2 ms", c.lines().get(0).markText());
        assertEquals("≠ extra", c.lines().get(1).markText());
        assertEquals("~ -4 ms", c.lines().get(2).markText());
    }

    @Test
    void exitCodeMismatchDiffersEvenWhenTheLinesMatch() {
        Comparison c = OutputComparator.compare(List.of("try block finished"), 255, List.of("try block finished"), 0);

        assertEquals(List.of(Mark.MATCH), marks(c));
        assertEquals(new Row("exit 255", "exit 0", Mark.DIFFERENT, ""), c.exit());
        assertEquals(Verdict.DIFFERS, c.verdict());
    }

    @Test
    void missingExitCodeDiffers() {
        Comparison c = OutputComparator.compare(List.of(), 0, List.of(), null);
        assertEquals(new Row("exit 0", null, Mark.DIFFERENT, "no exit code"), c.exit());
        assertEquals(Verdict.DIFFERS, c.verdict());
    }

    @Test
    void comparesALoadedLectureOutputInPrintOrder() {
        LectureOutput dart = LectureOutputLoader.parse("test", """
                out try block finished
                err Unhandled exception:
                exit 255
                """);
        Comparison c = OutputComparator.compare(dart, List.of("try block finished", "Unhandled exception:"), 255);
        assertEquals(Verdict.MATCH, c.verdict());
    }

    @Test
    void markedNumbersAreMeasuredFiguresWithoutAUnit() {
        Row row = OutputComparator.compareLines(
                "Isolate.run    : work took 353 ms, ticks during work=⟦22⟧ (expected ~⟦22⟧), max heartbeat gap=18 ms",
                "Isolate.run    : work took 301 ms, ticks during work=18 (expected ~18), max heartbeat gap=17 ms");
        assertEquals(Mark.TIME, row.mark());
        assertEquals("-52 ms, -4, -4, -1 ms", row.note());

        Row decimal = OutputComparator.compareLines("gap ⟦27.6⟧ → 1.8 ms", "gap 45 → 1.8 ms");
        assertEquals("~ +17.4", decimal.markText());
    }

    @Test
    void aFigureFarFromTheLecturesAlsoSaysHowFarAsARatio() {
        Row slower = OutputComparator.compareLines("on its own | 81.1 ms", "on its own | 2250.5 ms");
        assertEquals("~ +2169.4 ms (28×)", slower.markText());
        Row faster = OutputComparator.compareLines("per call | 0.2 ms | 27.6 ms", "per call | 0.09 ms | 30.1 ms");
        assertEquals("~ -0.11 ms (0.45×), +2.5 ms", faster.markText(), "within 2× either way: no ratio");
        Row twice = OutputComparator.compareLines("gap ⟦354⟧ → 18 ms", "gap 708 → 36 ms");
        assertEquals("~ +354 (2×), +18 ms (2×)", twice.markText());
        Row fromZero = OutputComparator.compareLines("took 0 ms", "took 3 ms");
        assertEquals("~ +3 ms", fromZero.markText(), "no ratio to a zero");
    }

    @Test
    void thePaddingBeforeAFigureMayDifferAsAColumnOfWiderFiguresPushesIt() {
        Row wider = OutputComparator.compareLines(
                "Isolate.run, closure captures a List<int> |    27.6 ms |   27 ms",
                "Isolate.run, closure captures a List<int> | 171.6 ms | 172 ms");
        assertEquals(Mark.TIME, wider.mark());
        assertEquals("+144 ms (6.2×), +145 ms (6.4×)", wider.note());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines(
                "label | 27.6 ms", "label  | 27.6 ms").mark(), "only the padding right before a figure");
    }

    @Test
    void aNegativeTimeIsAFigure() {
        Row row = OutputComparator.compareLines("saved per call | 0.2 ms", "saved per call | -0.03 ms");
        assertEquals("~ -0.23 ms", row.markText());
    }

    @Test
    void aFigureTheLectureDoesNotGiveIsMarkedAndMayBeAnything() {
        Row time = OutputComparator.compareLines("worker per call | ⟦—⟧", "worker per call | 0.10 ms");
        assertEquals("~ not in the lecture", time.markText());
        Row withOthers = OutputComparator.compareLines("run | 0.2 ms | worker | ⟦—⟧", "run | 0.3 ms | worker | 7");
        assertEquals("~ +0.1 ms", withOthers.markText());
        assertEquals(Mark.MATCH, OutputComparator.compareLines("worker | ⟦—⟧", "worker | —").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("worker | ⟦—⟧", "worker | fast").mark());
    }

    @Test
    void aMarkedLineWithTheLecturesOwnFiguresMatches() {
        Row row = OutputComparator.compareLines("ticks during work=0 (expected ~⟦21⟧)", "ticks during work=0 (expected ~21)");
        assertEquals(Mark.MATCH, row.mark());
    }

    @Test
    void unmarkedNumbersStillHaveToBeEqual() {
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines(
                "main isolate   : ticks during work=0 (expected ~⟦21⟧)",
                "main isolate   : ticks during work=1 (expected ~21)").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("count=⟦5⟧", "count=five").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("count=⟦5⟧", "count=5 more").mark());
    }

    @Test
    void markedBarsMayHaveAnyLengthAndTheTimeBesideThemIsStated() {
        Row longer = OutputComparator.compareLines("main isolate  ⟦████▍⟧ 354 ms", "main isolate  ███████▊ 610 ms");
        assertEquals(Mark.TIME, longer.mark());
        assertEquals("+256 ms", longer.note());
        Row empty = OutputComparator.compareLines("Isolate.run   ⟦██▎⟧ 18 ms", "Isolate.run    1 ms");
        assertEquals(Mark.TIME, empty.mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("bar ⟦██⟧ 18 ms", "bar ## 18 ms").mark());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines("bar ██ 18 ms", "bar ███ 18 ms").mark(),
                "an unmarked bar is literal text");
    }

    @Test
    void anUnsendableClassNamedByThePlatformIsALocation() {
        String dart = "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
                + " - Library:'dart:isolate' Class: _ReceivePortImpl@1026248 (see restrictions listed at"
                + " `SendPort.send()` documentation for more information)";
        String java = "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
                + " - Library:'dev.dartasync.isolate' Class: ReceivePort (see restrictions listed at"
                + " `SendPort.send()` documentation for more information)";
        assertEquals("@ class name", OutputComparator.compareLines(dart, java).markText());
        assertEquals(Mark.DIFFERENT, OutputComparator.compareLines(dart,
                java.replace("object is unsendable", "object is not sendable")).mark());
    }

    @Test
    void retainingPathsOfDifferentLengthsAreOneLocation() {
        Comparison c = OutputComparator.compare(
                List.of("Unhandled exception:", "Invalid argument(s): x",
                        " <- Context num_variables: 2 <- Closure: () => int (from ~/demo/capture_trap.dart)",
                        " <- resultPort in Instance of '_RemoteRunner<int>' (from dart:isolate)",
                        ""), 255,
                List.of("Unhandled exception:", "Invalid argument(s): x",
                        " <- port in Instance of 'CaptureTrap' (from dev.dartasync.examples.lecture)",
                        " <- field this in Closure: Callable from CaptureTrap (from dev.dartasync.examples.lecture)",
                        " <- computation in Instance of 'Runner' (from dev.dartasync.isolate)",
                        " <- message in Instance of 'SpawnMessage' (from dev.dartasync.isolate)",
                        ""), 255);

        assertEquals(List.of(Mark.MATCH, Mark.MATCH, Mark.LOCATION, Mark.LOCATION, Mark.LOCATION, Mark.LOCATION,
                Mark.MATCH), marks(c));
        assertEquals("@ retaining path", c.lines().get(5).markText());
        assertEquals(Verdict.TIMES_ONLY, c.verdict());
    }

    @Test
    void aRetainingPathMissingOnOneSideDiffers() {
        Comparison c = OutputComparator.compare(
                List.of("Invalid argument(s): x", " <- resultPort in Instance of '_RemoteRunner<int>' (from dart:isolate)"), 255,
                List.of("Invalid argument(s): x"), 255);
        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT), marks(c));
        assertEquals("≠ missing", c.lines().get(1).markText());
    }

    @Test
    void theStackTracePlaceholderStandsForAWholeStackTrace() {
        Comparison c = OutputComparator.compare(
                List.of("Invalid argument(s): x", "", LectureOutput.STACK_TRACE), 255,
                List.of("Invalid argument(s): x", "", "#0      spawn (Isolate.java:243)", "#1      run (Isolate.java:156)",
                        "#2      main (CaptureTrap.java:40)", "<asynchronous suspension>"), 255);

        assertEquals(List.of(Mark.MATCH, Mark.MATCH, Mark.LOCATION, Mark.LOCATION, Mark.LOCATION, Mark.LOCATION),
                marks(c));
        assertEquals("@ stack trace", c.lines().get(2).markText());
        assertEquals(Verdict.TIMES_ONLY, c.verdict());
    }

    @Test
    void theStackTracePlaceholderNeedsAStackTrace() {
        Comparison missing = OutputComparator.compare(
                List.of("Invalid argument(s): x", LectureOutput.STACK_TRACE), 255, List.of("Invalid argument(s): x"), 255);
        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT), marks(missing));

        Comparison notAStack = OutputComparator.compare(
                List.of(LectureOutput.STACK_TRACE), 255, List.of("main done"), 255);
        assertEquals(List.of(Mark.DIFFERENT), marks(notAStack));
    }

    @Test
    void extraFramesBesideALectureFrameStillDiffer() {
        Comparison c = OutputComparator.compare(
                List.of("#0      saveScore (~/demo/unawaited.dart:3:3)", "<asynchronous suspension>"), 255,
                List.of("#0      saveScore (Unawaited.java:28)", "#1      helper (Unawaited.java:12)",
                        "<asynchronous suspension>"), 255);
        assertEquals(List.of(Mark.LOCATION, Mark.DIFFERENT, Mark.MATCH), marks(c));
    }

    /** The heartbeat's lecture output, Java-only lines: the blocked-loop detector's two messages, as its file has them. */
    private static final String DETECTOR_LINES = """
            java WARN dev.dartasync.isolate.Isolate - The isolate main has not returned to its event loop for 104 ms \
            (threshold 100 ms): its timers, messages and microtasks wait. It is running:
            java ⟦java frames⟧
            java \t... (the isolate's event loop)
            java WARN dev.dartasync.isolate.Isolate - The isolate main returned to its event loop after 812 ms.
            out main isolate   : work took 349 ms, max heartbeat gap=354 ms
            exit 0
            """;

    private static final String STALL = "WARN dev.dartasync.isolate.Isolate - The isolate main has not returned to its "
            + "event loop for 101 ms (threshold 100 ms): its timers, messages and microtasks wait. It is running:";
    private static final String RETURNED =
            "WARN dev.dartasync.isolate.Isolate - The isolate main returned to its event loop after 620 ms.";
    private static final String LOOP = "\t... (the isolate's event loop)";
    private static final String MEASURED = "main isolate   : work took 400 ms, max heartbeat gap=406 ms";

    private static Comparison compareDetector(List<String> java) {
        return OutputComparator.compare(LectureOutputLoader.parse("heartbeat.txt", DETECTOR_LINES), java, 0);
    }

    @Test
    void javaOnlyLinesAreThePortsOwnWithoutADartLine() {
        Comparison c = compareDetector(List.of(STALL,
                "\tat dev.dartasync.examples.lecture.IsolateHeartbeat.countPrimes(IsolateHeartbeat.java:52)",
                "\tat dev.dartasync.examples.lecture.IsolateHeartbeat.lambda$program$2(IsolateHeartbeat.java:143)",
                LOOP, RETURNED, MEASURED));

        assertEquals(List.of(Mark.JAVA_ONLY, Mark.JAVA_ONLY, Mark.JAVA_ONLY, Mark.JAVA_ONLY, Mark.JAVA_ONLY, Mark.TIME),
                marks(c));
        assertEquals(List.of("+ Java only", "+ Java only", "+ Java only", "+ Java only", "+ Java only",
                "~ +51 ms, +52 ms"), c.lines().stream().map(Row::markText).toList());
        assertEquals(LectureOutput.JAVA_ONLY + LectureOutput.JAVA_FRAMES, c.lines().get(1).dart());
        assertNull(c.lines().get(2).dart()); // the second frame: the placeholder's run
        assertEquals(Verdict.TIMES_ONLY, c.verdict());
        assertEquals(Mark.MATCH, c.exit().mark());
    }

    @Test
    void aMissingDetectorLineIsReported() {
        Comparison c = compareDetector(List.of(MEASURED));

        assertEquals(Verdict.DIFFERS, c.verdict());
        assertEquals(4, c.count(Mark.DIFFERENT));
        assertEquals(new Row(LectureOutput.JAVA_ONLY + "WARN dev.dartasync.isolate.Isolate - The isolate main has not "
                + "returned to its event loop for 104 ms (threshold 100 ms): its timers, messages and microtasks wait."
                + " It is running:", null, Mark.DIFFERENT, "missing"), c.lines().getFirst());
        assertEquals(Mark.TIME, c.lines().getLast().mark());
    }

    @Test
    void theDetectorsEndWithoutItsStallDiffers() {
        Comparison c = compareDetector(List.of(RETURNED, MEASURED));
        assertEquals(Verdict.DIFFERS, c.verdict());
        assertEquals(List.of(Mark.DIFFERENT, Mark.DIFFERENT, Mark.DIFFERENT, Mark.JAVA_ONLY, Mark.TIME), marks(c));
    }

    @Test
    void theFramesPlaceholderNeedsJavaFrames() {
        Comparison noFrames = compareDetector(List.of(STALL, LOOP, RETURNED, MEASURED));
        assertEquals(new Row(LectureOutput.JAVA_ONLY + LectureOutput.JAVA_FRAMES, null, Mark.DIFFERENT, "missing"),
                noFrames.lines().get(1));
        assertEquals(Verdict.DIFFERS, noFrames.verdict());

        Comparison dartFrames = compareDetector(
                List.of(STALL, "#0      countPrimes (~/demo/heartbeat.dart:4:3)", LOOP, RETURNED, MEASURED));
        assertEquals(Mark.DIFFERENT, dartFrames.lines().get(1).mark());
    }

    @Test
    void aJavaOnlyLineIsLiteralButForItsTimes() {
        Row other = OutputComparator.compareLines(LectureOutput.JAVA_ONLY + "WARN dev.dartasync.isolate.Isolate - "
                + "The isolate main returned to its event loop after 812 ms.",
                "WARN dev.dartasync.isolate.Isolate - The isolate worker returned to its event loop after 812 ms.");
        assertEquals(Mark.DIFFERENT, other.mark());
        assertEquals(Mark.JAVA_ONLY, OutputComparator.compareLines(LectureOutput.JAVA_ONLY + "same", "same").mark());
        // Java frames outside a java line are no platform names: still extra.
        Comparison c = OutputComparator.compare(List.of("a"), 0, List.of("a", "\tat x.Y.z(Y.java:1)"), 0);
        assertEquals(List.of(Mark.MATCH, Mark.DIFFERENT), marks(c));
    }
}
