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

    /** The stream a line was printed to. */
    public enum Channel {
        OUT, ERR
    }

    /** One printed line, without its line terminator. */
    public record Line(Channel channel, String text) {
        public Line {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(text, "text");
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
