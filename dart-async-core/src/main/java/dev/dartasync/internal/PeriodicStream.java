package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import java.time.Duration;
import java.util.function.IntFunction;

/**
 * Dart's {@code Stream.periodic} (stream.dart), per listen: a sync controller whose {@code
 * onListen} starts a {@link Timer#periodic} that adds {@code computation(count++)} (a throw becomes
 * an error event, through {@code addError}). Pausing cancels the timer; resuming starts a one-shot
 * timer for the rest of the period, measured by a stopwatch that (as in Dart's code) only runs from
 * the first resume on and restarts at each event, then the periodic timer again. {@code onCancel}
 * cancels the timer and returns Dart's null future.
 */
public final class PeriodicStream<T> {
  private final StreamControllerImpl<T> controller = new StreamControllerImpl<>(true);
  private final Duration period;
  private final IntFunction<? extends T> computation;
  private final Stopwatch watch = new Stopwatch();
  private int computationCount;
  private Timer timer;

  private PeriodicStream(Duration period, IntFunction<? extends T> computation) {
    this.period = period;
    this.computation = computation;
  }

  /** {@code computation} null: every event is null. */
  public static <T> DStream<T> of(Duration period, IntFunction<? extends T> computation) {
    Checks.notNull(period, "period");
    PeriodicStream<T> periodic = new PeriodicStream<>(period, computation);
    periodic.controller.setOnListen(periodic::onListen);
    return periodic.controller.stream();
  }

  private void onListen() {
    timer = Timer.periodic(period, t -> sendEvent());
    controller.setOnCancel(
        () -> {
          timer.cancel();
          return BufferingStreamSubscription.nullFuture();
        });
    controller.setOnPause(
        () -> {
          watch.stop();
          timer.cancel();
        });
    controller.setOnResume(
        () -> {
          long elapsed = watch.elapsedMillis();
          watch.start();
          timer =
              new Timer(
                  period.minusMillis(elapsed),
                  () -> {
                    timer = Timer.periodic(period, t -> sendEvent());
                    sendEvent();
                  });
        });
  }

  private void sendEvent() {
    watch.reset();
    if (computation == null) {
      controller.add(null);
      return;
    }
    T event;
    try {
      event = computation.apply(computationCount++);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      controller.addError(e, StackTrace.of(e));
      return;
    }
    controller.add(event);
  }

  /** Dart's {@code Stopwatch} on the isolate's loop clock, in milliseconds. */
  private static final class Stopwatch {
    private long elapsed;
    /** The clock reading at start; -1 while stopped. */
    private long startedAt = -1;

    private static long now() {
      return EventLoop.require().clock().millis();
    }

    void start() {
      if (startedAt < 0) {
        startedAt = now();
      }
    }

    void stop() {
      if (startedAt >= 0) {
        elapsed += now() - startedAt;
        startedAt = -1;
      }
    }

    void reset() {
      elapsed = 0;
      if (startedAt >= 0) {
        startedAt = now();
      }
    }

    long elapsedMillis() {
      return startedAt < 0 ? elapsed : elapsed + now() - startedAt;
    }
  }
}
