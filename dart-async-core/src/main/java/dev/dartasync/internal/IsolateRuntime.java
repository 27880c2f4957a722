package dev.dartasync.internal;

import java.util.concurrent.Callable;

/**
 * Starts and runs one isolate: a loop with its own thread, queues, closed state and uncaught-error
 * outcome, nothing shared with other isolates. The engine behind {@code Dart.run} and
 * {@code Dart.runMain}, which run the main isolate on the calling thread (or, for a virtual caller,
 * on a platform thread of its own); {@code Isolate.run} and {@code Isolate.spawn} will start theirs
 * the same way on pooled threads. The clock is a parameter, so that tests run on virtual time.
 */
public final class IsolateRuntime {

  private final EventLoop loop;
  private FutureImpl<Object> result;

  private IsolateRuntime(EventLoop loop) {
    this.loop = loop;
  }

  /**
   * Starts a loop on this thread with {@code clock}, posts {@code main} as its first event (run as
   * an async body), and runs the loop until the isolate ends.
   *
   * @throws IllegalStateException if this thread already runs an event loop
   */
  public static IsolateRuntime run(Callable<?> main, LoopClock clock) {
    if (EventLoop.current() != null) {
      throw new IllegalStateException(
          "Dart.run was called on a thread that already runs an event loop (an isolate's thread "
              + "or one of its async bodies). A thread carries one isolate; use Dart.async(...) to "
              + "start more work on it.");
    }
    boolean virtual = Thread.currentThread().isVirtual();
    if (virtual != Carriers.loopThreadIsVirtual()) {
      return runOnThreadOfItsOwn(main, clock, !virtual);
    }
    IsolateRuntime isolate = new IsolateRuntime(new EventLoop(clock));
    isolate.loop.post(() -> isolate.result = isolate.loop.startBody(main));
    isolate.loop.run();
    return isolate;
  }

  /**
   * The carrier decides what kind of thread runs a loop: a platform thread for the virtual-thread
   * carrier (a custom-scheduled virtual thread cannot have a virtual carrier), a virtual thread for
   * the flag-free one (a hand-off through a platform thread costs 6.7 to 58 us, against about 1 us
   * between virtual threads). A caller of the other kind gets a thread of its own and waits for it:
   * an interrupt of the caller is passed on to the isolate's thread, which stops the isolate. If
   * the JDK's scheduler hangs for good meanwhile ({@link StarvedSchedulerWatch}), the caller
   * throws its error instead of waiting forever (and interrupts the isolate's thread, which stops
   * the isolate should the scheduler run it again).
   */
  private static IsolateRuntime runOnThreadOfItsOwn(
      Callable<?> main, LoopClock clock, boolean virtual) {
    Object[] outcome = new Object[1];
    Thread.Builder builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
    Thread isolateThread =
        builder
            .name("dart-async isolate of " + Thread.currentThread())
            .start(
                () -> {
                  try {
                    outcome[0] = run(main, clock);
                  } catch (Throwable e) {
                    outcome[0] = e;
                  }
                });
    boolean interrupted = false;
    while (true) {
      try {
        if (isolateThread.join(WAIT_STEP)) {
          break;
        }
        IllegalStateException hung = StarvedSchedulerWatch.hung();
        if (hung != null) {
          // The JDK's scheduler can run no virtual thread again (flag-free, pinned awaits): the
          // isolate's thread never ends, so its caller gets the watch's error instead.
          isolateThread.interrupt(); // Were the scheduler to run it again, it stops at once.
          if (interrupted) {
            Thread.currentThread().interrupt();
          }
          throw new IllegalStateException(hung.getMessage());
        }
      } catch (InterruptedException e) {
        interrupted = true;
        isolateThread.interrupt();
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (outcome[0] instanceof Throwable e) {
      throw Sneaky.<RuntimeException>rethrow(e);
    }
    return (IsolateRuntime) outcome[0];
  }

  /** How often a caller waiting for the isolate's thread looks at the starved-scheduler watch. */
  private static final java.time.Duration WAIT_STEP =
      java.time.Duration.ofMillis(StarvedSchedulerWatch.SCAN_MILLIS);

  /** The error that stopped the isolate, or null if it ran dry. */
  public Throwable fatalError() {
    return loop.fatalError();
  }

  public dev.dartasync.StackTrace fatalStackTrace() {
    return loop.fatalStackTrace();
  }

  /**
   * Main's value; rethrows the fatal error if there was one.
   *
   * @throws IllegalStateException if the isolate ran dry before main's future completed
   */
  @SuppressWarnings("unchecked")
  public <T> T value() {
    if (loop.fatalError() != null) {
      if (loop.fatalError() instanceof InterruptedException) {
        Thread.currentThread().interrupt(); // Java's rule: whoever reports an interrupt keeps it.
      }
      throw Sneaky.<RuntimeException>rethrow(loop.fatalError());
    }
    if ((result == null || !result.isComplete()) && loop.stopped()) {
      throw new IllegalStateException(
          "The main isolate was ended by Isolate.kill or Isolate.exit before main's future "
              + "completed; Dart.run has no value to return.");
    }
    if (result == null || !result.isComplete()) {
      throw new IllegalStateException(
          "The isolate ran dry before main's future completed: nothing was left to complete it "
              + "(no microtask, event, timer or open port). Dart would exit here; Dart.run has no "
              + "value to return.");
    }
    if (result.hasError()) {
      throw Sneaky.<RuntimeException>rethrow(result.error().error());
    }
    return (T) result.value();
  }

  /** Runs {@code main} with virtual time (see {@link VirtualClock}) and returns its value. */
  public static <T> T runWithVirtualTime(Callable<T> main) {
    return run(main, new VirtualClock()).value();
  }
}
