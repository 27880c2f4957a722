package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.Zone;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/**
 * The event loop of one isolate (Dart VM semantics, docs/semantics.md §1): the per-isolate object
 * everything else holds. It keeps the isolate's own state (the microtask queue, the timers, the
 * zones, the keep-alive count, the close hooks, the await-for delivery state) and ties together
 * the parts that do one thing each:
 *
 * <ul>
 *   <li>{@link EventQueue}: the events, the control messages, the closed state and its drops, and
 *       the wake-up hook;
 *   <li>{@link IsolateControl}: the stop flag (whose field, {@link #stopRequested}, is kept here),
 *       the pause, the hooks and the outcome;
 *   <li>an {@link EventLoopDriver}: what runs the loop, {@link OwnedThreadDriver} on the thread
 *       that made it, or {@link PooledTurnDriver} in turns on pool threads;
 *   <li>its {@link Carrier}: how async bodies are mounted on the loop's thread.
 * </ul>
 *
 * The callers use this class only; it delegates through final fields (which the JIT inlines), so
 * {@link #post} costs what the queue's post costs, and {@link #stopping()} and {@link
 * #exitIfStopping()} read the flag on this object: one volatile load.
 *
 * <p>What the loop does:
 *
 * <ul>
 *   <li>A FIFO event queue, multi-producer: the entry point, zero-duration timers, timer wake-ups
 *       and anything posted from another thread. Foreign threads never run user code; they post.
 *   <li>A microtask queue, drained completely after every event and after every timer callback.
 *   <li>A timer heap ({@link TimerQueue}).
 *   <li>The isolate ends when no microtask, event, timer or {@link KeepAlive} is left. A future that
 *       never completes does not keep it alive. Then the queue <b>closes</b>: an event posted later
 *       is never run; it is dropped with a log line ({@link DroppableEvent}s say what was lost).
 *   <li>The isolate also ends on an uncaught error in the root zone ({@link #fatalError()}) and
 *       when its thread is interrupted (the error is an {@link InterruptedException}).
 * </ul>
 */
public final class EventLoop {

  private static final Log LOG = Log.named("dev.dartasync.isolate.Isolate");

  /** Set on the loop's own (platform) thread; bodies read it through their carrier. */
  static final ThreadLocal<EventLoop> CURRENT = new ThreadLocal<>();

  /**
   * {@code ThreadLocal.getCarrierThreadLocal()} (package-private in java.lang, reachable with the
   * --add-opens the carrier already needs): read inside a body, it looks in the <em>carrier's</em>
   * map, i.e. the loop thread's. So bodies need no thread-local map of their own: 136 B less heap
   * per parked body, and a lookup in the loop thread's small map instead of a fresh one per body.
   * Null if this JDK lacks the method; bodies then set {@link #CURRENT} themselves.
   */
  private static final MethodHandle CARRIER_GET = findCarrierGet();

  static final boolean BODIES_SET_CURRENT = CARRIER_GET == null;

