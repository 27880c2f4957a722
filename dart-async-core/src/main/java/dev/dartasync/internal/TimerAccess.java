package dev.dartasync.internal;

import dev.dartasync.Timer;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Lets the root zone make the isolate's own timers ({@link RootZoneHandlers#createTimer}) without a
 * public constructor on {@link Timer} that skips the zone: {@code Timer} installs its private
 * factory here when its class is initialised (the JDK's "shared secrets" pattern). Not API.
 */
public final class TimerAccess {
  private TimerAccess() {}

  /** Makes a timer of the calling isolate that runs {@code callback(timer)} when it fires. */
  @FunctionalInterface
  public interface Factory {
    Timer create(Duration duration, Consumer<Timer> callback, boolean repeating);
  }

  private static volatile Factory factory;

  /** Called once, by {@code Timer}'s static initialiser. */
  public static void install(Factory timerFactory) {
    if (factory != null) {
      throw new IllegalStateException("the timer factory is already installed");
    }
    factory = timerFactory;
  }

  static Timer create(Duration duration, Runnable callback) {
    return factory().create(duration, timer -> callback.run(), false);
  }

  static Timer createPeriodic(Duration period, Consumer<Timer> callback) {
    return factory().create(period, callback, true);
  }

  private static Factory factory() {
    Factory f = factory;
    if (f == null) {
      try {
        Class.forName(Timer.class.getName(), true, Timer.class.getClassLoader()); // Installs it.
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      f = factory;
    }
    return f;
  }
}
