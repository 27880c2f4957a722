package dev.dartasync.internal;

/**
 * Unwinds an isolate that is ending without an error: {@code Isolate.exit}, or {@code
 * Isolate.kill(IMMEDIATE)} seen at the isolate's next call into the library. Thrown on the
 * isolate's thread only, after {@link EventLoop#stop()} marked the isolate stopping; caught by the
 * loop (or, in an async body, by {@link Body#run}), which then ends the isolate. Never a future's
 * error, a stream's error event or a zone's uncaught error: every library {@code catch} that runs
 * user code lets it pass first ({@link #rethrowIfStop}), and every library entry point called by a
 * stopping isolate throws it again ({@link EventLoop#exitIfStopping()}), so a user's own {@code
 * catch (Throwable)} that swallows it cannot make the isolate do anything more through the library.
 *
 * <p>Its text names no internal class: it is what a user's {@code catch (Throwable)} sees.
 */
final class IsolateStop extends Error {

  /** The text a user's {@code catch (Throwable)} sees ({@code toString} and {@code getMessage}). */
  static final String TEXT =
      "The isolate is ending (Isolate.exit or Isolate.kill): let this pass, see"
          + " Isolate.rethrowIfExit";

  IsolateStop() {
    super(TEXT, null, false, false); // No stack trace: it is no error, and it is thrown often.
  }

  @Override
  public String toString() {
    return TEXT;
  }

  /**
   * The calling thread's isolate if it is stopping, else null (also on a thread of no isolate). One
   * lookup of the calling isolate; library code asks it on error paths and at a body's end only.
   */
  private static EventLoop stoppingCaller() {
    EventLoop loop = EventLoop.current();
    return loop != null && loop.stopping() ? loop : null;
  }

  /** Whether the calling thread's isolate is stopping: a library {@code finally} then runs no hook. */
  static boolean callerStopping() {
    return stoppingCaller() != null;
  }

  /**
   * Whether a library {@code catch} must let {@code error} pass: it is the stop, or the calling
   * isolate is stopping (the user wrapped the stop in another throwable, or the isolate was killed
   * while the callback failed).
   */
  static boolean isStop(Throwable error) {
    return error instanceof IsolateStop || callerStopping();
  }

  /**
   * The first statement of every library {@code catch} around user code: rethrows {@code error}
   * if it is the stop, throws a new stop if the calling isolate is stopping, returns otherwise.
   */
  static void rethrowIfStop(Throwable error) {
    if (error instanceof IsolateStop stop) {
      throw stop;
    }
    EventLoop stopping = stoppingCaller();
    if (stopping != null) {
      throw stopping.stop();
    }
  }
}
