package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A zone of one isolate: the root zone, or a zone forked from another (Dart's {@code _RootZone}
 * and {@code _CustomZone}, zone.dart).
 *
 * <p><b>Handlers.</b> For each of the thirteen operations a {@link ZoneSpecification} can replace,
 * {@link #implementers} holds the zone whose handler serves it: this zone if its specification has
 * one, else the parent's implementer, ending at the root, whose behaviour is built in
 * ({@link RootZoneHandlers}). That is Dart's {@code _ZoneFunction} per operation. {@link
 * ZoneHandlers} runs an operation given the implementer; the public methods here and {@link
 * ZoneDelegateImpl} both go through it.
 *
 * <p><b>The root path stays free.</b> {@link #custom} has bit {@code 1 << slot} set when the
 * implementer of that slot is not the root. Library hot paths ({@code then}, a future's
 * propagation, microtasks) test one bit and, when it is clear, do exactly what they did before
 * zones had handlers: the then-chain benchmark stage costs about 29 ns, and a field test is below
 * what it can measure.
 *
 * <p><b>Errors.</b> The implementer of {@link #HANDLE_UNCAUGHT_ERROR} is this zone's error zone: a
 * zone with an uncaught-error handler is an error zone, other zones share their parent's.
 *
 * <p>Confined to the isolate's thread, except {@link #get}, {@link #parent()}, {@link #errorZone()}
 * and the posting paths of {@link #handleUncaughtError}, {@link #scheduleMicrotask} and {@link
 * #print}.
 */
public final class ZoneImpl implements Zone {

  // ---- handler slots (Dart's ZoneSpecification fields, in its order) ---------------------------
  static final int HANDLE_UNCAUGHT_ERROR = 0;
  static final int RUN = 1;
  static final int RUN_UNARY = 2;
  static final int RUN_BINARY = 3;
  static final int REGISTER_CALLBACK = 4;
  static final int REGISTER_UNARY_CALLBACK = 5;
  static final int REGISTER_BINARY_CALLBACK = 6;
  static final int ERROR_CALLBACK = 7;
  static final int SCHEDULE_MICROTASK = 8;
  static final int CREATE_TIMER = 9;
  static final int CREATE_PERIODIC_TIMER = 10;
  static final int PRINT = 11;
  static final int FORK = 12;
  private static final int SLOTS = 13;

  /** Bits of {@link #custom} that change how a registered callback is stored. */
  static final int REGISTER_BITS =
      bit(REGISTER_CALLBACK) | bit(REGISTER_UNARY_CALLBACK) | bit(REGISTER_BINARY_CALLBACK);

  /** Bits of {@link #custom} that change how a microtask of this zone is queued and run. */
  static final int MICROTASK_BITS = bit(SCHEDULE_MICROTASK) | bit(REGISTER_CALLBACK) | bit(RUN);

  static int bit(int slot) {
    return 1 << slot;
  }

  final EventLoop loop;
  private final ZoneImpl parent;
  /** This zone's handlers; null for the root. */
  final ZoneSpecification spec;
  /** This zone's own values (an unmodifiable copy), or null: lookups go on to the parent. */
  private final Map<Object, Object> values;
  /** Per slot, the zone whose handler serves this zone (this zone, an ancestor, or the root). */
  private final ZoneImpl[] implementers;
  /** Bit {@code 1 << slot} is set iff {@code implementers[slot]} is not the root. */
  final int custom;
  /** This zone as its children's parent delegate; made on first use. */
  private ZoneDelegateImpl delegate;

  private ZoneImpl(EventLoop loop) {
    this.loop = loop;
    this.parent = null;
    this.spec = null;
    this.values = null;
    this.implementers = new ZoneImpl[SLOTS];
    Arrays.fill(implementers, this);
    this.custom = 0;
  }

  private ZoneImpl(ZoneImpl parent, ZoneSpecification spec, Map<?, ?> zoneValues) {
    this.loop = parent.loop;
    this.parent = parent;
    this.spec = spec;
    this.values =
        zoneValues == null ? null : Collections.unmodifiableMap(new HashMap<>(zoneValues));
    this.implementers = new ZoneImpl[SLOTS];
    int bits = 0;
    for (int slot = 0; slot < SLOTS; slot++) {
      ZoneImpl impl = hasHandler(spec, slot) ? this : parent.implementers[slot];
      implementers[slot] = impl;
      if (impl.parent != null) {
        bits |= bit(slot);
      }
    }
    this.custom = bits;
  }

  /** The root zone of {@code loop}. */
  static ZoneImpl createRoot(EventLoop loop) {
    return new ZoneImpl(loop);
  }

  /** Dart's {@code _rootFork}: a child of {@code parent}. */
  static ZoneImpl createChild(ZoneImpl parent, ZoneSpecification spec, Map<?, ?> zoneValues) {
    return new ZoneImpl(parent, spec, zoneValues);
  }

  private static boolean hasHandler(ZoneSpecification s, int slot) {
    return switch (slot) {
      case HANDLE_UNCAUGHT_ERROR -> s.handleUncaughtError() != null;
      case RUN -> s.run() != null;
      case RUN_UNARY -> s.runUnary() != null;
      case RUN_BINARY -> s.runBinary() != null;
      case REGISTER_CALLBACK -> s.registerCallback() != null;
      case REGISTER_UNARY_CALLBACK -> s.registerUnaryCallback() != null;
      case REGISTER_BINARY_CALLBACK -> s.registerBinaryCallback() != null;
      case ERROR_CALLBACK -> s.errorCallback() != null;
      case SCHEDULE_MICROTASK -> s.scheduleMicrotask() != null;
      case CREATE_TIMER -> s.createTimer() != null;
      case CREATE_PERIODIC_TIMER -> s.createPeriodicTimer() != null;
      case PRINT -> s.print() != null;
      case FORK -> s.fork() != null;
      default -> throw new IllegalArgumentException("slot " + slot);
    };
  }

  /** The zone current on this thread's isolate; throws if this thread belongs to no isolate. */
  public static ZoneImpl current() {
    EventLoop loop = EventLoop.current();
    if (loop == null) {
      throw EventLoop.notOnIsolate();
    }
    return loop.zone;
  }

  /**
   * {@link #current()} for library code that already knows the isolate: on its thread, its current
   * zone without the thread-local lookup; elsewhere whatever {@link #current()} says (or throws).
   */
  static ZoneImpl currentOf(EventLoop loop) {
    return loop.isOwnerThread() ? loop.zone : current();
  }

  // ---- internal queries ---------------------------------------------------------------------

  /** Whether any of the slots in {@code bits} has a handler in this zone or an ancestor. */
  boolean customizes(int bits) {
    return (custom & bits) != 0;
  }

  ZoneImpl implementer(int slot) {
    return implementers[slot];
  }

  boolean isRoot() {
    return parent == null;
  }

  /** This zone as the parent delegate handed to its children's handlers. */
  ZoneDelegateImpl delegate() {
    ZoneDelegateImpl d = delegate;
    if (d == null) {
      d = new ZoneDelegateImpl(this);
      delegate = d;
    }
    return d;
  }

  void requireOwner(String operation) {
    if (!loop.isOwnerThread()) {
      throw new IllegalStateException(
          "Zone."
              + operation
              + " runs code of this zone synchronously, on the zone's isolate; it cannot be called "
              + "from another thread. Post the work with zone.scheduleMicrotask(...).");
    }
  }

  /**
   * Whether a microtask scheduled in this zone may be skipped when nothing could run before it
   * (the await fast path, {@link Carrier#canResumeInline}): only if no zone handler would see
   * it being scheduled or run.
   */
  boolean mayElideMicrotask() {
    return (custom & MICROTASK_BITS) == 0;
  }

  // ---- the tree -----------------------------------------------------------------------------

  @Override
  public Zone parent() {
    return parent;
  }

  @Override
  public Zone errorZone() {
    return implementers[HANDLE_UNCAUGHT_ERROR];
  }

  @Override
  public boolean inSameErrorZone(Zone other) {
    Checks.notNull(other, "otherZone");
    return other instanceof ZoneImpl z
        && z.implementers[HANDLE_UNCAUGHT_ERROR] == implementers[HANDLE_UNCAUGHT_ERROR];
  }

  /** Whether an error escaping this zone's callbacks stops the isolate (no handler up to root). */
  boolean inRootErrorZone() {
    return implementers[HANDLE_UNCAUGHT_ERROR].parent == null;
  }

  @Override
  public Zone fork(ZoneSpecification specification, Map<?, ?> zoneValues) {
    requireOwner("fork");
    return ZoneHandlers.fork(this, this, specification, zoneValues);
  }

  @Override
  public Object get(Object key) {
    for (ZoneImpl z = this; z != null; z = z.parent) {
      Map<Object, Object> own = z.values;
      if (own != null) {
        Object value = own.get(key);
        if (value != null || own.containsKey(key)) {
          return value;
        }
      }
    }
    return null;
  }

  // ---- running code -------------------------------------------------------------------------

  @Override
  public <R> R run(Callable<R> action) {
    Checks.notNull(action, "action");
    requireOwner("run");
    return ZoneHandlers.run(this, this, action);
  }

  @Override
  public void run(Runnable action) {
    Checks.notNull(action, "action");
    requireOwner("run");
    runOwned(action);
  }

  @Override
  public <T, R> R runUnary(Function<? super T, ? extends R> action, T argument) {
    Checks.notNull(action, "action");
    requireOwner("runUnary");
    return ZoneHandlers.runUnary(this, this, action, argument);
  }

  @Override
  public <T1, T2, R> R runBinary(
      BiFunction<? super T1, ? super T2, ? extends R> action, T1 argument1, T2 argument2) {
    Checks.notNull(action, "action");
    requireOwner("runBinary");
    return ZoneHandlers.runBinary(this, this, action, argument1, argument2);
  }

  @Override
  public void runGuarded(Runnable action) {
    Checks.notNull(action, "action");
    requireOwner("runGuarded"); // Outside the try: a wrong-thread call is the caller's error.
    runGuardedOwned(action);
  }

  @Override
  public <T> void runUnaryGuarded(Consumer<? super T> action, T argument) {
    Checks.notNull(action, "action");
    requireOwner("runUnaryGuarded");
    runUnaryGuardedOwned(action, argument);
  }

  @Override
  public <T1, T2> void runBinaryGuarded(
      BiConsumer<? super T1, ? super T2> action, T1 argument1, T2 argument2) {
    Checks.notNull(action, "action");
    requireOwner("runBinaryGuarded");
    try {
      ZoneHandlers.runBinary(this, this, Adapt.biFunction(action), argument1, argument2);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      handleUncaughtErrorOwned(e, StackTrace.of(e));
    }
  }

  /** {@link #run(Runnable)} for the library's own paths, already on the isolate's thread. */
  void runOwned(Runnable action) {
    if ((custom & bit(RUN)) == 0) {
      RootZoneHandlers.run(this, action);
    } else {
      ZoneHandlers.run(this, this, Adapt.callable(action));
    }
  }

  /** {@link #runGuarded} for the library's own paths, already on the isolate's thread. */
  void runGuardedOwned(Runnable action) {
    try {
      runOwned(action);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      handleUncaughtErrorOwned(e, StackTrace.of(e));
    }
  }

  /** {@link #runUnaryGuarded} for the library's own paths, already on the isolate's thread. */
  <T> void runUnaryGuardedOwned(Consumer<? super T> action, T argument) {
    try {
      if ((custom & bit(RUN_UNARY)) == 0) {
        RootZoneHandlers.runUnary(this, action, argument);
      } else {
        ZoneHandlers.runUnary(this, this, Adapt.function(action), argument);
      }
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      handleUncaughtErrorOwned(e, StackTrace.of(e));
    }
  }

  /**
   * Runs a microtask the loop took from the queue: what Dart's {@code _rootScheduleMicrotask}
   * binding does when registration and run are not customised (the other case binds at schedule
   * time and queues the bound task in the root zone). Unguarded in the root's error zone (an error
   * stops the isolate), guarded elsewhere.
   */
  void runMicrotask(Runnable task) {
    if (inRootErrorZone()) {
      runOwned(task);
    } else {
      runGuardedOwned(task);
    }
  }

  // ---- callbacks ----------------------------------------------------------------------------

  @Override
  public <R> Callable<R> registerCallback(Callable<R> callback) {
    Checks.notNull(callback, "callback");
    requireOwner("registerCallback");
    return ZoneHandlers.registerCallback(this, this, callback);
  }

  @Override
  public <T, R> Function<T, R> registerUnaryCallback(Function<T, R> callback) {
    Checks.notNull(callback, "callback");
    requireOwner("registerUnaryCallback");
    return ZoneHandlers.registerUnaryCallback(this, this, callback);
  }

  @Override
  public <T1, T2, R> BiFunction<T1, T2, R> registerBinaryCallback(BiFunction<T1, T2, R> callback) {
    Checks.notNull(callback, "callback");
    requireOwner("registerBinaryCallback");
    return ZoneHandlers.registerBinaryCallback(this, this, callback);
  }

  @Override
  public <R> Callable<R> bindCallback(Callable<R> callback) {
    Callable<R> registered = registerCallback(callback);
    return () -> run(registered);
  }

  @Override
  public <T, R> Function<T, R> bindUnaryCallback(Function<T, R> callback) {
    Function<T, R> registered = registerUnaryCallback(callback);
    return argument -> runUnary(registered, argument);
  }

  @Override
  public <T1, T2, R> BiFunction<T1, T2, R> bindBinaryCallback(BiFunction<T1, T2, R> callback) {
    BiFunction<T1, T2, R> registered = registerBinaryCallback(callback);
    return (argument1, argument2) -> runBinary(registered, argument1, argument2);
  }

  @Override
  public Runnable bindCallbackGuarded(Runnable callback) {
    Checks.notNull(callback, "callback");
    requireOwner("bindCallbackGuarded");
    Runnable registered = registerRunnableOwned(callback);
    return () -> runGuarded(registered);
  }

  @Override
  public <T> Consumer<T> bindUnaryCallbackGuarded(Consumer<T> callback) {
    Checks.notNull(callback, "callback");
    requireOwner("bindUnaryCallbackGuarded");
    Consumer<T> registered = registerConsumerOwned(callback);
    return argument -> runUnaryGuarded(registered, argument);
  }

  @Override
  public <T1, T2> BiConsumer<T1, T2> bindBinaryCallbackGuarded(BiConsumer<T1, T2> callback) {
    Checks.notNull(callback, "callback");
    BiConsumer<T1, T2> registered =
        Adapt.biConsumer(registerBinaryCallback(Adapt.biFunction(callback)));
    return (argument1, argument2) -> runBinaryGuarded(registered, argument1, argument2);
  }

  /** Registers a callback without a value (Dart's {@code registerCallback<void>}). */
  Runnable registerRunnableOwned(Runnable callback) {
    if ((custom & bit(REGISTER_CALLBACK)) == 0) {
      return callback;
    }
    return Adapt.runnable(ZoneHandlers.registerCallback(this, this, Adapt.callable(callback)));
  }

  /** Registers a one-argument callback without a value. */
  <T> Consumer<T> registerConsumerOwned(Consumer<T> callback) {
    if ((custom & bit(REGISTER_UNARY_CALLBACK)) == 0) {
      return callback;
    }
    return Adapt.consumer(ZoneHandlers.registerUnaryCallback(this, this, Adapt.function(callback)));
  }

  /** Dart's {@code bindCallback} of a callback without a value, for the library's own paths. */
  Runnable bindRunnableOwned(Runnable callback) {
    Runnable registered = registerRunnableOwned(callback);
    return () -> runOwned(registered);
  }

  /** Dart's {@code bindCallbackGuarded}, for the library's own paths. */
  Runnable bindRunnableGuardedOwned(Runnable callback) {
    Runnable registered = registerRunnableOwned(callback);
    return () -> runGuardedOwned(registered);
  }

  /** Dart's {@code bindUnaryCallback} of a callback without a value, for the library's paths. */
  <T> Consumer<T> bindConsumerOwned(Consumer<T> callback) {
    Consumer<T> registered = registerConsumerOwned(callback);
    if ((custom & bit(RUN_UNARY)) == 0) {
      return argument -> RootZoneHandlers.runUnary(this, registered, argument);
    }
    Function<T, Object> asFunction = Adapt.function(registered);
    return argument -> ZoneHandlers.runUnary(this, this, asFunction, argument);
  }

  /** Dart's {@code bindUnaryCallbackGuarded}, for the library's own paths. */
  <T> Consumer<T> bindConsumerGuardedOwned(Consumer<T> callback) {
    Consumer<T> registered = registerConsumerOwned(callback);
    return argument -> runUnaryGuardedOwned(registered, argument);
  }

  // ---- errors -------------------------------------------------------------------------------

  @Override
  public AsyncError errorCallback(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    requireOwner("errorCallback");
    return ZoneHandlers.errorCallback(this, this, error, stackTrace);
  }

  @Override
  public void handleUncaughtError(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    Checks.notNull(stackTrace, "stackTrace");
    if (!loop.isOwnerThread()) {
      loop.post(new LateErrorReport(this, error, stackTrace)); // Handlers run on the isolate.
      return;
    }
    handleUncaughtErrorOwned(error, stackTrace);
  }

  /** {@link #handleUncaughtError} on the isolate's thread: Dart's {@code _processUncaughtError}. */
  void handleUncaughtErrorOwned(Throwable error, StackTrace stackTrace) {
    ZoneHandlers.handleUncaughtError(this, this, error, stackTrace);
  }

  // ---- scheduling ---------------------------------------------------------------------------

  @Override
  public void scheduleMicrotask(Runnable callback) {
    Checks.notNull(callback, "callback");
    if (!loop.isOwnerThread()) {
      loop.post(() -> scheduleMicrotaskOwned(callback));
      return;
    }
    scheduleMicrotaskOwned(callback);
  }

  /** Dart's {@code zone.scheduleMicrotask(f)}, on the isolate's thread. */
  void scheduleMicrotaskOwned(Runnable callback) {
    if ((custom & MICROTASK_BITS) == 0) {
      loop.scheduleMicrotask(this, callback); // What the root handler does, without the binding.
    } else {
      ZoneHandlers.scheduleMicrotask(this, this, callback);
    }
  }

  /**
   * Dart's top-level {@code scheduleMicrotask(callback)} in this (the current) zone
   * (schedule_microtask.dart): registers the callback, and binds it guarded unless the root's
   * handler would queue it in the root's error zone anyway.
   */
  public void scheduleMicrotaskFromCurrent(Runnable callback) {
    loop.exitIfStopping(); // From an exiting or killed isolate: it stops instead.
    if ((custom & MICROTASK_BITS) == 0) {
      loop.scheduleMicrotask(this, callback);
      return;
    }
    if (implementers[SCHEDULE_MICROTASK].isRoot() && inRootErrorZone()) {
      RootZoneHandlers.scheduleMicrotask(this, registerRunnableOwned(callback));
      return;
    }
    scheduleMicrotaskOwned(bindRunnableGuardedOwned(callback));
  }

  @Override
  public Timer createTimer(Duration duration, Runnable callback) {
    Checks.notNull(duration, "duration");
    Checks.notNull(callback, "callback");
    requireOwner("createTimer");
    return ZoneHandlers.createTimer(this, this, duration, callback);
  }

  @Override
  public Timer createPeriodicTimer(Duration period, Consumer<Timer> callback) {
    Checks.notNull(period, "period");
    Checks.notNull(callback, "callback");
    requireOwner("createPeriodicTimer");
    return ZoneHandlers.createPeriodicTimer(this, this, period, callback);
  }

  @Override
  public void print(Object line) {
    EventLoop.exitCurrentIfStopping(); // The caller's isolate, which may not be this zone's.
    String text = DartText.toDartString(line);
    if ((custom & bit(PRINT)) == 0) {
      RootZoneHandlers.print(text);
    } else if (!loop.isOwnerThread()) {
      loop.post(() -> ZoneHandlers.print(this, this, text));
    } else {
      ZoneHandlers.print(this, this, text);
    }
  }

  @Override
  public String toString() {
    return isRoot() ? "Instance of '_RootZone'" : "Instance of '_CustomZone'";
  }
}
