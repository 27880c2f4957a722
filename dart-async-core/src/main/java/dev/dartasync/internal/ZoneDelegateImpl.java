package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneDelegate;
import dev.dartasync.ZoneSpecification;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code _ZoneDelegate}: a zone seen by its children's handlers as their {@code parent}.
 * Each method runs the operation through the handler that serves {@link #target} (see {@link
 * ZoneHandlers}), keeping the zone that first received the request.
 */
final class ZoneDelegateImpl implements ZoneDelegate {

  private final ZoneImpl target;

  ZoneDelegateImpl(ZoneImpl target) {
    this.target = target;
  }

  /** The argument as one of our zones: Dart's "Can only run in platform zones". */
  private static ZoneImpl platform(Zone zone) {
    Checks.notNull(zone, "zone");
    if (zone instanceof ZoneImpl z) {
      return z;
    }
    throw ArgumentError.value(zone, "zone", "Can only run in platform zones");
  }

  /** Checks the zone argument and that the call comes from the isolate's thread. */
  private ZoneImpl owned(Zone zone, String operation) {
    ZoneImpl z = platform(zone);
    target.requireOwner(operation);
    return z;
  }

  @Override
  public void handleUncaughtError(Zone zone, Throwable error, StackTrace stackTrace) {
    ZoneImpl z = platform(zone);
    Checks.notNull(error, "error");
    Checks.notNull(stackTrace, "stackTrace");
    if (!target.loop.isOwnerThread()) {
      target.loop.post(() -> ZoneHandlers.handleUncaughtError(target, z, error, stackTrace));
      return;
    }
    ZoneHandlers.handleUncaughtError(target, z, error, stackTrace);
  }

  @Override
  public <R> R run(Zone zone, Callable<R> f) {
    Checks.notNull(f, "f");
    return ZoneHandlers.run(target, owned(zone, "run"), f);
  }

  @Override
  public <T, R> R runUnary(Zone zone, Function<? super T, ? extends R> f, T arg) {
    Checks.notNull(f, "f");
    return ZoneHandlers.runUnary(target, owned(zone, "runUnary"), f, arg);
  }

  @Override
  public <T1, T2, R> R runBinary(
      Zone zone, BiFunction<? super T1, ? super T2, ? extends R> f, T1 arg1, T2 arg2) {
    Checks.notNull(f, "f");
    return ZoneHandlers.runBinary(target, owned(zone, "runBinary"), f, arg1, arg2);
  }

  @Override
  public <R> Callable<R> registerCallback(Zone zone, Callable<R> f) {
    Checks.notNull(f, "f");
    return ZoneHandlers.registerCallback(target, owned(zone, "registerCallback"), f);
  }

  @Override
  public <T, R> Function<T, R> registerUnaryCallback(Zone zone, Function<T, R> f) {
    Checks.notNull(f, "f");
    return ZoneHandlers.registerUnaryCallback(target, owned(zone, "registerUnaryCallback"), f);
  }

  @Override
  public <T1, T2, R> BiFunction<T1, T2, R> registerBinaryCallback(
      Zone zone, BiFunction<T1, T2, R> f) {
    Checks.notNull(f, "f");
    return ZoneHandlers.registerBinaryCallback(target, owned(zone, "registerBinaryCallback"), f);
  }

  @Override
  public AsyncError errorCallback(Zone zone, Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    return ZoneHandlers.errorCallback(target, owned(zone, "errorCallback"), error, stackTrace);
  }

  @Override
  public void scheduleMicrotask(Zone zone, Runnable f) {
    ZoneImpl z = platform(zone);
    Checks.notNull(f, "f");
    if (!target.loop.isOwnerThread()) {
      target.loop.post(() -> ZoneHandlers.scheduleMicrotask(target, z, f));
      return;
    }
    ZoneHandlers.scheduleMicrotask(target, z, f);
  }

  @Override
  public Timer createTimer(Zone zone, Duration duration, Runnable f) {
    Checks.notNull(duration, "duration");
    Checks.notNull(f, "f");
    return ZoneHandlers.createTimer(target, owned(zone, "createTimer"), duration, f);
  }

  @Override
  public Timer createPeriodicTimer(Zone zone, Duration period, Consumer<Timer> f) {
    Checks.notNull(period, "period");
    Checks.notNull(f, "f");
    return ZoneHandlers.createPeriodicTimer(target, owned(zone, "createPeriodicTimer"), period, f);
  }

  @Override
  public void print(Zone zone, String line) {
    ZoneImpl z = platform(zone);
    Checks.notNull(line, "line");
    if (!target.loop.isOwnerThread()) {
      target.loop.post(() -> ZoneHandlers.print(target, z, line));
      return;
    }
    ZoneHandlers.print(target, z, line);
  }

  @Override
  public Zone fork(Zone zone, ZoneSpecification specification, Map<?, ?> zoneValues) {
    return ZoneHandlers.fork(target, owned(zone, "fork"), specification, zoneValues);
  }

  @Override
  public String toString() {
    return "Instance of '_ZoneDelegate'";
  }
}
