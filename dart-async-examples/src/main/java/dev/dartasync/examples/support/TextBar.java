package dev.dartasync.examples.support;

/**
 * A bar of a text chart, drawn with block characters to the eighth of a block: {@code
 * bar(18, 8)} is {@code ██▎} (2.25 blocks). The lecture's figures are charts; the examples print
 * them as text.
 */
public final class TextBar {
  private static final String EIGHTHS = "▏▎▍▌▋▊▉";

  private TextBar() {}

  /**
   * The bar for {@code value} at {@code valuePerBlock} per full block, rounded to the nearest
   * eighth of a block; empty for values under a sixteenth of a block.
   *
   * @throws IllegalArgumentException if {@code value} is negative or {@code valuePerBlock} is not
   *     positive
   */
  public static String bar(double value, double valuePerBlock) {
    if (value < 0 || !(valuePerBlock > 0)) {
      throw new IllegalArgumentException(
          "bar(" + value + ", " + valuePerBlock + "): need value >= 0 and valuePerBlock > 0");
    }
    long eighths = Math.round(value * 8 / valuePerBlock);
    StringBuilder bar = new StringBuilder("█".repeat((int) (eighths / 8)));
    int rest = (int) (eighths % 8);
    if (rest > 0) {
      bar.append(EIGHTHS.charAt(rest - 1));
    }
    return bar.toString();
  }
}
