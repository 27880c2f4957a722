package dev.dartasync.texts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Dart's stack trace text: {@code #0      function (File.java:line)} lines (docs/semantics.md §5.1). */
class StackTraceTextTest {

    private static StackTraceElement frame(String cls, String method, String file, int line) {
        return new StackTraceElement(cls, method, file, line);
    }

    @Test
    void emptyAndFromString() {
        assertEquals("", StackTrace.empty().toString());
        assertEquals(0, StackTrace.empty().frames().length);
        assertSame(StackTrace.empty(), StackTrace.empty());
        StackTrace given = StackTrace.fromString("#0      main (file:///x.dart:3:5)\n");
        assertEquals("#0      main (file:///x.dart:3:5)\n", given.toString());
        assertEquals(0, given.frames().length);
        assertSame(given, given.withAsyncSuspension());
    }

    @Test
    void dartFrameFormatPadsTheIndexToColumnEight() {
        StackTrace trace = StackTrace.ofFrames(new StackTraceElement[] {
            frame("demo.Unawaited", "saveScore", "Unawaited.java", 41),
            frame("demo.Unawaited", "main", "Unawaited.java", 12),
        }, false);
        assertEquals("#0      saveScore (Unawaited.java:41)\n#1      main (Unawaited.java:12)\n", trace.toString());
    }

    @Test
    void twoDigitIndices() {
        StackTraceElement[] frames = new StackTraceElement[11];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = frame("demo.F", "f" + i, "F.java", i + 1);
        }
        String[] lines = StackTrace.ofFrames(frames, false).toString().split("\n");
        assertEquals(11, lines.length);
        assertEquals("#9      f9 (F.java:10)", lines[9]);
        assertEquals("#10     f10 (F.java:11)", lines[10]);
    }

    @Test
    void asynchronousSuspensionMarker() {
        StackTrace trace = StackTrace.ofFrames(new StackTraceElement[] {
            frame("demo.Unawaited", "saveScore", "Unawaited.java", 3),
        }, true);
        assertEquals("#0      saveScore (Unawaited.java:3)\n<asynchronous suspension>\n", trace.toString());
        assertTrue(trace.asyncSuspension());
        StackTrace plain = StackTrace.ofFrames(trace.frames(), false);
        assertFalse(plain.asyncSuspension());
        assertEquals(trace.toString(), plain.withAsyncSuspension().toString());
        StateError error = new StateError("x");
        assertTrue(StackTrace.of(error, true).toString().endsWith("\n<asynchronous suspension>\n"));
        assertFalse(StackTrace.of(error).toString().contains("<asynchronous suspension>"));
    }

    @Test
    void lambdaAndConstructorNames() {
        StackTrace trace = StackTrace.ofFrames(new StackTraceElement[] {
            frame("demo.Main", "lambda$main$0", "Main.java", 5),
            frame("demo.Main", "lambda$lambda$outer$0$1", "Main.java", 6),
            frame("demo.Main$Inner", "<init>", "Main.java", 7),
            frame("demo.Main", "lambda$new$2", "Main.java", 8),
            frame("demo.Main$1", "<init>", "Main.java", 9),
        }, false);
        assertEquals("""
                #0      main (Main.java:5)
                #1      outer (Main.java:6)
                #2      new Inner (Main.java:7)
                #3      new Main (Main.java:8)
                #4      new Main$1 (Main.java:9)
                """, trace.toString());
    }

    @Test
    void unknownLinesAndFiles() {
        StackTrace trace = StackTrace.ofFrames(new StackTraceElement[] {
            frame("demo.Main", "nativeCall", "Main.java", -2),
            frame("demo.Main", "generated", null, -1),
        }, false);
        assertEquals("#0      nativeCall (Main.java)\n#1      generated (Unknown Source)\n", trace.toString());
    }

    @Test
    void machineryFramesAreLeftOutAndNotNumbered() {
        StackTraceElement[] frames = {
            frame("dev.dartasync.DFuture", "then", "DFuture.java", 10),
            frame("dev.dartasync.internal.EventLoop", "drain", "EventLoop.java", 20),
            frame("demo.App", "work", "App.java", 30),
            frame("dev.dartasync.Dart", "lambda$async$0", "Dart.java", 40),
            frame("dev.dartasync.Completer$Sync", "complete", "Completer.java", 41),
            frame("dev.dartasync.Timer", "fire", "Timer.java", 42),
            frame("dev.dartasync.Zone", "run", "Zone.java", 43),
            frame("dev.dartasync.StackTrace", "current", "StackTrace.java", 44),
            frame("jdk.internal.vm.Continuation", "enter", "Continuation.java", 50),
            frame("java.lang.VirtualThread", "run", "VirtualThread.java", 60),
            frame("java.lang.VirtualThread$VThreadContinuation$1", "run", "VirtualThread.java", 61),
            frame("java.util.concurrent.ForkJoinPool", "runWorker", "ForkJoinPool.java", 70),
            frame("java.lang.Thread", "run", "Thread.java", 80),
            frame("java.lang.Thread", "sleep", "Thread.java", 81),
            frame("dev.dartasync.examples.Lecture", "main", "Lecture.java", 90),
        };
        StackTrace trace = StackTrace.ofFrames(frames, false);
        assertEquals("""
                #0      work (App.java:30)
                #1      sleep (Thread.java:81)
                #2      main (Lecture.java:90)
                """, trace.toString());
        assertEquals(frames.length, trace.frames().length, "frames() keeps the raw frames");
    }

    @Test
    void framesOfAThrowable() {
        Runnable thrower = () -> {
            throw new StateError("boom");
        };
        StateError error = null;
        try {
            thrower.run();
        } catch (StateError e) {
            error = e;
        }
        assertNotNull(error);
        StackTrace trace = StackTrace.of(error);
        StackTraceElement top = error.getStackTrace()[0];
        String first = trace.toString().lines().findFirst().orElseThrow();
        assertEquals("#0      framesOfAThrowable (StackTraceTextTest.java:" + top.getLineNumber() + ")", first);
        String second = trace.toString().lines().skip(1).findFirst().orElseThrow();
        assertTrue(second.startsWith("#1      framesOfAThrowable (StackTraceTextTest.java:"), second);
    }

    @Test
    void currentStartsAtTheCaller() {
        StackTrace trace = StackTrace.current();
        assertEquals("currentStartsAtTheCaller", trace.frames()[0].getMethodName());
        assertTrue(trace.toString().startsWith("#0      currentStartsAtTheCaller (StackTraceTextTest.java:"),
                trace.toString());
    }

    @Test
    void constructorFrames() {
        Capturer capturer = new Capturer();
        assertTrue(capturer.trace.toString().startsWith("#0      new Capturer (StackTraceTextTest.java:"),
                capturer.trace.toString());
        assertTrue(capturer.trace.toString().contains("\n#1      constructorFrames (StackTraceTextTest.java:"),
                capturer.trace.toString());
    }

    @Test
    void virtualThreadMachineryIsHidden() throws InterruptedException {
        AtomicReference<StackTrace> captured = new AtomicReference<>();
        Thread thread = Thread.ofVirtual().start(() -> captured.set(StackTrace.current()));
        thread.join();
        String text = captured.get().toString();
        assertEquals("#0      virtualThreadMachineryIsHidden (StackTraceTextTest.java:"
                + captured.get().frames()[0].getLineNumber() + ")\n", text);
        assertTrue(captured.get().frames().length > 1, "the raw frames include the JDK's machinery");
    }

    private static final class Capturer {
        final StackTrace trace = StackTrace.current();
    }
}
