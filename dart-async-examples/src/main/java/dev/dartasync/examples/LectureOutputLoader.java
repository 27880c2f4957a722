package dev.dartasync.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the output a lecture program printed, kept as data in
 * {@code src/main/resources/dev/dartasync/examples/lecture/<id>.txt} (on the class path as
 * {@code /dev/dartasync/examples/lecture/<id>.txt}).
 *
 * <p>The file is UTF-8 text, one directive per line:
 * <pre>
 * # comment          ignored, as are blank lines
 * out &lt;text&gt;         a line printed to stdout: &lt;text&gt; is everything after "out " (exactly one space),
 *                    byte for byte, trailing spaces included; "out" alone is an empty line
 * err &lt;text&gt;         the same for stderr
 * java &lt;text&gt;        a line only the Java port prints (on either stream), not the lecture's program: a diagnostic
 *                    of its own, such as the blocked-loop detector's WARN; "java" alone is an empty line
 * exit &lt;n&gt;           the exit code of the process, exactly once (a decimal integer)
 * </pre>
 * {@code out}, {@code err} and {@code java} lines are listed in the order the program printed them. A line terminator is
 * {@code \n} or {@code \r\n}; the {@code \r} is not part of the text.
 *
 * <p>Inside {@code <text>}, {@code ⟦ ⟧} marks what the port may print differently (see {@link LineTemplate} and
 * {@link OutputComparator}); a program never prints these brackets:
 * <pre>
 * ⟦21⟧               a measured number that is not a time (a tick count); times ("27.6 ms") need no mark
 * ⟦███▎⟧             a bar of a text chart, drawn to a measured length (block characters █▉▊▋▌▍▎▏)
 * err ⟦stack trace⟧  the whole line: a stack trace the lecture does not show ({@link LectureOutput#STACK_TRACE})
 * java ⟦java frames⟧ the whole line, in a java line only: one or more Java stack-frame lines, "\tat &lt;frame&gt;"
 *                    ({@link LectureOutput#JAVA_FRAMES})
 * </pre>
 * A {@code java} line's times ({@code "for 104 ms"}) are measured figures like any other; a tab in its text is a
 * tab ({@code "\t... (the isolate's event loop)"}, as the detector prints its last line).
 * Any other use of {@code ⟦} or {@code ⟧} is malformed.
 *
 * <p>{@link #parse} does no I/O and is what the tests use; {@link #load} reads the resource and parses it.
 */
public final class LectureOutputLoader {

    /** The class-path folder that holds the lecture outputs. */
    public static final String RESOURCE_DIR = "/dev/dartasync/examples/lecture/";

    private LectureOutputLoader() {
    }

    /**
     * Reads and parses the lecture output of the example {@code id}.
     *
     * @throws IllegalArgumentException if there is no such resource or it is malformed
     * @throws UncheckedIOException     if it cannot be read
     */
    public static LectureOutput load(String id) {
        String resource = RESOURCE_DIR + id + ".txt";
        try (InputStream in = LectureOutputLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no lecture output for example '" + id + "': missing " + resource);
            }
            return parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** Parses the whole text of a lecture output file; {@code source} names it in error messages. */
    public static LectureOutput parse(String source, String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast(); // the terminator of the last line
        }
        return parse(source, lines);
    }

    /** Parses the lines of a lecture output file (without terminators); {@code source} names it in errors. */
    public static LectureOutput parse(String source, List<String> fileLines) {
        List<LectureOutput.Line> out = new ArrayList<>();
        Integer exit = null;
        int number = 0;
        for (String raw : fileLines) {
            number++;
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.equals("out") || line.startsWith("out ")) {
                String text = checked(source, number, textAfter(line, "out"));
                out.add(new LectureOutput.Line(LectureOutput.Channel.OUT, text));
            } else if (line.equals("err") || line.startsWith("err ")) {
                String text = checked(source, number, textAfter(line, "err"));
                out.add(new LectureOutput.Line(LectureOutput.Channel.ERR, text));
            } else if (line.equals("java") || line.startsWith("java ")) {
                String text = textAfter(line, "java");
                String problem = LineTemplate.check(text, List.of(LectureOutput.JAVA_FRAMES));
                if (problem != null) {
                    throw malformed(source, number, problem + ": " + text);
                }
                out.add(new LectureOutput.Line(LectureOutput.Channel.JAVA, text));
            } else if (line.startsWith("exit ")) {
                if (exit != null) {
                    throw malformed(source, number, "a second 'exit' line");
                }
                try {
                    exit = Integer.parseInt(line.substring("exit ".length()).strip());
                } catch (NumberFormatException e) {
                    throw malformed(source, number, "'exit' needs an integer: " + line);
                }
            } else {
                throw malformed(source, number, "expected 'out ', 'err ', 'java ', 'exit ' or '#': " + line);
            }
        }
        if (exit == null) {
            throw new IllegalArgumentException(source + ": no 'exit <n>' line");
        }
        return new LectureOutput(out, exit);
    }

    /** The text, if its {@code ⟦ ⟧} marks are well formed. */
    private static String checked(String source, int lineNumber, String text) {
        String problem = LineTemplate.check(text, List.of(LectureOutput.STACK_TRACE));
        if (problem != null) {
            throw malformed(source, lineNumber, problem + ": " + text);
        }
        return text;
    }

    private static String textAfter(String line, String keyword) {
        return line.length() <= keyword.length() ? "" : line.substring(keyword.length() + 1);
    }

    private static IllegalArgumentException malformed(String source, int lineNumber, String what) {
        return new IllegalArgumentException(source + ":" + lineNumber + ": " + what);
    }
}
