package dev.dartasync.examples.support;

import java.util.Arrays;
import java.util.List;

/** The median of measured values: the lecture's figures are medians of a few runs. */
public final class Median {
  private Median() {}

  /**
   * The middle value once sorted; for an even count, the mean of the two middle ones.
   *
   * @throws IllegalArgumentException if {@code values} is empty
   */
  public static double of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("the median of no values");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
