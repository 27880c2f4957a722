package dev.dartasync.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records lines in order, for tests whose expected result the spec gives as printed output
 * ({@code 1 2 m1 m2 v s e1 e2 e3}). Use {@link #add} where the Dart program calls {@code print}.
 * Thread-safe.
 */
public final class Log {

  private final List<String> lines = new ArrayList<>();

  /** Records {@code String.valueOf(line)}. Returns nothing, so {@code () -> log.add("x")} is a Runnable. */
  public void add(Object line) {
    synchronized (lines) {
      lines.add(String.valueOf(line));
    }
  }

  /** A snapshot of the lines so far. */
  public List<String> lines() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  /** The lines joined with single spaces, the way the spec writes an output. */
  public String joined() {
    return String.join(" ", lines());
  }

  /** Asserts that exactly these lines were recorded, in this order. */
  public void assertLines(String... expected) {
    assertEquals(Arrays.asList(expected), lines(), "recorded lines (in order)");
  }

  /**
   * Asserts the output the spec writes on one line, e.g. {@code "1 2 m1 m2 v s e1 e2 e3"}: the
   * recorded lines, joined by single spaces, must equal it.
   */
  public void assertOutput(String expected) {
    assertEquals(expected, joined(), "recorded output");
  }

  /** Forgets everything recorded. */
  public void clear() {
    synchronized (lines) {
      lines.clear();
    }
  }

  @Override
  public String toString() {
    return joined();
  }
}
