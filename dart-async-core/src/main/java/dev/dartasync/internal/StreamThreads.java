package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import java.util.function.Supplier;

/**
 * The one thread rule of stream controllers, subscriptions and sinks (stated for users in {@code
 * DStream}'s "Threads" paragraph). Each public member starts with one guard line:
 *
 * <pre>{@code
 * if (StreamThreads.isForeign(owner)) { StreamThreads.post(owner, "StreamController.add", () -> add(v)); return; }
 * }</pre>
 *
 * <ul>
 *   <li>A member that returns nothing (or only the receiver) is posted to the owner's isolate as
 *       one event ({@link #post}); one that returns a future is posted too, and returns a future of
 *       the owner's root zone that completes, on the isolate, as the isolate-side call's future
 *       does ({@link #postFuture}). A check the calling thread can make safely (a null argument, a
 *       controller already closed: closing is never undone) is made before the guard, so such a
 *       misuse throws at once. If the posted call throws on the isolate, the error goes where its
 *       result would go: into the returned future, or (nothing returned) to the isolate's root zone
 *       as an uncaught error, as a throw in any event does.
 *   <li>A member that must hand back something the isolate computes now ({@code listen}, {@code
 *       asFuture}) is refused ({@link #refused}) before anything changes.
 * </ul>
 *
 * Posted calls keep no isolate alive (as a completer's foreign completion does not): one that
 * arrives after the isolate ended is dropped with a WARN line (logger {@code dev.dartasync.DStream}).
 *
 * <p>Cost on the owner's thread: a null test and {@link EventLoop#isOwnerThread()}, a thread
 * identity compare (and, inside an async body, a second one against the mounted body).
 */
public final class StreamThreads {

  private static final Log LOG = Log.named("dev.dartasync.DStream");

  private StreamThreads() {}

  /**
   * Whether the calling thread must not run a member of an object that {@code owner} owns: the
   * owner is known and this thread is neither its loop thread nor the body it runs. Null (an object
   * made on a thread of no isolate and not yet bound to one) is nobody's: not foreign.
   */
  public static boolean isForeign(EventLoop owner) {
    return owner != null && !owner.isOwnerThread();
  }

  /**
   * Posts {@code call}, the member {@code member} (e.g. {@code StreamController.add}), to owner.
   * Called by an isolate that is ending (its code swallowed the stop), it throws the stop again
   * instead: nothing of that isolate reaches another one.
   */
  public static void post(EventLoop owner, String member, Runnable call) {
    EventLoop.exitCurrentIfStopping();
    owner.post(new PostedCall(member, call));
  }

  /**
   * Posts {@code call}, a member returning a future, to owner; returns a future of owner's root
   * zone that completes as the future {@code call} returns there (or fails with what it throws).
   * Called by an ending isolate, it throws the stop again, as {@link #post} does.
   */
  public static <R> DFuture<R> postFuture(
      EventLoop owner, String member, Supplier<? extends DFuture<R>> call) {
    EventLoop.exitCurrentIfStopping();
    FutureImpl<R> result = new FutureImpl<>(owner.root);
    owner.post(
        new PostedCall(
            member,
            () -> {
              DFuture<R> answer;
              try {
                answer = call.get();
              } catch (Throwable e) {
                IsolateStop.rethrowIfStop(e); // Exit or kill in the call: the isolate ends.
                result.completeError(new AsyncError(e, StackTrace.of(e)));
                return;
              }
              result.complete(answer); // Chained: completes exactly when the answer does.
            }));
    return result;
  }

  /**
   * The error of a member that cannot run on this thread; throw it before any state changes. An
   * ending isolate's call throws the stop instead, as every library entry point does.
   */
  public static StateError refused(String member) {
    EventLoop.exitCurrentIfStopping();
    return new StateError(
        member
            + " was called on thread '"
            + Thread.currentThread().getName()
            + "', which does not belong to the isolate that owns this stream: it must run on"
            + " that isolate. Call it from code that isolate runs (for example, complete a"
            + " Completer of the isolate and call it in a then callback there).");
  }

  /** A member called on a foreign thread; logged at WARN if its isolate ended first. */
  private static final class PostedCall implements DroppableEvent {
    private final String member;
    private final Runnable call;
    private final String thread = Thread.currentThread().getName();

    PostedCall(String member, Runnable call) {
      this.member = member;
      this.call = call;
    }

    @Override
    public void run() {
      call.run();
    }

    @Override
    public void dropped() {
      LOG.warn(
          "{} was called on thread '{}' after the stream's isolate ended; the call was dropped."
              + " Calls from other threads run on the isolate as events, and do not keep it alive.",
          member,
          thread);
    }

    @Override
    public String toString() {
      return member + " (from thread '" + thread + "')";
    }
  }
}
