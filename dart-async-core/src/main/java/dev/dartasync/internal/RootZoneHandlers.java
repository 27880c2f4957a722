package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the root zone does for each operation when no zone up to it has a handler: Dart's
 * {@code _rootRun}, {@code _rootScheduleMicrotask}, {@code _rootCreateTimer} and their siblings
 * (zone.dart). {@code zone} is the zone that received the request. Registration returns the
 * callback itself and errorCallback returns null; those two live in {@link ZoneHandlers}.
 */
final class RootZoneHandlers {
  private RootZoneHandlers() {}

  private static final ZoneSpecification NO_HANDLERS = ZoneSpecification.builder().build();

  // ---- run: make the zone current for the call ----------------------------------------------
  // Each run also marks a library-invoked callback on the mounted body (await is refused inside,
  // see Body.inCallback).

  static <R> R run(ZoneImpl zone, Callable<R> f) {
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Body body = loop.enterCallback();
    try {
      return f.call();
    } catch (Exception e) {
      throw Sneaky.<RuntimeException>rethrow(e);
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  static void run(ZoneImpl zone, Runnable f) {
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Body body = loop.enterCallback();
    try {
      f.run();
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  static <T, R> R runUnary(ZoneImpl zone, Function<? super T, ? extends R> f, T arg) {
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Body body = loop.enterCallback();
    try {
      return f.apply(arg);
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  static <T> void runUnary(ZoneImpl zone, Consumer<? super T> f, T arg) {
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Body body = loop.enterCallback();
    try {
      f.accept(arg);
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  static <T1, T2, R> R runBinary(
      ZoneImpl zone, BiFunction<? super T1, ? super T2, ? extends R> f, T1 arg1, T2 arg2) {
    EventLoop loop = zone.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = zone;
    Body body = loop.enterCallback();
    try {
      return f.apply(arg1, arg2);
    } finally {
      EventLoop.exitCallback(body);
      loop.zone = saved;
    }
  }

  // ---- errors -------------------------------------------------------------------------------

  /**
   * Dart's {@code _rootHandleError}: rethrow from the front of the microtask queue, in the root
   * zone (so that no guarded zone catches it); it stops the isolate.
   */
  static void handleUncaughtError(ZoneImpl root, Throwable error, StackTrace stackTrace) {
    root.loop.schedulePriorityMicrotask(
        root,
        () -> {
          throw new Uncaught(error, stackTrace);
        });
  }

  // ---- scheduling ---------------------------------------------------------------------------

  /**
   * Dart's {@code _rootScheduleMicrotask}: queue {@code f} bound to {@code zone}, guarded unless
   * {@code zone} is in the root's error zone. When {@code zone} customises neither registration nor
   * running, the entry carries the zone and the loop does the same binding when it runs it
   * ({@link ZoneImpl#runMicrotask}), without a wrapper object.
   */
  static void scheduleMicrotask(ZoneImpl zone, Runnable f) {
    EventLoop loop = zone.loop;
    if (!zone.customizes(ZoneImpl.bit(ZoneImpl.REGISTER_CALLBACK) | ZoneImpl.bit(ZoneImpl.RUN))) {
      loop.scheduleMicrotask(zone, f);
      return;
    }
    Runnable bound =
        zone.inRootErrorZone() ? zone.bindRunnableOwned(f) : zone.bindRunnableGuardedOwned(f);
    loop.scheduleMicrotask(loop.root, bound);
  }

  /** Dart's {@code _rootCreateTimer}: the isolate's timer, its callback bound to {@code zone}. */
  static Timer createTimer(ZoneImpl zone, Duration duration, Runnable f) {
    Runnable callback = zone.isRoot() ? f : zone.bindRunnableOwned(f);
    return TimerAccess.create(duration, callback);
  }

  /** Dart's {@code _rootCreatePeriodicTimer}: as {@link #createTimer}, repeating. */
  static Timer createPeriodicTimer(ZoneImpl zone, Duration period, Consumer<Timer> f) {
    Consumer<Timer> callback = zone.isRoot() ? f : zone.bindConsumerOwned(f);
    return TimerAccess.createPeriodic(period, callback);
  }

  // ---- print, fork --------------------------------------------------------------------------

  /** Dart's {@code printToConsole}: the line and a newline on standard output. */
  static void print(String line) {
    System.out.println(line);
  }

  /** Dart's {@code _rootFork}: a child of {@code zone} with the given handlers and values. */
  static Zone fork(ZoneImpl zone, ZoneSpecification specification, Map<?, ?> zoneValues) {
    return ZoneImpl.createChild(
        zone, specification != null ? specification : NO_HANDLERS, zoneValues);
  }
}
