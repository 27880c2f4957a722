package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * What others decide about an isolate, and how it ended: the stop flag ({@code Isolate.exit},
 * {@code Isolate.kill}), the pause ({@code Isolate.pause}), the {@link IsolateHooks} that decide
 * what an uncaught error does and who hears of the end, and the outcome (the fatal error, or
 * stopped). One per {@link EventLoop}, which delegates to it; the loop's drivers read it between
 * events.
 *
 * <p>Threads: {@link #kill}, {@link #setPaused} and {@link #stopping} from any thread; the rest on
 * the isolate's own thread (its loop thread or the body it runs). The outcome is written by the
 * isolate's thread before it ends and read after its end is known (a join, or the end hook).
 *
 * <p><b>The stop flag</b> goes one way: false (running) to true (stopping), never back. Set by
 * {@code Isolate.exit} on the isolate's own thread ({@link #stop()}), or by {@code
 * Isolate.kill(IMMEDIATE)} from any thread before the kill returns ({@link #kill}). From then on
 * nothing of the isolate runs: the loop runs no further microtask, event or timer, the carrier
 * stops the isolate as soon as the running body ended or parked, and every library entry point the
 * isolate's code still calls ({@link EventLoop#exitIfStopping()}: a send, an await, print,
 * scheduleMicrotask, a timer) throws {@link IsolateStop}. A kill's control message stops an
 * isolate whose code calls nothing before its next event.
 *
 * <p>One volatile field for both causes, read once per microtask, mount and await: on x86 a
 * volatile read is a plain load (the fences are on the rare writes), and one field instead of a
 * plain "exit" flag beside a volatile "kill" flag keeps it to a single load per check. The field is
 * {@link EventLoop#stopRequested}, on the loop rather than here: every caller holds the loop, and
 * a hop through this object cost 0.35 ns of a 6.4 ns microtask (5%, measured). This class is its
 * only writer.
 *
 * <p><b>Pause</b> goes both ways; {@link IsolateImpl} counts the pauses and calls {@link
 * #setPaused} on the first and the last.
 */
final class IsolateControl {

  private static final Log LOG = Log.named("dev.dartasync.isolate.Isolate");

  private final EventLoop loop;
  private final EventQueue queue;

  /**
   * Set while {@code Isolate.pause} holds the isolate: the drivers take no event and no timer, and
   * still run control messages. Set by the first pause, cleared by the resume of the last (any
   * thread); the clearing wakes the loop.
   */
  private volatile boolean paused;

  /** How the isolate treats uncaught errors and what it does when it ends; null for the defaults. */
  private volatile IsolateHooks hooks;

  // ---- the outcome: written by the isolate's thread, read once it ended ----

  private Throwable fatalError;
  private StackTrace fatalStack;

  /** Whether {@code Isolate.kill} or {@code Isolate.exit} ended the isolate (set at its end). */
  private boolean stopped;

  IsolateControl(EventLoop loop, EventQueue queue) {
    this.loop = loop;
    this.queue = queue;
  }

  /** Sets how the isolate treats uncaught errors and its end; call before it starts. */
  void setHooks(IsolateHooks hooks) {
    this.hooks = hooks;
  }

  // ---- stopping ------------------------------------------------------------------------------

  /** Whether the isolate is stopping: it called {@code Isolate.exit} or was killed immediately. */
  boolean stopping() {
    return loop.stopRequested;
  }

  /**
   * On the isolate's thread: marks it stopping for good and returns the stop to throw, which
   * unwinds the caller up to the loop (or the body's end) without running user handlers.
   */
  IsolateStop stop() {
    loop.stopRequested = true;
    return new IsolateStop();
  }

  /**
   * Asks the isolate to stop before its next event; any thread. With {@code immediate}, also marks
   * it {@linkplain EventLoop#stopRequested stopping} before returning: from then on nothing it
   * sends through a port is delivered, and its next call into the library stops it.
   */
  void kill(boolean immediate) {
    if (immediate) {
      loop.stopRequested = true;
    }
    queue.postControl(
        () -> {
          throw stop();
        });
  }

  // ---- pause ---------------------------------------------------------------------------------

  /** Holds events and timers back (control messages still run), or lets them go; any thread. */
  void setPaused(boolean paused) {
    this.paused = paused;
    if (!paused) {
      queue.wake();
    }
  }

  /** Whether events and timers are held back now (one volatile read). */
  boolean paused() {
    return paused;
  }

  // ---- the outcome ---------------------------------------------------------------------------

  /**
   * On the isolate's thread: reports an uncaught error to the hooks; true if it stops the isolate
   * (then it is recorded as the fatal error). Without hooks every uncaught error is fatal.
   */
  boolean fatal(Throwable error, StackTrace stack) {
    IsolateHooks h = hooks;
    boolean stops = h == null || h.uncaughtError(loop, error, stack);
    if (stops) {
      fatalError = error;
      fatalStack = stack;
    }
    return stops;
  }

  /** On the isolate's thread: the isolate ends because it was killed or exited. */
  void markStopped() {
    stopped = true;
  }

  /** On the isolate's thread, last thing of its end: tells the hooks (a failure is logged). */
  void ended() {
    IsolateHooks h = hooks;
    if (h != null) {
      try {
        h.ended(loop);
      } catch (RuntimeException e) {
        LOG.warn("an isolate's end listener failed", e);
      }
    }
  }

  /** The error that stopped the isolate, or null if it ran dry or was stopped. */
  Throwable fatalError() {
    return fatalError;
  }

  StackTrace fatalStackTrace() {
    return fatalStack;
  }

  /** Whether {@code Isolate.kill} or {@code Isolate.exit} ended the isolate. */
  boolean stopped() {
    return stopped;
  }
}
