package dev.dartasync.testing;

import dev.dartasync.internal.MainIsolate;
import dev.dartasync.internal.VirtualClock;
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
 * <p>The one place in the suite that uses the core's internal test hook ({@link MainIsolate},
 * {@link VirtualClock}).
 */
public final class VirtualTime {

  private final VirtualClock clock = new VirtualClock();

  /** Runs {@code main} as the main isolate on this thread, with this virtual clock. */
  public <T> T run(Callable<T> main) {
    return MainIsolate.run(main, clock).value();
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
    return clock.millis();
  }
}
