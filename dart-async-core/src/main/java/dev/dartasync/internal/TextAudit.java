package dev.dartasync.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A recorder of the texts this library renders for its users, for the test suite's check that no
 * internal class name reaches them: the error classes' {@code toString()} (Dart's texts), {@code
 * Instance of '…'} and the other renderings of library objects by {@code print} and
 * interpolation, and the error line of an {@code Unhandled exception:} report.
 *
 * <p>Off unless the system property {@code dartasync.textAudit} is {@code true} when this class
 * is initialized (only the tests module's Surefire configuration sets it). Off, {@link #record}
 * returns its argument and nothing else: {@link #ON} is a {@code static final}, so the JIT folds
 * the test away. On, the texts are kept in one queue for the whole JVM, from every thread, at most
 * {@link #LIMIT} of them between two {@link #clear}s (later ones are counted, not kept).
 */
public final class TextAudit {
  private TextAudit() {}

  /** Whether texts are recorded: read once, at class initialization. */
  public static final boolean ON = Boolean.getBoolean("dartasync.textAudit");

  /** The most texts kept between two clears. */
  static final int LIMIT = 10_000;

  /** A rendered text and what rendered it (e.g. {@code ArgumentError.toString}). */
  public record Rendered(String origin, String text) {}

  private static final ConcurrentLinkedQueue<Rendered> RECORDED = new ConcurrentLinkedQueue<>();
  private static final AtomicInteger COUNT = new AtomicInteger();

  /**
   * Records {@code text}, rendered by {@code origin}, if the audit is on.
   *
   * @return {@code text}
   */
  public static String record(String origin, String text) {
    if (ON && COUNT.getAndIncrement() < LIMIT) {
      RECORDED.add(new Rendered(origin, text));
    }
    return text;
  }

  /** The texts recorded since the last {@link #clear}, oldest first. */
  static List<Rendered> recorded() {
    return new ArrayList<>(RECORDED);
  }

  /** How many texts were recorded since the last {@link #clear}, kept or not. */
  static int count() {
    return COUNT.get();
  }

  /** Forgets the texts recorded so far. */
  static void clear() {
    RECORDED.clear();
    COUNT.set(0);
  }
}