  private static MethodHandle findCarrierGet() {
    if (!Carriers.isVirtualThreadCarrier()) {
      return null; // A body's carrier thread is not the isolate's: bodies set CURRENT themselves.
    }
    try {
      Method method = ThreadLocal.class.getDeclaredMethod("getCarrierThreadLocal");
      method.setAccessible(true);
      return MethodHandles.lookup().unreflect(method);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The loop that started running last, on any thread; null once it ended. Only a hint that spares
   * {@link #current()} the thread-local lookup when this thread belongs to it, which {@link
   * #isOwnerThread()} decides exactly (a stale or racy read just misses). Written once per isolate
   * start and end.
   */
  private static EventLoop lastStarted;

  /** The loop of this thread's isolate (its loop thread or one of its bodies), or null. */
  public static EventLoop current() {
    EventLoop hint = lastStarted;
    if (hint != null && hint.isOwnerThread()) {
      return hint;
    }
    return lookUpCurrent();
  }

  private static EventLoop lookUpCurrent() {
    if (CARRIER_GET == null) {
      return CURRENT.get();
    }
    EventLoop loop;
    try {
      loop = (EventLoop) (Object) CARRIER_GET.invokeExact((ThreadLocal<?>) CURRENT);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
    // Only the loop's thread and the body it runs belong to the isolate.
    return loop != null && loop.isOwnerThread() ? loop : null;
  }

  static IllegalStateException notOnIsolate() {
    return new IllegalStateException(
        "This thread belongs to no isolate: call this inside Dart.run(...) or Dart.runMain(...), "
            + "or from code they run.");
  }

  /** Returns the current loop or throws the "no isolate" error. */
  public static EventLoop require() {
    EventLoop loop = current();
    if (loop == null) {
      throw notOnIsolate();
    }
    return loop;
  }

  private final LoopClock clock;
  /** The clock if it is a {@link FakeClock} (FakeAsync), else null: one null check where it acts. */
  final FakeClock fake;
  /** What runs the loop: on the thread that made it, or in pooled turns. */
  private final EventLoopDriver driver;

  /** What runs this loop (its turns, for the blocked-loop detector). */
  EventLoopDriver driver() {
    return driver;
  }
  /**
   * Events, control messages and the closed state. A final field: {@link #post} is the queue's
   * post (the JIT inlines the delegation).
   */
  final EventQueue queue;
  /** The stop flag's writer, the pause, the hooks and the outcome. */
  final IsolateControl control;
  /**
   * {@link IsolateControl}'s stop flag (its class comment says what it means), written by that
   * class only. It lives here, on the object every caller holds, because it is read once per
   * microtask, await and mount: {@link #stopping()} and {@link #exitIfStopping()} are one volatile
   * load (a plain load on x86). Read through {@link #control} instead, the extra load cost 0.35 ns
   * of a 6.4 ns microtask (5%: MicrotaskBench, PairedJars in 3 JVMs).
   */
  volatile boolean stopRequested;
  /** The isolate's listeners and capabilities; made on first use for the main isolate. */
  volatile IsolateImpl isolate;
  final Carrier carrier;
  private final MicrotaskQueue microtasks = new MicrotaskQueue();
  final TimerQueue timers = new TimerQueue(this);
  final ZoneImpl root;
  /** The current zone of the code running on this isolate. */
  ZoneImpl zone;

  /**
   * The await-for delivery whose microtask is running now, or null: a {@code sendData} returning
   * after that delivery {@linkplain InlineDelivery#triggered() triggered} defers its end to it.
   */
  InlineDelivery inline;

  /**
   * The await-for delivery whose rest waits for its body's next suspension, or null. At most one:
   * it is run before that body suspends, and no other body can take a delivery meanwhile (see
   * {@link InlineDelivery}).
   */
  InlineDelivery deferred;

  /** How many {@link KeepAlive} handles are held (confined to the loop thread). */
  private int keepAlive;
  /** Run when the isolate ends (confined to the loop thread until then). */
  private final Set<Runnable> closeHooks = new LinkedHashSet<>();
  /**
   * This isolate's values of {@code IsolateLocal}s, keyed by the local (identity); null until the
   * first is set. Confined to the isolate's threads, so a plain map; dropped with the loop.
   */
  java.util.IdentityHashMap<Object, Object> isolateLocals;

  /** A loop carried by the calling thread; {@link #run()} must be called on it. */
  public EventLoop(LoopClock clock) {
    this(clock, Thread.currentThread(), null);
  }

  private EventLoop(LoopClock clock, Thread thread, Executor pool) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.fake = clock instanceof FakeClock f ? f : null;
    this.driver =
        pool == null ? new OwnedThreadDriver(this, thread) : new PooledTurnDriver(this, pool);
    this.queue = new EventQueue(driver);
    this.control = new IsolateControl(this, queue);
    this.root = ZoneImpl.createRoot(this);
    this.zone = root;
    this.carrier = Carriers.create(this, thread);
  }

  /**
   * A loop that holds no thread: each turn (run whatever is runnable now) is carried by a thread
   * of {@code pool}, taken when an event is posted or a timer is due and given back when nothing
   * is left to run. Start it with {@link #startPooled(Runnable)}.
   */
  static EventLoop pooled(Executor pool) {
    return new EventLoop(LoopClock.system(), null, Objects.requireNonNull(pool, "pool"));
  }

  /**
   * Posts {@code first} (run as the first event) and hands the first turn to the pool; a loop
   * made by {@link #pooled} only.
   *
   * @throws java.util.concurrent.RejectedExecutionException if the pool refuses the turn (or
   *     cannot start a thread); the loop is then closed and never runs
   */
  void startPooled(Runnable first) {
    ((PooledTurnDriver) driver).start(first);
  }

  /** Sets how the isolate treats uncaught errors and its end; call before it starts. */
  void setHooks(IsolateHooks hooks) {
    control.setHooks(hooks);
  }

  public LoopClock clock() {
    return clock;
  }

  public Zone rootZone() {
    return root;
  }

  /**
   * The thread carrying the isolate now (virtual under the flag-free carrier): for a loop made by
   * {@link #EventLoop(LoopClock)} the thread that made it; for a pooled loop the thread of the current turn, null between turns.
   */
  Thread thread() {
    return driver.thread();
  }

  /** Whether the calling thread is this isolate's thread or the body it runs (see Carrier). */
  public boolean isOwnerThread() {
    return carrier.isOwnerThread();
  }

  // ---- events and control (EventQueue, IsolateControl) ---------------------------------------

  /**
   * Appends an event; callable from any thread. If the isolate ended, the event is dropped and
   * logged (see {@link DroppableEvent}).
   */
  public void post(Runnable event) {
    queue.post(event);
  }

  /** Appends an event from the loop's own thread (no wake-up needed). */
  void postLocal(Runnable event) {
    queue.postLocal(event);
  }

  /**
   * Runs {@code message} on the isolate before its next event (after the event or microtask
   * running now), even while it is paused; any thread. Dropped if the isolate ended.
   */
  void postControl(Runnable message) {
    queue.postControl(message);
  }

  /** Whether the isolate ended: its queue is closed. */
  public boolean isClosed() {
    return queue.isClosed();
  }

  /** See {@link IsolateControl#kill}; any thread. */
  void kill(boolean immediate) {
    control.kill(immediate);
  }

  /** Whether the isolate is stopping: it called {@code Isolate.exit} or was killed immediately. */
  boolean stopping() {
    return stopRequested;
  }

  /** See {@link IsolateControl#stop}; on the isolate's thread. */
  IsolateStop stop() {
    return control.stop();
  }

  /**
   * On the isolate's thread, at a library entry point: throws {@link IsolateStop} if the isolate is
   * stopping. One volatile read when it is not.
   */
  public void exitIfStopping() {
    if (stopRequested) {
      throw control.stop();
    }
  }

  /**
   * {@link #exitIfStopping()} of the calling isolate, for entry points that do not have its loop
   * at hand ({@code send}, {@code print}); nothing on a thread of no isolate.
   */
  public static void exitCurrentIfStopping() {
    EventLoop loop = current();
    if (loop != null) {
      loop.exitIfStopping();
    }
  }

  /** Holds events and timers back (control messages still run), or lets them go; any thread. */
  void setPaused(boolean paused) {
    control.setPaused(paused);
  }

  /** Whether {@code Isolate.kill} or {@code Isolate.exit} ended the isolate. */
  boolean stopped() {
    return control.stopped();
  }

  /** The error that stopped the isolate, or null if it ran dry. */
  public Throwable fatalError() {
    return control.fatalError();
  }

  public StackTrace fatalStackTrace() {
    return control.fatalStackTrace();
  }

  // ---- microtasks -----------------------------------------------------------------------------

  void scheduleMicrotask(ZoneImpl zone, Runnable task) {
    microtasks.add(zone, task);
  }

  /** Queues an entry its owner keeps (see {@link MicrotaskQueue#add(MicrotaskQueue.Entry)}). */
  void scheduleMicrotask(MicrotaskQueue.Entry entry) {
    microtasks.add(entry);
  }

  void schedulePriorityMicrotask(ZoneImpl zone, Runnable task) {
    microtasks.addPriority(zone, task);
  }

  /** How many microtasks are queued; walks the queue. */
  int microtaskCount() {
    return microtasks.count();
  }

  boolean microtasksEmpty() {
    return microtasks.isEmpty();
  }

  /** The microtask that runs next, left queued, or null. */
  MicrotaskQueue.Entry peekMicrotask() {
    return microtasks.peek();
  }

  /**
   * How many microtasks a body ran on its own stack ({@link #pollMicrotask}): each stands for a
   * suspension of that body in Dart, which {@link LoopDriver} must notice.
   */
  long microtasksTakenByBodies;

  /** Removes the microtask that runs next (its caller runs it: see {@link InlineDelivery}). */
  MicrotaskQueue.Entry pollMicrotask() {
    microtasksTakenByBodies++;
    return microtasks.poll();
  }

  /** Runs microtasks until the queue is empty. An error escaping one stops the isolate. */
  void drainMicrotasks() {
    do {
      MicrotaskQueue.Entry entry;
      while ((entry = microtasks.poll()) != null) {
        if (stopRequested) {
          throw control.stop(); // Isolate.exit or an immediate kill: nothing else runs.
        }
        ZoneImpl z = (ZoneImpl) entry.zone;
        z.runMicrotask(entry.task);
        if (carrier.hasReady()) {
          carrier.drain();
        }
      }
      // On a fake clock, a body waiting in flushMicrotasks resumes the moment the queue is empty,
      // also inside a timer batch (fake_async runs them synchronously, before the next timer).
    } while (fake != null && fake.microtasksDrained());
  }

  // ---- timers -------------------------------------------------------------------------------

  /** Creates a timer on this isolate; call on the loop's thread. */
  public TimerEntry createTimer(
      java.util.function.Consumer<Object> callback, long milliseconds, boolean repeating) {
    return timers.create(callback, milliseconds, repeating);
  }

  // ---- keep-alive and close hooks ---------------------------------------------------------------

  /**
   * Holds the isolate open until the handle is released; call on the loop's thread.
   *
   * @param reason what holds it, for messages
   */
  public KeepAlive keepAlive(String reason) {
    keepAlive++;
    KeepAlive handle = new KeepAlive(this, reason);
    if (heldHandles != null) {
      heldHandles.add(handle);
    }
    return handle;
  }

  /** Called by {@link KeepAlive#release()} on the loop's thread. */
  void releaseKeepAlive(KeepAlive handle) {
    if (heldHandles != null) {
      heldHandles.remove(handle);
    }
    keepAlive--;
  }

  /** Releases a {@link #holdKeepAlive()} hold; loop thread only. */
  void releaseKeepAlive() {
    keepAlive--;
  }

  /**
   * The keep-alive handles held now, in the order taken, while pending work is tracked (see {@link
   * #trackPendingWork()}); null otherwise. Loop thread only.
   */
  private Set<KeepAlive> heldHandles;

  /** Whether timers record where they were made (a fake clock's always do). */
  boolean timersRecordCreation;

  /**
   * From now on, remembers each keep-alive handle taken until it is released and where each timer
   * is made, so that {@link #pendingWork()} can name them (the JUnit extension's leak check, through
   * {@link Testing}); loop thread only. Off by default: it costs a stack trace per timer.
   */
  void trackPendingWork() {
    if (heldHandles == null) {
      heldHandles = new LinkedHashSet<>();
    }
    timersRecordCreation = true;
  }

  /**
   * What would keep the isolate alive now, besides its queues: the active timers (zero timers
   * first) and the keep-alive handles taken since {@link #trackPendingWork()} and not released;
   * plus the count of other holds (a body blocked in a JDK call, handles taken before tracking).
   */
  PendingWork pendingWork() {
    java.util.List<TimerEntry> active = timers.active();
    java.util.List<String> handles = new java.util.ArrayList<>();
    if (heldHandles != null) {
      for (KeepAlive k : heldHandles) {
        handles.add(k.reason);
      }
    }
    return new PendingWork(active, handles, keepAlive - handles.size());
  }

  /** See {@link #pendingWork()}. */
  record PendingWork(
      java.util.List<TimerEntry> timers, java.util.List<String> keepAlives, int otherHolds) {}

  /** A hold without a handle, for the carrier's own BLOCKED bodies; loop thread only. */
  void holdKeepAlive() {
    keepAlive++;
  }

  /** Whether a keep-alive handle (or a carrier's hold) is held; loop thread only. */
  boolean keptAlive() {
    return keepAlive > 0;
  }

  /**
   * Runs {@code hook} when the isolate ends (after its queue closed), unless removed first; call on
   * the loop's thread. Hooks wake waiters on other threads and isolates that would otherwise wait
   * for something this isolate can no longer do.
   */
  void onClose(Runnable hook) {
    closeHooks.add(hook);
  }

  void removeOnClose(Runnable hook) {
    closeHooks.remove(hook);
  }

  /** Runs the close hooks once, at the end, in the order added (a failure is logged). */
  void runCloseHooks() {
    for (Runnable hook : closeHooks.toArray(Runnable[]::new)) {
      try {
        hook.run();
      } catch (RuntimeException e) {
        LOG.warn("a close hook of an ended isolate failed", e);
      }
    }
    closeHooks.clear();
  }

  // ---- bodies -------------------------------------------------------------------------------

  /**
   * Starts an async body now, in the current zone: it runs until its first suspension before this
   * returns.
   *
   * @return the future its return or throw completes
   */
  public FutureImpl<Object> startBody(Callable<?> code) {
    return carrier.start(code, zone);
  }

  /** See {@link Carrier#enterCallback()}. */
  Body enterCallback() {
    return carrier.enterCallback();
  }

  static void exitCallback(Body body) {
    Carrier.exitCallback(body);
  }

  // ---- the loop (EventLoopDriver) --------------------------------------------------------------

  /**
   * Runs the loop on the calling thread (which must be the one that created it) until the isolate
   * ends: nothing left to do, an uncaught error, or an interrupt of this thread
   * ({@link #fatalError()}).
   */
  public void run() {
    if (!(driver instanceof OwnedThreadDriver owned)) {
      throw new IllegalStateException("An event loop runs on the thread that created it.");
    }
    owned.run();
  }

  /** The text of the error that stops an isolate whose thread was interrupted. */
  static final String INTERRUPTED =
      "The isolate's thread was interrupted (for example by ExecutorService.shutdownNow()), so "
          + "the isolate stopped; its pending timers, events and microtasks were dropped.";

  /** Makes the calling thread this isolate's thread for {@link #current()} (a driver's entry). */
  void enter() {
    CURRENT.set(this);
    lastStarted = this;
  }

  /** Undoes {@link #enter()} on the calling thread (a driver's turn or the isolate ends). */
  void leave() {
    if (lastStarted == this) {
      lastStarted = null; // Do not keep an ended isolate reachable.
    }
    CURRENT.remove();
  }
}
