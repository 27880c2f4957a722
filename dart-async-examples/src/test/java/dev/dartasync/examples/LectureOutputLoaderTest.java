package dev.dartasync.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.examples.LectureOutput.Channel;
import dev.dartasync.examples.LectureOutput.Line;
import java.util.List;
import org.junit.jupiter.api.Test;

class LectureOutputLoaderTest {

    @Test
    void parsesOutErrExitAndSkipsCommentsAndBlankLines() {
        LectureOutput o = LectureOutputLoader.parse("t", """
                # a comment
                out try block finished

                err Unhandled exception:
                err #0      saveScore (~/demo/unawaited.dart:3:3)
                exit 255
                """);

        assertEquals(List.of(
                new Line(Channel.OUT, "try block finished"),
                new Line(Channel.ERR, "Unhandled exception:"),
                new Line(Channel.ERR, "#0      saveScore (~/demo/unawaited.dart:3:3)")), o.lines());
        assertEquals(255, o.exitCode());
        assertEquals(List.of("try block finished", "Unhandled exception:",
                "#0      saveScore (~/demo/unawaited.dart:3:3)"), o.mergedText());
    }

    @Test
    void textIsKeptByteForByteAfterOneSpace() {
        LectureOutput o = LectureOutputLoader.parse("t", List.of(
                "out   indented", "out trailing  ", "out", "out ", "out # not a comment", "exit 0"));
        assertEquals(List.of("  indented", "trailing  ", "", "", "# not a comment"), o.mergedText());
    }

    @Test
    void crlfTerminatorsAreNotPartOfTheText() {
        LectureOutput o = LectureOutputLoader.parse("t", "out main done\r\nexit 0\r\n");
        assertEquals(List.of("main done"), o.mergedText());
        assertEquals(0, o.exitCode());
    }

    @Test
    void exitIsRequiredOnce() {
        assertThrows(IllegalArgumentException.class, () -> LectureOutputLoader.parse("t", "out x\n"));
        assertThrows(IllegalArgumentException.class, () -> LectureOutputLoader.parse("t", "exit 0\nexit 1\n"));
        assertThrows(IllegalArgumentException.class, () -> LectureOutputLoader.parse("t", "exit zero\n"));
    }

