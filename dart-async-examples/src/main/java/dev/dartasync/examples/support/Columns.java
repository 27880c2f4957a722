package dev.dartasync.examples.support;

import java.util.List;
import java.util.Locale;

/**
 * Text-table cells for the examples that print the lecture's tables with their own figures beside
 * the lecture's. The lecture's cells are constants, so padding them keeps the columns aligned; the
 * measured cells come last, unpadded, so that only their figures differ from the lecture's line
 * (see the comparator of the examples runner).
 */
public final class Columns {
  /** The column separator. */
  public static final String BAR = " | ";

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
    return String.format(Locale.ROOT, ms < 1 ? "%.2f ms" : "%.1f ms", ms);
  }

  /** A time in whole milliseconds, rounded ({@code 27 ms}), as the lecture writes timer gaps. */
  public static String wholeMillis(double ms) {
    return Math.round(ms) + " ms";
  }
}
