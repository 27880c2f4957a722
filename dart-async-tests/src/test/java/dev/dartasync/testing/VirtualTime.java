package dev.dartasync.testing;

import dev.dartasync.internal.Testing;
import java.util.concurrent.Callable;

/**
 * Runs an isolate like {@code Dart.run}, but on a virtual clock: time stands still while code runs
 * and jumps to the next timer deadline when the loop would wait. Timer-order tests then depend only
 * on durations and creation order, not on how loaded the machine is, and {@link #elapse(long)}
 * stands in for "this code ran that long".
 *
 * <pre>{@code
 * VirtualTime time = new VirtualTime();
 * time.run(() -> {
 *   Timer.periodic(Duration.ofMillis(10), t -> ...);
 *   time.elapse(55); // as if main had been busy for 55 ms
 * });
 * }</pre>
 *
 * <p>Built on the core's testing seam ({@link Testing#run(Callable, Testing.VirtualTime)}).
 */
public final class VirtualTime {

  private final Testing.VirtualTime clock = new Testing.VirtualTime();

  /** Runs {@code main} as the main isolate on this thread, with this virtual clock. */
  public <T> T run(Callable<T> main) {
    return Testing.run(main, clock);
  }

  /** Runs {@code main} (without a value) as the main isolate, with this virtual clock. */
  public void run(Runnable main) {
    run(
        () -> {
          main.run();
          return null;
        });
  }

  /** Moves virtual time forward, as if the running code had taken {@code millis}. */
  public void elapse(long millis) {
    clock.elapse(millis);
  }

  /** The current virtual time in milliseconds (starts at 0). */
  public long now() {
    return clock.now();
  }
}
