package dev.dartasync.internal;

import java.util.Set;

/**
 * Renders Java stack frames in the Dart VM's stack trace format, one line per frame:
 * {@code #0      saveScore (Unawaited.java:41)}.
 *
 * <p>The line is {@code String.format("#%-6d %s (%s:%d)", index, function, file, line)} followed by
 * {@code \n} (the VM's {@code "#%-6" Pd " %s (%s:%" Pd ")\n"}, without the column Java does not have):
 * {@code #0} and spaces up to column 8. A frame without a line number ({@code <= 0}) is rendered
 * {@code (File.java)}, a frame without a file {@code (Unknown Source)}.
 *
 * <p>Hidden frames (see {@link #isHidden(StackTraceElement)}) are left out and do not take an index.
 */
public final class DartFrames {
    /** The line Dart prints after the frames of an async function that had suspended. */
    public static final String ASYNC_SUSPENSION = "<asynchronous suspension>";

    private static final String API_PACKAGE = "dev.dartasync.";
    private static final Set<String> API_CLASSES =
            Set.of("Dart", "DFuture", "Completer", "Timer", "Zone", "StackTrace");

    private DartFrames() {
    }

    /**
     * Whether a frame is machinery a Dart stack trace would not show: the JDK's virtual-thread and
     * continuation frames ({@code java.lang.VirtualThread*}, {@code jdk.internal.*},
     * {@code java.lang.Thread.run}/{@code runWith}, {@code java.util.concurrent.*}), this library's
     * {@code dev.dartasync.internal} package, and its API classes {@code Dart}, {@code DFuture},
     * {@code Completer}, {@code Timer}, {@code Zone}, {@code StackTrace} (nested classes and lambdas
     * included).
     *
     * @param frame a Java stack frame
     * @return {@code true} if the frame is left out of the Dart rendering
     */
    public static boolean isHidden(StackTraceElement frame) {
        String cls = frame.getClassName();
        if (cls.startsWith("java.lang.VirtualThread") || cls.startsWith("jdk.internal.")
                || cls.startsWith("java.util.concurrent.") || cls.startsWith(API_PACKAGE + "internal.")) {
            return true;
        }
        if (cls.equals("java.lang.Thread")) {
            String method = frame.getMethodName();
            return method.equals("run") || method.equals("runWith");
        }
        if (cls.startsWith(API_PACKAGE)) {
            String rest = cls.substring(API_PACKAGE.length());
            int nested = rest.indexOf('$');
            String outer = nested < 0 ? rest : rest.substring(0, nested);
            return API_CLASSES.contains(outer);
        }
        return false;
    }

    /**
     * The Dart function name of a frame: the Java method name, except that a lambda body
     * {@code lambda$outer$0} (or nested {@code lambda$lambda$outer$0$1}) is named after its enclosing
     * method {@code outer}, and a constructor {@code <init>} (or a lambda in one) is
     * {@code new SimpleClassName}.
     *
     * @param frame a Java stack frame
     * @return the function name shown in the Dart rendering
     */
    public static String functionName(StackTraceElement frame) {
        String method = frame.getMethodName();
        if (method.startsWith("lambda$")) {
            String rest = method;
            while (rest.startsWith("lambda$")) {
                rest = rest.substring("lambda$".length());
            }
            int end = rest.indexOf('$');
            method = end < 0 ? rest : rest.substring(0, end);
            if (method.equals("new")) {
                method = "<init>";
            }
        }
        if (method.equals("<init>")) {
            return "new " + simpleClassName(frame.getClassName());
        }
        return method;
    }

    /**
     * One rendered frame line, without the line terminator: {@code #3      main (Main.java:12)}.
     *
     * @param index the Dart frame index (counting visible frames only)
     * @param frame the Java frame
     * @return the Dart frame line
     */
    public static String line(int index, StackTraceElement frame) {
        String file = frame.getFileName() == null ? "Unknown Source" : frame.getFileName();
        String location = frame.getLineNumber() > 0 ? file + ":" + frame.getLineNumber() : file;
        return String.format("#%-6d %s (%s)", index, functionName(frame), location);
    }

    /**
     * Renders the visible frames, each line terminated by {@code \n} as in the Dart VM, and the
     * {@value #ASYNC_SUSPENSION} line (also terminated) if {@code asyncSuspension} is set.
     *
     * @param frames Java frames, innermost first
     * @param asyncSuspension whether to append the asynchronous-suspension marker
     * @return the Dart stack trace text ({@code ""} if nothing is visible and no marker is asked for)
     */
    public static String render(StackTraceElement[] frames, boolean asyncSuspension) {
        StringBuilder out = new StringBuilder();
        int index = 0;
        for (StackTraceElement frame : frames) {
            if (!isHidden(frame)) {
                out.append(line(index++, frame)).append('\n');
            }
        }
        if (asyncSuspension) {
            out.append(ASYNC_SUSPENSION).append('\n');
        }
        return out.toString();
    }

    private static String simpleClassName(String className) {
        String name = className.substring(className.lastIndexOf('.') + 1);
        int nested = name.lastIndexOf('$');
        if (nested >= 0 && nested + 1 < name.length()
                && !Character.isDigit(name.charAt(nested + 1))) {
            return name.substring(nested + 1);
        }
        return name;
    }
}