    @Test
    void unknownDirectiveNamesTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LectureOutputLoader.parse("x.txt", "# c\nstdout hello\nexit 0\n"));
        assertTrue(e.getMessage().startsWith("x.txt:2:"), e.getMessage());
    }

    @Test
    void missingResourceIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LectureOutputLoader.load("no-such-example"));
        assertTrue(e.getMessage().contains("no-such-example"), e.getMessage());
    }

    @Test
    void everyRegisteredExampleHasLectureOutput() {
        for (Example example : Examples.all()) {
            LectureOutput o = LectureOutputLoader.load(example.id());
            assertFalse(o.lines().isEmpty(), example.id());
        }
    }

    /**
     * The runner's table wraps a line wider than its column. A wrapped line of prose stays readable, but a wrapped
     * row of a text table (cells joined by {@code " | "}) reads as if it crossed the runner's borders: every such
     * lecture line fits, with room for the port's wider figures.
     */
    @Test
    void everyTableRowOfTheLectureFitsTheRunnersColumnWithRoomToSpare() {
        int room = ComparisonRenderer.DEFAULT_MAX_COLUMN_WIDTH - 8;
        for (Example example : Examples.all()) {
            for (String line : LectureOutputLoader.load(example.id()).mergedText()) {
                String shown = LineTemplate.of(line).plainText();
                if (shown.contains(" | ")) {
                    assertTrue(shown.length() <= room,
                            example.id() + ": " + shown.length() + " > " + room + ": " + shown);
                }
            }
        }
    }

    @Test
    void lectureOutputsHoldTheLectureLines() {
        LectureOutput eventLoop = LectureOutputLoader.load("event-loop");
        assertEquals(List.of("A main start", "I async body, before the first await", "K main end",
                "E scheduleMicrotask", "F Future.value(1).then", "G Future.microtask",
                "J async body, after await null", "H microtask queued by a microtask", "B Timer.run",
                "C Future(() {...})", "D Future.delayed(zero)"), eventLoop.mergedText());
        assertEquals(0, eventLoop.exitCode());

        LectureOutput unawaited = LectureOutputLoader.load("unawaited");
        assertEquals(List.of(
                new Line(Channel.OUT, "try block finished"),
                new Line(Channel.ERR, "Unhandled exception:"),
                new Line(Channel.ERR, "Exception: disk full while saving 42"),
                new Line(Channel.ERR, "#0      saveScore (~/demo/unawaited.dart:3:3)"),
                new Line(Channel.ERR, "<asynchronous suspension>")), unawaited.lines());
        assertEquals(255, unawaited.exitCode());

        assertEquals(List.of("4", "2", "3", "1"), LectureOutputLoader.load("exercise-1").mergedText());
        assertEquals(List.of("profile=null feed=12 after 405 ms"), LectureOutputLoader.load("exercise-2").mergedText());
        assertEquals(List.of("caught: Exception: disk full while saving 42", "main done"),
                LectureOutputLoader.load("unawaited-fixed").mergedText());
        assertEquals(3, LectureOutputLoader.load("future-wait").lines().size());
        assertEquals("record .wait failed after 302 ms: ParallelWaitError<(String?, String?), (AsyncError?, AsyncError?)>",
                LectureOutputLoader.load("future-wait-errors").mergedText().getLast());
    }

    @Test
    void marksOfMeasuredFiguresAndTheStackTracePlaceholderAreKept() {
        LectureOutput o = LectureOutputLoader.parse("t", """
                out ticks during work=⟦22⟧ (expected ~⟦22⟧)
                out main isolate ⟦████▍⟧ 354 ms
                err ⟦stack trace⟧
                exit 255
                """);
        assertEquals(List.of("ticks during work=⟦22⟧ (expected ~⟦22⟧)", "main isolate ⟦████▍⟧ 354 ms",
                LectureOutput.STACK_TRACE), o.mergedText());
    }

    @Test
    void malformedMarksNameTheLine() {
        for (String bad : List.of("out count=⟦five⟧", "out count=⟦5", "out count=5⟧", "out x ⟦stack trace⟧",
                "out ⟦⟧")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LectureOutputLoader.parse("m.txt", "# c\n" + bad + "\nexit 0\n"), bad);
            assertTrue(e.getMessage().startsWith("m.txt:2:"), e.getMessage());
        }
    }

    @Test
    void javaLinesAreThePortsOwnAndReadWithTheirMarkByTheComparator() {
        LectureOutput o = LectureOutputLoader.parse("t", """
                java WARN x - stalled for 104 ms
                java ⟦java frames⟧
                java \t... (the isolate's event loop)
                java
                out done
                exit 0
                """);
        assertEquals(List.of(
                new Line(Channel.JAVA, "WARN x - stalled for 104 ms"),
                new Line(Channel.JAVA, LectureOutput.JAVA_FRAMES),
                new Line(Channel.JAVA, "\t... (the isolate's event loop)"),
                new Line(Channel.JAVA, ""),
                new Line(Channel.OUT, "done")), o.lines());
        assertEquals(List.of(LectureOutput.JAVA_ONLY + "WARN x - stalled for 104 ms",
                LectureOutput.JAVA_ONLY + LectureOutput.JAVA_FRAMES,
                LectureOutput.JAVA_ONLY + "\t... (the isolate's event loop)", LectureOutput.JAVA_ONLY, "done"),
                o.lines().stream().map(Line::compared).toList());
    }

    @Test
    void theJavaFramesPlaceholderIsAWholeJavaLineOnly() {
        for (String bad : List.of("out ⟦java frames⟧", "err ⟦java frames⟧", "java at ⟦java frames⟧",
                "java ⟦stack trace⟧", "java count=⟦five⟧", "javax y")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LectureOutputLoader.parse("m.txt", "# c\n" + bad + "\nexit 0\n"), bad);
            assertTrue(e.getMessage().startsWith("m.txt:2:"), e.getMessage());
        }
    }

    @Test
    void theHeartbeatExpectsTheDetectorsLinesForTheMainIsolateOnly() {
        List<Line> lines = LectureOutputLoader.load("isolate-heartbeat").lines();
        List<String> javaOnly = lines.stream().filter(l -> l.channel() == Channel.JAVA).map(Line::text).toList();
        assertEquals(List.of("WARN dev.dartasync.isolate.Isolate - The isolate main has not returned to its event loop "
                        + "for 104 ms (threshold 100 ms): its timers, messages and microtasks wait. It is running:",
                LectureOutput.JAVA_FRAMES,
                "\t... (the isolate's event loop)",
                "WARN dev.dartasync.isolate.Isolate - The isolate main returned to its event loop after 812 ms."),
                javaOnly);
        // All of them before the main isolate's line; none after it (Isolate.run blocks no loop).
        int mainLine = lines.indexOf(lines.stream().filter(l -> l.text().startsWith("main isolate   :")).findFirst()
                .orElseThrow());
        assertEquals(4, mainLine);
        assertTrue(lines.subList(0, 4).stream().allMatch(l -> l.channel() == Channel.JAVA), lines.toString());
    }
}
