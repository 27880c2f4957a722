package dev.dartasync.examples;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One runnable example: a Dart program from the lecture, ported to Java.
 *
 * @param id         the short name used on the command line ({@code java -jar dart-async-examples.jar <id>}) and
 *                   as the name of its lecture output, {@code dev/dartasync/examples/lecture/<id>.txt}
 *                   (see {@link LectureOutputLoader}); lower case, digits and dashes
 * @param title      the heading of the lecture section the program comes from
 * @param entryPoint the program itself, a static {@code main}-like body. A lecture program calls
 *                   {@code Dart.runMain(...)} itself, so an uncaught error ends the process with exit code 255
 *                   ({@code unawaited-lint} runs javac instead and exits with 1 if it cannot); when it returns,
 *                   the runner exits with 0.
 */
public record Example(String id, String title, Runnable entryPoint) {

    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    public Example {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(entryPoint, "entryPoint");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("example id must be lower-case words joined by '-': " + id);
        }
    }
}
