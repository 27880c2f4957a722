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

  /** Whether the calling thread's isolate is stopping: a library {@code finally} then runs no hook. */
  static boolean callerStopping() {
    EventLoop loop = EventLoop.current();
    return loop != null && loop.stopping();
  }

  /**
   * Whether a library {@code catch} must let {@code error} pass: it is the stop, or the calling
   * isolate is stopping (the user wrapped the stop in another throwable, or the isolate was killed
   * while the callback failed). One lookup of the calling isolate, on error paths only.
   */
  static boolean isStop(Throwable error) {
    if (error instanceof IsolateStop) {
      return true;
    }
    EventLoop loop = EventLoop.current();
    return loop != null && loop.stopping();
  }

  /**
   * The first statement of every library {@code catch} around user code: rethrows {@code error}
   * if it is the stop, throws a new stop if the calling isolate is stopping, returns otherwise.
   */
  static void rethrowIfStop(Throwable error) {
    if (error instanceof IsolateStop stop) {
      throw stop;
    }
    EventLoop loop = EventLoop.current();
    if (loop != null && loop.stopping()) {
      throw loop.stop();
    }
  }
}
