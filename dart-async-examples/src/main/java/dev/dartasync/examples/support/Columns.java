package dev.dartasync.examples.support;

import java.util.List;
import java.util.Locale;

/**
 * Text-table cells for the examples that print one of the lecture's tables with their own figures
 * (the lecture's are in its output file, the other side of the runner's comparison). A figure is
 * right-aligned in a column of a fixed width ({@link #FIGURE}), so that the lecture's line and the
 * port's differ only in their figures; a figure wider than its column takes some of the padding,
 * which the runner's comparator allows.
 */
public final class Columns {
  /** The column separator. */
  public static final String BAR = " | ";

  /** The width of a column of times: {@code 2250.5 ms} fits. */
  public static final int FIGURE = 9;

  private Columns() {}

  /** {@code text} followed by spaces up to {@code width} characters. */
  public static String left(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }

  /** Spaces, then {@code text}, up to {@code width} characters. */
  public static String right(String text, int width) {
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }

  /** The cells joined with {@link #BAR}. */
  public static String join(List<String> cells) {
    return String.join(BAR, cells);
  }

  /** The widest of {@code texts}. */
  public static int widest(List<String> texts) {
    return texts.stream().mapToInt(String::length).max().orElse(0);
  }

  /**
   * A time as the lecture writes it: one decimal ({@code 27.6 ms}), two under a millisecond ({@code
   * 0.05 ms}) so that a fast start does not print as {@code 0.0 ms}.
   */
  public static String millis(double ms) {
    double shown = Math.abs(ms) < 0.005 ? 0 : ms; // never "-0.00 ms"
    return String.format(Locale.ROOT, shown < 1 ? "%.2f ms" : "%.1f ms", shown);
  }

  /** A time in whole milliseconds, rounded ({@code 27 ms}), as the lecture writes timer gaps. */
  public static String wholeMillis(double ms) {
    return Math.round(ms) + " ms";
  }
}
