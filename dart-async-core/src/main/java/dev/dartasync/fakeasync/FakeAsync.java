package dev.dartasync.fakeasync;

import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.DartText;
import dev.dartasync.internal.FakeClock;
import dev.dartasync.internal.IsolateRuntime;
import dev.dartasync.internal.TimerEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Dart's {@code fake_async} for this library: {@link #run(Body) FakeAsync.run(fake -> { ... })}
 * runs the body as an async body on an isolate of its own whose clock moves only when the body
 * tells it to ({@link #elapse}, {@link #flushTimers}, {@link #elapseBlocking}). Timers, {@code
 * Future.delayed}, {@code timeout} and {@code Stream.periodic} of that isolate all follow the fake
 * clock, so a test of an hour of timers takes no real time and never depends on machine load.
 *
 * <pre>{@code
 * FakeAsync.run(fake -> {
 *   DFuture<String> later = DFuture.delayed(Duration.ofSeconds(5), () -> "done");
 *   fake.elapse(Duration.ofSeconds(5));   // the timer fires in here
 *   assertEquals("done", await(later));   // await works in the body
 * });
 * }</pre>
 *
 * <p>How it differs from {@code fake_async}: the body may {@code await} (an {@code async} callback
 * under {@code fake_async} never finishes); {@code elapse}, {@code flushTimers} and {@code
 * flushMicrotasks} called in an async body suspend that body while the isolate's loop runs the
 * timers and microtasks, in the loop's order (microtasks drained before and after each timer, as in
 * {@code fake_async}); a body still suspended when nothing can resume it fails the run instead of
 * passing silently; {@code elapse} from a timer or microtask callback is a {@link StateError}; a
 * body blocked in a JDK call ({@code Thread.sleep}, a socket) fails the run naming the call (under
 * the virtual-thread carrier); timers have the VM's millisecond resolution (a duration is truncated
 * to whole milliseconds), with zero-duration timers run as events in posting order among the
 * isolate's other events; the whole isolate is on the fake clock, not one zone; isolates spawned in
 * the run keep the real clock.
 *
 * <p>Every instance method must be called on the run's isolate (its body, or code that body runs);
 * elsewhere it throws a {@link StateError}. It needs no test framework.
 */
public final class FakeAsync {

  /** A body that returns a value (see {@link #run(Body)}). */
  @FunctionalInterface
  public interface Body<T> {
    /**
     * The test code, run as an async body.
     *
     * @throws Exception anything: {@link #run(Body)} throws it on
     */
    T run(FakeAsync fake) throws Exception;
  }

  /** A body without a value (see {@link #run(VoidBody)}). */
  @FunctionalInterface
  public interface VoidBody {
    /**
     * The test code, run as an async body.
     *
     * @throws Exception anything: {@link #run(VoidBody)} throws it on
     */
    void run(FakeAsync fake) throws Exception;
  }

  private final FakeClock clock = new FakeClock();
  private final Instant initialTime;

  private FakeAsync(Instant initialTime) {
    this.initialTime = initialTime;
  }

  /**
   * Runs {@code body} on a new isolate whose clock starts at zero and moves only when told, and
   * returns the body's value once the isolate has nothing left to do. The calling thread waits (it
   * must not itself run an isolate). Timers still pending when the body has finished are dropped,
   * as {@code fake_async} leaves them unfired.
   *
   * <p>Errors: an exception thrown by the body, or an uncaught error of the isolate, is thrown on
   * here, the original object. If the body is still suspended when nothing can resume it (it awaits
   * a timer nobody elapsed to, or a future nothing completes), this throws a {@link StateError}
   * that says so and where fake time stood: such a test never passes silently. Under the
   * virtual-thread carrier, a body blocked in a JDK call the fake clock does not own ({@code
   * Thread.sleep}, a socket) when nothing else is left to run ends the run with a {@link
   * StateError} naming the call and its line (under the flag-free carrier such a call holds the
   * whole isolate, which waits for it in real time).
   *
   * <p>A lambda whose body is one expression with a value, or a block that only throws, fits both
   * this and {@link #run(VoidBody)}; write a block with {@code return}, or cast to one of them.
   *
   * @throws dev.dartasync.ArgumentError if {@code body} is null
   * @throws StateError if called on an isolate (it must be called from a thread of no isolate)
   */
  public static <T> T run(Body<T> body) {
    return run(Instant.now(), body);
  }

