package dev.dartasync.internal;

/**
 * A listener registered from a thread that belongs to no isolate, posted to the future's isolate.
 * If that isolate ended, the callback can never run: that is said at WARN.
 */
final class ForeignRegistration implements DroppableEvent {

  private static final Log LOG = Log.named("dev.dartasync.DFuture");

  private final FutureImpl<?> future;
  private final FutureListener listener;

  ForeignRegistration(FutureImpl<?> future, FutureListener listener) {
    this.future = future;
    this.listener = listener;
  }

  @Override
  public void run() {
    listener.register(); // With the zone's register handlers, on the isolate's thread.
    future.addListenerOwned(listener);
  }

  @Override
  public void dropped() {
    LOG.warn(
        "A callback was registered (then/catchError/whenComplete) from thread '{}' on a "
            + "future whose isolate has ended; it will never run. Register callbacks while "
            + "the isolate runs, or read a completed future with resultNow()/get().",
        Thread.currentThread().getName());
  }
}
