package dev.dartasync.examples.support;

import dev.dartasync.Dart;
import dev.dartasync.ZoneSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lecture program run in an isolate of its own with its prints captured instead of written: how
 * one example reads another's figures (the decision table's) without copying its code. The
 * capture is Dart's own: {@code runZoned(main, zoneSpecification: ZoneSpecification(print: ...))},
 * so it sees every {@code print} of the program, also those in its timers and async bodies.
 *
 * @param lines what the program printed, one entry per print
 * @param uncaught the error that ended the program uncaught (with {@code Dart.runMain}: exit code
 *     255), or null if it ended normally
 */
public record CapturedRun(List<String> lines, Throwable uncaught) {

  public CapturedRun {
    lines = List.copyOf(lines);
  }

  /**
   * Runs {@code program} as the main of a new isolate on this thread, with its prints captured, and
   * returns when the isolate has run dry or an uncaught error stopped it. Must not be called from
   * an isolate.
   */
  public static CapturedRun of(Runnable program) {
    List<String> lines = new ArrayList<>();
    ZoneSpecification capture =
        ZoneSpecification.builder().print((self, parent, zone, line) -> lines.add(line)).build();
    try {
      // runZoned(() async => main(), zoneSpecification: capture): the body is an async function.
      Dart.run(
          () -> Dart.await(Dart.runZoned(() -> Dart.async(program::run), null, capture)));
      return new CapturedRun(lines, null);
    } catch (Throwable e) { // Dart.run rethrows the uncaught error as it is, checked or not.
      return new CapturedRun(lines, e);
    }
  }

  /**
   * The number of the first printed line that {@code regex} is found in: its first group.
   *
   * @throws IllegalStateException if no line has it
   */
  public double number(String regex) {
    Pattern pattern = Pattern.compile(regex);
    for (String line : lines) {
      Matcher m = pattern.matcher(line);
      if (m.find()) {
        return Double.parseDouble(m.group(1));
      }
    }
    throw new IllegalStateException(
        "no printed line has /" + regex + "/: " + lines + (uncaught == null ? "" : ", uncaught: " + uncaught),
        uncaught);
  }
}
