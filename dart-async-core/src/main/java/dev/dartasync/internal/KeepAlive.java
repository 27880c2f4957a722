package dev.dartasync.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One reason for an isolate to stay alive although its queues are empty: an open port, a pending
 * {@code fromCompletionStage}, a keep-alive Completer, a body blocked in a JDK call, a bridge to a
 * future of another isolate. Taken on the isolate's thread with {@link EventLoop#keepAlive};
 * {@link #release} may be called from any thread, any number of times, and counts once.
 */
public final class KeepAlive {

  private final EventLoop loop;
  /** What holds the isolate open, for messages. */
  final String reason;
  /** 0 while held, 1 once released; set by a compare-and-set so that exactly one release counts. */
  private volatile int released;

  private static final VarHandle RELEASED;

  static {
    try {
      RELEASED = MethodHandles.lookup().findVarHandle(KeepAlive.class, "released", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  KeepAlive(EventLoop loop, String reason) {
    this.loop = loop;
    this.reason = reason;
  }

  /** Whether {@link #release} was called. */
  public boolean isReleased() {
    return released != 0;
  }

  /**
   * Lets the isolate end once nothing else holds it. The first call counts; later calls do
   * nothing. From another thread the release is posted to the isolate (after anything that thread
   * posted before it, so a completion posted first runs first).
   */
  public void release() {
    if (!RELEASED.compareAndSet(this, 0, 1)) {
      return;
    }
    if (loop.isOwnerThread()) {
      loop.releaseKeepAlive(this);
    } else {
      loop.post(() -> loop.releaseKeepAlive(this));
    }
  }

  @Override
  public String toString() {
    return "keep-alive (" + reason + (isReleased() ? ", released)" : ")");
  }
}