  /**
   * {@link #run(Body)} with {@link #now()} starting at {@code initialTime} (instead of the real
   * time at the call).
   */
  public static <T> T run(Instant initialTime, Body<T> body) {
    Checks.notNull(initialTime, "initialTime");
    Checks.notNull(body, "body");
    if (dev.dartasync.internal.EventLoop.current() != null) {
      throw new StateError(
          "FakeAsync.run was called on an isolate (in Dart.run, an async body or a callback): it"
              + " starts an isolate of its own and waits for it, so call it from the test's own"
              + " thread, outside Dart.run.");
    }
    FakeAsync fake = new FakeAsync(initialTime);
    Object[] value = new Object[1];
    boolean[] finished = new boolean[1];
    IsolateRuntime isolate =
        fake.clock.run(
            () -> {
              value[0] = body.run(fake);
              finished[0] = true;
              return value[0];
            });
    if (isolate.fatalError() != null || finished[0]) {
      return isolate.value(); // The body's error or the isolate's, thrown on; else the value.
    }
    throw fake.stillSuspended();
  }

  /** {@link #run(Body)} for a body without a value. */
  public static void run(VoidBody body) {
    Checks.notNull(body, "body");
    run(
        (Body<Void>)
            fake -> {
              body.run(fake);
              return null;
            });
  }

  /** {@link #run(Body)} for a body without a value, with {@link #now()} from {@code initialTime}. */
  public static void run(Instant initialTime, VoidBody body) {
    Checks.notNull(body, "body");
    run(
        initialTime,
        (Body<Void>)
            fake -> {
              body.run(fake);
              return null;
            });
  }

  private StateError stillSuspended() {
    return new StateError(
        "FakeAsync.run: the body is still suspended and nothing can resume it: it awaits a future"
            + " that no microtask, event or due timer completes (fake time stood at "
            + DartText.duration(elapsed())
            + "; timers are due only when the body calls elapse or flushTimers). Elapse the fake"
            + " time before awaiting what a timer completes.");
  }

  // ---- moving time -------------------------------------------------------------------------

  /**
   * Moves fake time forward by {@code duration}, running every timer due within it (also timers
   * those timers create), in deadline order and by creation order among equal deadlines; the
   * microtasks are drained before and after each timer, and events posted meanwhile run in turn.
   * The calling body is suspended until then, so other async bodies run meanwhile; when this
   * returns, {@link #elapsed()} has grown by {@code duration} (or more, if a callback called
   * {@link #elapseBlocking}).
   *
   * <p>Errors: a callback's uncaught error goes where it would on a real clock (its zone; in the
   * root zone it stops the isolate, and {@link #run(Body)} throws it).
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument (duration): may not be negative:
   *     Instance of 'Duration'} for a negative duration (Dart's {@code Error.safeToString} shows
   *     no Duration's value)
   * @throws StateError {@code Cannot elapse until previous elapse is complete.} while another
   *     {@code elapse} or {@code flushTimers} runs; a StateError that says so when called from a
   *     timer, microtask or listener callback (it cannot run timers from inside one of them)
   */
  public void elapse(Duration duration) {
    Checks.notNull(duration, "duration");
    clock.elapse(duration);
  }

  /**
   * Moves fake time forward by {@code duration} at once, as a blocking or expensive call would,
   * running nothing; callable anywhere on the run's isolate, callbacks included. Inside an {@link
   * #elapse} the timers it made due fire before that elapse returns.
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s): Cannot call elapse with
   *     negative duration} for a negative duration
   */
  public void elapseBlocking(Duration duration) {
    Checks.notNull(duration, "duration");
    clock.elapseBlocking(duration);
  }

  /**
   * Runs the queued microtasks, and those they queue, until none is left; no timer and no event
   * runs. Called in an async body it suspends that body until the microtasks are done; called in a
   * callback it runs them on the spot. A microtask's uncaught error goes to its zone (the root
   * zone's stops the isolate).
   */
  public void flushMicrotasks() {
    clock.flushMicrotasks();
  }

  /** {@link #flushTimers(Duration, boolean) flushTimers(1 hour, true)}. */
  public void flushTimers() {
    flushTimers(Duration.ofHours(1), true);
  }

  /**
   * Moves fake time to each next timer deadline and runs the timers, as {@link #elapse} does,
   * until no timer is left (with {@code flushPeriodicTimers} false: until only periodic timers are
   * left and none of them is due). The calling body is suspended meanwhile. Fake time stops at the
   * last timer run, not at the timeout.
   *
   * @throws StateError {@code Exceeded timeout 1:00:00.000000 while flushing timers} when the next
   *     timer is due more than {@code timeout} after the call (a periodic timer would otherwise run
   *     forever); the timers before it have run
   * @throws StateError as {@link #elapse} does when nested or called from a callback
   */
  public void flushTimers(Duration timeout, boolean flushPeriodicTimers) {
    Checks.notNull(timeout, "timeout");
    clock.flushTimers(timeout, flushPeriodicTimers);
  }

  // ---- looking at it -----------------------------------------------------------------------

  /** The fake time that has passed since the run began. */
  public Duration elapsed() {
    return clock.elapsed();
  }

