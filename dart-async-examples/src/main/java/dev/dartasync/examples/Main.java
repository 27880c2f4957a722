package dev.dartasync.examples;

import dev.dartasync.examples.ComparisonRenderer.Result;
import dev.dartasync.examples.OutputComparator.Comparison;
import dev.dartasync.examples.OutputComparator.Verdict;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The examples runner: {@code java -jar dart-async-examples.jar [<id> | --list]}.
 * <ul>
 *   <li>{@code <id>}: runs that example in this JVM. It prints exactly what the program prints; the exit code is
 *       the program's (its {@code Dart.runMain} exits with 255 on an uncaught error; after a normal return, 0).</li>
 *   <li>{@code --list}: prints the ids, one per line, each followed by its lecture section's title.</li>
 *   <li>no argument: runs every example in a child JVM of its own (this jar again), then shows, per example, the
 *       lecture's Dart output beside the Java output line by line, marked {@code =} (identical), {@code ~} (only
 *       a measured figure differs, by the stated amount), {@code @} (only a name of the platform's own differs: a
 *       stack frame's source location, a class, a retaining path, a stack trace the lecture leaves out; see
 *       {@link OutputComparator}), {@code +} (a line only the port prints, as the lecture output expects: the
 *       blocked-loop detector's) or {@code ≠} (different or missing), then the exit codes, then a summary. Exits
 *       0 if no example has a {@code ≠} row, 1 otherwise. This report is written in UTF-8.</li>
 * </ul>
 */
@Command(name = "dart-async-examples",
        description = "Runs the lecture's Dart async examples ported to Java. With no argument, runs all of them "
                + "and compares each output with the lecture's.",
        usageHelpAutoWidth = true)
public final class Main implements Callable<Integer> {

    /** How long one example may run in the comparison before its child JVM is killed. */
    static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);

    @Parameters(index = "0", arity = "0..1", paramLabel = "<id>",
            description = "Run this example only, printing exactly what it prints and exiting with its exit code.")
    private String id;

    @Option(names = "--list", description = "Print the example ids, one per line, with their titles.")
    private boolean list;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Spec
    private CommandSpec spec;

    public static void main(String[] args) {
        int code = new CommandLine(new Main()).execute(args);
        System.exit(code);
    }

    @Override
    public Integer call() {
        if (list && id != null) {
            throw new ParameterException(spec.commandLine(), "give either <id> or --list, not both");
        }
        if (list) {
            return list();
        }
        if (id != null) {
            Example example = Examples.find(id).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "unknown example '" + id + "'; known: " + String.join(", ", Examples.ids())));
            return runOne(example);
        }
        return compareAll();
    }

    private static int list() {
        int width = Examples.ids().stream().mapToInt(String::length).max().orElse(0);
        for (Example e : Examples.all()) {
            System.out.println(String.format("%-" + width + "s  %s", e.id(), e.title()));
        }
        System.out.flush();
        return 0;
    }

    /** Runs the example in this JVM. If its body lets an error out (it should not: runMain handles them), 255. */
    private static int runOne(Example example) {
        try {
            example.entryPoint().run();
            return 0;
        } catch (Throwable t) {
            System.out.flush();
            System.err.println("Unhandled exception:");
            t.printStackTrace(System.err);
            return 255;
        } finally {
            System.out.flush();
            System.err.flush();
        }
    }

    private static int compareAll() {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        ComparisonRenderer renderer = new ComparisonRenderer();
        List<String> command = childCommandPrefix();
        List<Result> results = new ArrayList<>();
        for (Example example : Examples.all()) {
            LectureOutput dart = LectureOutputLoader.load(example.id());
            ChildRun run = runChild(command, example.id(), CHILD_TIMEOUT);
            Comparison comparison = OutputComparator.compare(dart, run.lines(), run.exitCode());
            results.add(new Result(example.id(), example.title(), comparison));
            out.println(renderer.render(example.id(), example.title(), comparison));
        }
        out.print(renderer.renderSummary(results));
        out.flush();
        return results.stream().anyMatch(r -> r.comparison().verdict() == Verdict.DIFFERS) ? 1 : 0;
    }

    /**
     * The command that starts this runner in a child JVM, without the example id: the running java binary, then
     * {@code -jar <this jar>} when running from a jar (its manifest opens java.lang), otherwise the class path with
     * {@code --add-opens} and this class. The child writes UTF-8, which is how its output is read.
     */
    static List<String> childCommandPrefix() {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The blocked-loop detector is off in the children: the lecture's programs block their main
        // isolates on purpose (the heartbeat turns it on for itself, to show its line).
        List<String> command = new ArrayList<>(List.of(java, "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8",
                "-Ddartasync.blockedLoopThreshold=off"));
        Path jar = thisJar();
        if (jar != null) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        }
        return command;
    }

    /** The jar this class was loaded from, or {@code null} if it was not loaded from a jar file. */
    private static Path thisJar() {
        CodeSource source = Main.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            Path path = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(path) && path.getFileName().toString().endsWith(".jar") ? path : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * One child run: its merged stdout+stderr split into lines (line terminators removed), and its exit code, or
     * {@code null} with an explanatory {@code [runner]} line appended when it timed out or could not start.
     */
    record ChildRun(List<String> lines, Integer exitCode) {
    }

    static ChildRun runChild(List<String> commandPrefix, String exampleId, Duration timeout) {
        List<String> command = new ArrayList<>(commandPrefix);
        command.add(exampleId);
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new ChildRun(List.of("[runner] could not start " + command + ": " + e), null);
        }
        try {
            process.getOutputStream().close(); // no standard input
            CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
            boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
            }
            List<String> lines = new ArrayList<>(splitLines(new String(output.join(), StandardCharsets.UTF_8)));
            if (!exited) {
                lines.add("[runner] timed out after " + timeout.toSeconds() + " s; killed");
                return new ChildRun(lines, null);
            }
            return new ChildRun(lines, process.exitValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return new ChildRun(List.of("[runner] interrupted"), null);
        }
    }

    private static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Splits output into lines: {@code \n} ends a line, a {@code \r} before it is dropped, no empty last line. */
    static List<String> splitLines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
        if (text.endsWith("\n")) {
            lines.removeLast();
        }
        return lines;
    }
}
