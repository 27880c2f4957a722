package dev.dartasync.edges;

import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.time.Duration;

/**
 * A child JVM's program for {@link FlagFreeStarvedSchedulerTest}, run on the flag-free carrier
 * with one scheduler thread: {@code pinned} awaits inside a class initializer (which holds that
 * thread until the await resumes, and its resumption needs it); {@code busy} keeps the thread
 * busy with CPU work for a while, which is slow but no hang.
 */
public final class FlagFreeStarvedMain {

  private FlagFreeStarvedMain() {}

  static int fortyTwo() {
    return 42;
  }

  /** Reading VALUE runs the initializer, whose await cannot unmount its virtual thread. */
  static final class AwaitsInInitializer {
    static final int VALUE =
        await(DFuture.delayed(Duration.ofMillis(10), FlagFreeStarvedMain::fortyTwo));
  }

  public static void main(String[] args) {
    long start = System.nanoTime();
    try {
      int value =
          switch (args[0]) {
            case "pinned" -> Dart.run(() -> AwaitsInInitializer.VALUE);
            case "busy" -> Dart.run(() -> await(DFuture.value(spin(2_500))));
            default -> throw new IllegalArgumentException(args[0]);
          };
      System.out.println("value " + value);
    } catch (RuntimeException e) {
      System.out.println("threw " + e.getClass().getName());
      System.out.println(e.getMessage());
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    System.out.println(millis < 10_000 ? "within 10 s" : "after " + millis + " ms");
  }

  /** CPU work, with no call into the library, for about {@code millis} ms; returns 42. */
  private static int spin(long millis) {
    long end = System.nanoTime() + millis * 1_000_000;
    long n = 0;
    while (System.nanoTime() < end) {
      n++;
    }
    return n > 0 ? 42 : 0;
  }
}
