package dev.dartasync.examples;

import java.util.List;
import java.util.Objects;

/**
 * What a lecture program printed, as recorded in the lecture: its output lines (stdout and stderr, in the order
 * printed) and its exit code. Loaded by {@link LectureOutputLoader}.
 *
 * @param lines    the output lines, in order
 * @param exitCode the process exit code
 */
public record LectureOutput(List<Line> lines, int exitCode) {

    /**
     * The line that stands, in a lecture output, for a stack trace the lecture does not show (it quotes an error
     * but not the trace Dart prints after it). {@link OutputComparator} pairs it with the port's whole stack trace.
     */
    public static final String STACK_TRACE = "⟦stack trace⟧";

    /**
     * The prefix of a {@link Channel#JAVA} line's text as {@link OutputComparator} reads it ({@link Line#compared()}):
     * a line the port prints and the lecture does not.
     */
    public static final String JAVA_ONLY = "⟦java⟧";

    /**
     * The whole text of a {@link Channel#JAVA} line that stands for a run of one or more Java stack-frame lines,
     * {@code "\tat <frame>"}, as the blocked-loop detector prints them (their methods and line numbers are the
     * port's own).
     */
    public static final String JAVA_FRAMES = "⟦java frames⟧";

    /** The stream a line was printed to. */
    public enum Channel {
        OUT, ERR,
        /**
         * A line only the Java port prints, on either stream: a diagnostic of its own, such as the blocked-loop
         * detector's WARN, with no line of the lecture's program beside it.
         */
        JAVA
    }

    /** One printed line, without its line terminator. */
    public record Line(Channel channel, String text) {
        public Line {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(text, "text");
        }

        /** The text as {@link OutputComparator} reads it: a {@link Channel#JAVA} line gets {@link #JAVA_ONLY} first. */
        public String compared() {
            return channel == Channel.JAVA ? JAVA_ONLY + text : text;
        }
    }

    public LectureOutput {
        lines = List.copyOf(lines);
    }

    /**
     * The text of every line, stdout and stderr merged in the order printed: what a terminal (or a child process
     * whose stderr is redirected into its stdout) shows.
     */
    public List<String> mergedText() {
        return lines.stream().map(Line::text).toList();
    }
}
