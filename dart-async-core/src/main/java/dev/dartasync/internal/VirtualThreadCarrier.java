package dev.dartasync.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * The default carrier: every body is a virtual thread whose scheduler is this object, so the JDK
 * hands each runnable body's continuation to {@link #execute} and the isolate's own thread runs
 * it. Needs {@code --add-opens java.base/java.lang=ALL-UNNAMED} ({@link CarrierSeam}).
 *
 * <p><b>Hand-over protocol.</b> A body that suspends in an await or a hand-over yields its thread
 * ({@link #suspend}), and the JDK hands its continuation back at once: the carrier keeps it
 * (nothing to queue: a body's continuation is always found from its thread), and {@link
 * Carrier#resume} queues the body when its turn comes. Any other continuation of one of our bodies
 * that arrives on this isolate's thread (its start, the end of a blocking call) goes to the ready
 * queue; one that arrives from another thread (the JDK's timed unparker, an I/O poller) is posted
 * to the loop as an event. A continuation of any other virtual thread (one that user code started
 * inside a body inherits the body's scheduler, the JDK's rule) goes to the JDK's default
 * scheduler: only bodies run here.
 *
 * <p>A blocking JDK call inside a body (sleep, a lock, a socket read) parks its virtual thread:
 * the isolate's thread runs other work meanwhile, and the body comes back as a ready continuation.
 */
final class VirtualThreadCarrier extends Carrier implements Executor {

  private final Thread.Builder.OfVirtual bodyBuilder;

  VirtualThreadCarrier(EventLoop loop, Thread thread) {
    super(loop, thread);
    this.bodyBuilder = CarrierSeam.virtualThreadBuilder(this);
  }

  @Override
  void launch(Body body) {
    Thread t = bodyBuilder.unstarted(body);
    t.setUncaughtExceptionHandler(body); // How execute() knows the continuation is a body's.
    body.thread = t;
    t.start(); // -> execute(): the continuation goes to ready.
  }

  @Override
  Body runMounted(Body body, boolean first) {
    CarrierSeam.continuationOf(body.thread).run();
    return body;
  }

  /** A pinned body parks the isolate's only thread: the pinned-carrier watchdog fails its await. */
  @Override
  void watch() {
    PinnedCarrierWatchdog.watch(this);
  }

  @Override
  void unwatch(boolean ended) {
    PinnedCarrierWatchdog.unwatch(this);
  }

  /**
   * <b>Parking by yielding.</b> The body unmounts with {@code Thread.yield()}, not {@code
   * LockSupport.park}. The JDK hands a yielded thread's continuation straight to {@link #execute},
   * which keeps it (the body is AWAITING or YIELDED), and {@link Carrier#resume} later queues the
   * body itself: no unpark. A park and an unpark cost four more atomic operations in {@code
   * VirtualThread} than a yield (the park permit's two get-and-sets, the PARKED -> UNPARKED CAS,
   * the permit's reset): ping-pong went from 1.04-1.13x the foundation's hand-off to 0.94-1.03x,
   * with this and the await fast path of {@link FutureImpl#completeWithValue} (PairedJars, 11 JVMs;
   * docs/architecture.md §4, §11).
   *
   * <p>A yield ignores the interrupt flag, so an interrupted body neither spins nor loses its
   * interrupt, and an interrupt does not wake it (the JDK only wakes PARKED threads). If the yield
   * could not unmount (the body is pinned: a class initializer, a native frame; or no memory for
   * the frozen stack), the carrier's mount count has not moved, and the body parks on the carrier
   * instead ({@link Body#parkOnCarrier}), where the pinned-carrier watchdog finds it. A run of the
   * continuation that is not a resumption (the state is not RESUMING) yields again.
   */
  @Override
  void suspend(Body body) {
    while (true) {
      long mountsBefore = mounts;
      try {
        Thread.yield(); // Unmounts; execute() keeps the continuation until resume.
      } catch (OutOfMemoryError e) {
        body.parkOnCarrier(); // No memory to freeze the stack: park instead, as the JDK's park does.
        return;
      }
      if (body.isResuming()) {
        return;
      }
      if (mounts == mountsBefore) {
        body.parkOnCarrier(); // The yield did not unmount (pinned): park the carrier thread.
        return;
      }
      // Our continuation ran without a resumption: suspend again.
    }
  }

  /**
   * Resumed, yet its continuation did not run: the JDK found the thread PARKED, not yielded
   * ({@link Body#parkOnCarrier}: a yield that failed for lack of memory, then a park that
   * unmounted). Only an unpark makes it runnable; the JDK then hands it to execute(), which queues
   * it.
   */
  @Override
  void resumedButNotRun(Body body) {
    LockSupport.unpark(body.thread);
  }

  /**
   * Called by the JDK with a virtual thread's continuation when it becomes runnable. See the class
   * documentation for where each kind goes.
   */
  @Override
  public void execute(Runnable continuation) {
    Body m = mounted;
    if (m != null
        && m.isSuspended()
        && CarrierSeam.continuationOf(m.thread) == continuation) {
      // The mounted body suspended by yielding (suspend), and the JDK, still on this thread, hands
      // its continuation straight back: keep it; resume() queues the body. (The JDK never makes a
      // yielded body runnable from another thread, so no other thread gets here with it.)
      return;
    }
    Thread t = CarrierSeam.threadOf(continuation);
    if (t == null || !(Body.of(t) instanceof Body body)) {
      CarrierSeam.defaultScheduler().execute(continuation); // Not a body: not ours to carry.
      return;
    }
    readyFromAnyThread(body);
  }
}
