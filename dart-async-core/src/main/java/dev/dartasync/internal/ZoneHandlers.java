package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs one zone operation through the handler that serves it: for {@code target}, the nearest
 * zone (itself or an ancestor) whose specification has that handler, called with (that zone, a
 * delegate to its parent, {@code zone}, arguments...); or the root's built-in behaviour
 * ({@link RootZoneHandlers}) when no zone up to the root has one. {@code zone} is the zone that
 * first received the request: the zone itself for {@code zone.run(f)}, the handler's argument for
 * {@code parent.run(zone, f)} (where {@code target} is the delegate's zone). This is the body of
 * Dart's {@code _CustomZone.run} and {@code _ZoneDelegate.run}, and of their twelve siblings.
 *
 * <p>All methods run synchronously on the isolate's thread; the caller checks that. Handler results
 * are cast to the caller's types unchecked, as Dart's generic handlers return {@code dynamic}.
 */
final class ZoneHandlers {
  private ZoneHandlers() {}

  /** Dart's {@code _processUncaughtError}: the handler runs with its zone's parent current. */
  static void handleUncaughtError(
      ZoneImpl target, ZoneImpl zone, Throwable error, StackTrace stackTrace) {
    IsolateStop.rethrowIfStop(error); // No handler sees an isolate's end, whoever passed it here.
    ZoneImpl impl = target.implementer(ZoneImpl.HANDLE_UNCAUGHT_ERROR);
    if (impl.isRoot()) {
      RootZoneHandlers.handleUncaughtError(impl, error, stackTrace);
      return;
    }
    ZoneImpl handlerParent = (ZoneImpl) impl.parent();
    EventLoop loop = impl.loop;
    ZoneImpl saved = loop.zone;
    loop.zone = handlerParent;
    Throwable thrown = null;
    try {
      impl.spec
          .handleUncaughtError()
          .handleUncaughtError(impl, handlerParent.delegate(), zone, error, stackTrace);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      thrown = e;
    } finally {
      loop.zone = saved;
    }
    if (thrown != null) {
      // The handler failed: its parent handles what it threw (the same object keeps its trace).
      handleUncaughtError(
          handlerParent, impl, thrown, thrown == error ? stackTrace : StackTrace.of(thrown));
    }
  }

  @SuppressWarnings("unchecked")
  static <R> R run(ZoneImpl target, ZoneImpl zone, Callable<R> f) {
    ZoneImpl impl = target.implementer(ZoneImpl.RUN);
    if (impl.isRoot()) {
      return RootZoneHandlers.run(zone, f);
    }
    try {
      return (R) impl.spec.run().run(impl, parentDelegate(impl), zone, f);
    } catch (Exception e) {
      throw Sneaky.<RuntimeException>rethrow(e); // Dart has no checked exceptions: as thrown.
    }
  }

  @SuppressWarnings("unchecked")
  static <T, R> R runUnary(
      ZoneImpl target, ZoneImpl zone, Function<? super T, ? extends R> f, T arg) {
    ZoneImpl impl = target.implementer(ZoneImpl.RUN_UNARY);
    if (impl.isRoot()) {
      return RootZoneHandlers.runUnary(zone, f, arg);
    }
    return (R)
        impl.spec
            .runUnary()
            .runUnary(impl, parentDelegate(impl), zone, (Function<Object, ?>) f, arg);
  }

  @SuppressWarnings("unchecked")
  static <T1, T2, R> R runBinary(
      ZoneImpl target,
      ZoneImpl zone,
      BiFunction<? super T1, ? super T2, ? extends R> f,
      T1 arg1,
      T2 arg2) {
    ZoneImpl impl = target.implementer(ZoneImpl.RUN_BINARY);
    if (impl.isRoot()) {
      return RootZoneHandlers.runBinary(zone, f, arg1, arg2);
    }
    return (R)
        impl.spec
            .runBinary()
            .runBinary(
                impl, parentDelegate(impl), zone, (BiFunction<Object, Object, ?>) f, arg1, arg2);
  }

  @SuppressWarnings("unchecked")
  static <R> Callable<R> registerCallback(ZoneImpl target, ZoneImpl zone, Callable<R> f) {
    ZoneImpl impl = target.implementer(ZoneImpl.REGISTER_CALLBACK);
    if (impl.isRoot()) {
      return f;
    }
    return (Callable<R>)
        registered(
            impl.spec.registerCallback().registerCallback(impl, parentDelegate(impl), zone, f));
  }

  @SuppressWarnings("unchecked")
  static <T, R> Function<T, R> registerUnaryCallback(
      ZoneImpl target, ZoneImpl zone, Function<T, R> f) {
    ZoneImpl impl = target.implementer(ZoneImpl.REGISTER_UNARY_CALLBACK);
    if (impl.isRoot()) {
      return f;
    }
    return (Function<T, R>)
        registered(
            impl.spec
                .registerUnaryCallback()
                .registerUnaryCallback(
                    impl, parentDelegate(impl), zone, (Function<Object, ?>) (Function<?, ?>) f));
  }

  @SuppressWarnings("unchecked")
  static <T1, T2, R> BiFunction<T1, T2, R> registerBinaryCallback(
      ZoneImpl target, ZoneImpl zone, BiFunction<T1, T2, R> f) {
    ZoneImpl impl = target.implementer(ZoneImpl.REGISTER_BINARY_CALLBACK);
    if (impl.isRoot()) {
      return f;
    }
    return (BiFunction<T1, T2, R>)
        registered(
            impl.spec
                .registerBinaryCallback()
                .registerBinaryCallback(
                    impl,
                    parentDelegate(impl),
                    zone,
                    (BiFunction<Object, Object, ?>) (BiFunction<?, ?, ?>) f));
  }

  private static <C> C registered(C callback) {
    return Objects.requireNonNull(
        callback, "a zone's register handler returned null instead of a callback");
  }

  static AsyncError errorCallback(
      ZoneImpl target, ZoneImpl zone, Throwable error, StackTrace stackTrace) {
    ZoneImpl impl = target.implementer(ZoneImpl.ERROR_CALLBACK);
    if (impl.isRoot()) {
      return null;
    }
    return impl.spec
        .errorCallback()
        .errorCallback(impl, parentDelegate(impl), zone, error, stackTrace);
  }

  static void scheduleMicrotask(ZoneImpl target, ZoneImpl zone, Runnable f) {
    ZoneImpl impl = target.implementer(ZoneImpl.SCHEDULE_MICROTASK);
    if (impl.isRoot()) {
      RootZoneHandlers.scheduleMicrotask(zone, f);
      return;
    }
    impl.spec.scheduleMicrotask().scheduleMicrotask(impl, parentDelegate(impl), zone, f);
  }

  static Timer createTimer(ZoneImpl target, ZoneImpl zone, Duration duration, Runnable f) {
    ZoneImpl impl = target.implementer(ZoneImpl.CREATE_TIMER);
    if (impl.isRoot()) {
      return RootZoneHandlers.createTimer(zone, duration, f);
    }
    return impl.spec.createTimer().createTimer(impl, parentDelegate(impl), zone, duration, f);
  }

  static Timer createPeriodicTimer(
      ZoneImpl target, ZoneImpl zone, Duration period, Consumer<Timer> f) {
    ZoneImpl impl = target.implementer(ZoneImpl.CREATE_PERIODIC_TIMER);
    if (impl.isRoot()) {
      return RootZoneHandlers.createPeriodicTimer(zone, period, f);
    }
    return impl.spec
        .createPeriodicTimer()
        .createPeriodicTimer(impl, parentDelegate(impl), zone, period, f);
  }

  static void print(ZoneImpl target, ZoneImpl zone, String line) {
    ZoneImpl impl = target.implementer(ZoneImpl.PRINT);
    if (impl.isRoot()) {
      RootZoneHandlers.print(line);
      return;
    }
    impl.spec.print().print(impl, parentDelegate(impl), zone, line);
  }

  static Zone fork(
      ZoneImpl target, ZoneImpl zone, ZoneSpecification specification, Map<?, ?> zoneValues) {
    ZoneImpl impl = target.implementer(ZoneImpl.FORK);
    if (impl.isRoot()) {
      return RootZoneHandlers.fork(zone, specification, zoneValues);
    }
    return Objects.requireNonNull(
        impl.spec.fork().fork(impl, parentDelegate(impl), zone, specification, zoneValues),
        "a zone's fork handler returned null instead of a zone");
  }

  private static ZoneDelegateImpl parentDelegate(ZoneImpl impl) {
    return ((ZoneImpl) impl.parent()).delegate();
  }
}
