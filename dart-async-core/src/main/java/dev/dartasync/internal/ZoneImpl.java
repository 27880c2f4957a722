package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.Zone;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/**
 * A zone of one isolate: the root zone, or a zone forked by {@code runZoned}/{@code runZonedGuarded}.
 * Ported from the error-routing part of Dart's {@code zone.dart}: a zone with an uncaught-error
 * handler is an <em>error zone</em>; other zones share their parent's error zone.
 */
public final class ZoneImpl implements Zone {

  final EventLoop loop;
  private final ZoneImpl parent;
  /** The handler given to runZonedGuarded, or null: this zone then uses its parent's. */
  private final BiConsumer<? super Throwable, ? super StackTrace> onError;
  private final ZoneImpl errorZone;

  ZoneImpl(EventLoop loop, ZoneImpl parent, BiConsumer<? super Throwable, ? super StackTrace> h) {
    this.loop = loop;
    this.parent = parent;
    this.onError = h;
    this.errorZone = (h != null || parent == null) ? this : parent.errorZone;
  }

  /** The zone current on this thread's isolate; throws if this thread belongs to no isolate. */
  public static ZoneImpl current() {
    EventLoop loop = EventLoop.current();
    if (loop == null) {
      throw EventLoop.notOnIsolate();
    }
    return loop.zone;
  }

  public ZoneImpl fork(BiConsumer<? super Throwable, ? super StackTrace> handler) {
    return new ZoneImpl(loop, this, handler);
  }

  @Override
  public Zone parent() {
    return parent;
  }

  @Override
  public Zone errorZone() {
    return errorZone;
  }

  @Override
  public boolean inSameErrorZone(Zone other) {
    return other instanceof ZoneImpl z && z.errorZone == errorZone;
  }

  boolean isRoot() {
    return parent == null;
  }

  @Override
  public void handleUncaughtError(Throwable error, StackTrace stackTrace) {
    Objects.requireNonNull(error, "error");
    if (!loop.isOwnerThread()) {
      loop.post(new LateErrorReport(this, error, stackTrace)); // Handlers run on the isolate.
      return;
    }
    ZoneImpl handlerZone = errorZone;
    if (handlerZone.parent == null) {
      // The root zone: rethrow from the front of the microtask queue; it stops the isolate.
      loop.schedulePriorityMicrotask(this, () -> {
        throw new Uncaught(error, stackTrace);
      });
      return;
    }
    ZoneImpl outer = handlerZone.parent;
    ZoneImpl saved = loop.zone;
    loop.zone = outer; // The handler runs in the parent zone.
    try {
      handlerZone.onError.accept(error, stackTrace);
    } catch (Throwable e) {
      outer.handleUncaughtError(e, e == error ? stackTrace : StackTrace.of(e));
    } finally {
      loop.zone = saved;
    }
  }

  private void requireOwner() {
    if (!loop.isOwnerThread()) {
      throw new IllegalStateException(
          "Zone.run runs code in this zone synchronously, on the zone's isolate; it cannot be "
              + "called from another thread. Post the work with zone.scheduleMicrotask(...).");
    }
  }

  @Override
  public <R> R run(Callable<R> action) {
    requireOwner();
    ZoneImpl saved = loop.zone;
    loop.zone = this;
    Body body = loop.enterCallback();
    try {
      return action.call();
    } catch (Throwable e) {
      throw Sneaky.<RuntimeException>rethrow(e);
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  @Override
  public void run(Runnable action) {
    requireOwner();
    runOwned(action);
  }

  /** {@link #run(Runnable)} for the loop's own paths, already on the isolate's thread. */
  private void runOwned(Runnable action) {
    ZoneImpl saved = loop.zone;
    loop.zone = this;
    Body body = loop.enterCallback();
    try {
      action.run();
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  @Override
  public void runGuarded(Runnable action) {
    requireOwner(); // Outside the try: a call from the wrong thread is the caller's error.
    runGuardedOwned(action);
  }

  /** {@link #runGuarded} for the loop's own paths, already on the isolate's thread. */
  private void runGuardedOwned(Runnable action) {
    try {
      runOwned(action);
    } catch (Throwable e) {
      handleUncaughtError(e, StackTrace.of(e));
    }
  }

  /**
   * Runs a microtask the way Dart's microtask loop does for this zone. Called by the loop for every
   * microtask, so it skips the ownership check of the public run methods.
   */
  void runMicrotask(Runnable task) {
    if (errorZone == loop.root) {
      runOwned(task); // Root, or in the root's error zone: errors escape (fatal).
    } else {
      runGuardedOwned(task);
    }
  }

  @Override
  public void scheduleMicrotask(Runnable task) {
    Objects.requireNonNull(task, "callback");
    if (!loop.isOwnerThread()) {
      loop.post(() -> loop.scheduleMicrotask(this, task));
      return;
    }
    loop.scheduleMicrotask(this, task);
  }

  /** Wraps a timer callback: unguarded in the root's error zone, guarded in other error zones. */
  public Runnable bindCallbackGuarded(Runnable callback) {
    if (isRoot()) {
      return callback;
    }
    return errorZone == loop.root ? () -> runOwned(callback) : () -> runGuardedOwned(callback);
  }

  @Override
  public void print(Object line) {
    System.out.println(DartText.toDartString(line));
  }

  @Override
  public String toString() {
    return isRoot() ? "Instance of '_RootZone'" : "Instance of '_CustomZone'";
  }
}
