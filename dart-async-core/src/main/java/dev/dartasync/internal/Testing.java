package dev.dartasync.internal;

/**
 * The testing seam: the few internal facts the test module checks and that the public API does not
 * (and should not) expose. Not API; it may change with any release.
 */
public final class Testing {
  private Testing() {}

  /** The platform thread of the calling isolate (the carrier of its bodies). */
  public static Thread loopThread() {
    return EventLoop.require().thread();
  }

  /** The platform thread the calling thread runs on: itself, or a virtual thread's carrier. */
  public static Thread carrierThread() {
    Thread current = Thread.currentThread();
    if (!current.isVirtual()) {
      return current;
    }
    try {
      java.lang.reflect.Method m = Thread.class.getDeclaredMethod("currentCarrierThread");
      m.setAccessible(true);
      return (Thread) m.invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