  /** The fake wall-clock time: the run's initial time plus {@link #elapsed()}. */
  public Instant now() {
    return initialTime.plus(clock.elapsed());
  }

  /**
   * A {@link java.time.Clock} (UTC) that reads {@link #now()}: hand it to code that takes a clock.
   * Reading it is allowed from any thread.
   */
  public Clock clock() {
    return new FakeWallClock(this, ZoneOffset.UTC);
  }

  /** A started stopwatch on the fake time (Dart's {@code clock.stopwatch()..start()}). */
  public Stopwatch stopwatch() {
    Stopwatch stopwatch = new Stopwatch(clock);
    stopwatch.start();
    return stopwatch;
  }

  /**
   * The timers that have not fired and were not cancelled (a periodic timer stays until it is
   * cancelled), zero-duration timers first.
   */
  public List<PendingTimer> pendingTimers() {
    List<PendingTimer> list = new ArrayList<>();
    for (TimerEntry t : clock.pendingTimers()) {
      list.add(
          new PendingTimer(
              Duration.ofMillis(t.milliseconds()),
              t.isPeriodic(),
              t.created() == null ? StackTrace.empty() : t.created()));
    }
    return List.copyOf(list);
  }

  /** {@code debugString} of each of {@link #pendingTimers()}. */
  public List<String> pendingTimersDebugString() {
    return pendingTimers().stream().map(PendingTimer::debugString).toList();
  }

  /** How many periodic timers are pending. */
  public int periodicTimerCount() {
    return (int) pendingTimers().stream().filter(PendingTimer::isPeriodic).count();
  }

  /** How many non-periodic timers are pending. */
  public int nonPeriodicTimerCount() {
    return (int) pendingTimers().stream().filter(t -> !t.isPeriodic()).count();
  }

  /** How many microtasks are queued now. */
  public int microtaskCount() {
    return clock.microtaskCount();
  }

  /**
   * A timer that has not fired yet, as {@link #pendingTimers()} lists it.
   *
   * @param duration the timer's duration (its period, if periodic), in whole milliseconds
   * @param isPeriodic whether it is a {@code Timer.periodic}
   * @param creationStackTrace where it was made
   */
  public record PendingTimer(
      Duration duration, boolean isPeriodic, StackTrace creationStackTrace) {

    /**
     * @throws dev.dartasync.ArgumentError if {@code duration} or {@code creationStackTrace} is null
     */
    public PendingTimer {
      Checks.notNull(duration, "duration");
      Checks.notNull(creationStackTrace, "creationStackTrace");
    }

    /**
     * {@code Timer (duration: 0:00:01.000000, periodic: false), created:} and the creation stack
     * trace on the next lines, as {@code fake_async}'s {@code debugString}.
     */
    public String debugString() {
      return "Timer (duration: "
          + DartText.duration(duration)
          + ", periodic: "
          + isPeriodic
          + "), created:\n"
          + creationStackTrace;
    }
  }

  /**
   * A stopwatch on the fake time (Dart's {@code Stopwatch} read through {@code clock}): it measures
   * fake time, so a program timed by it prints the durations of its timers, not the machine's.
   * Read it on the run's isolate.
   */
  public static final class Stopwatch {
    private final FakeClock clock;
    private long startNanos;
    private long stoppedNanos;
    private boolean running;

    private Stopwatch(FakeClock clock) {
      this.clock = clock;
    }

    /** Starts (or, if running, keeps running). */
    public void start() {
      if (!running) {
        startNanos = clock.elapsed().toNanos();
        running = true;
      }
    }

    /** Stops; the elapsed time stays. */
    public void stop() {
      if (running) {
        stoppedNanos += clock.elapsed().toNanos() - startNanos;
        running = false;
      }
    }

    /** Sets the elapsed time to zero; a running stopwatch keeps running. */
    public void reset() {
      stoppedNanos = 0;
      startNanos = clock.elapsed().toNanos();
    }

    /** The fake time measured. */
    public Duration elapsed() {
      return Duration.ofNanos(
          stoppedNanos + (running ? clock.elapsed().toNanos() - startNanos : 0));
    }

    /** Whole milliseconds measured, as Dart's {@code elapsedMilliseconds}. */
    public long elapsedMilliseconds() {
      return elapsed().toMillis();
    }

    /** Whether it is running. */
    public boolean isRunning() {
      return running;
    }
  }

  private static final class FakeWallClock extends Clock {
    private final FakeAsync fake;
    private final ZoneId zone;

    FakeWallClock(FakeAsync fake, ZoneId zone) {
      this.fake = fake;
      this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new FakeWallClock(fake, zone);
    }

    @Override
    public Instant instant() {
      return fake.now();
    }
  }
}
