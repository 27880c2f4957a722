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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The event loop of one isolate (Dart VM semantics, docs/semantics.md §1).
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
 *
 * <p>Async bodies are mounted on the loop's thread by its {@link Carrier}; the loop only owns the
 * queues, timers, keep-alive handles, the closed state and the uncaught error.
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

  /**
   * Whether a body sets {@link #CURRENT} on its own thread: when it has one (a virtual thread) and
   * cannot read the loop thread's ({@link #CARRIER_GET}). A continuation body runs on the loop's
   * thread, which set it already.
   */
  static final boolean BODIES_SET_CURRENT =
      CARRIER_GET == null && !Carriers.bodiesRunOnLoopThread();

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

  /**
   * The platform thread carrying the isolate now. A loop made by {@link #EventLoop(LoopClock)}
   * keeps the thread that made it; a pooled loop ({@link #pooled}) is carried by one pool thread
   * per turn and has none between turns (written by the carrying thread only).
   */
  private volatile Thread thread;
  private final LoopClock clock;
  /** The pool whose threads carry this loop's turns; null for a loop that owns its thread. */
  private final java.util.concurrent.Executor pool;
  /**
   * A pooled loop's scheduling state, changed by compare-and-set: {@link #IDLE} (no thread, waiting
   * for an event or a timer), {@link #SCHEDULED} (a turn was handed to the pool), {@link #RUNNING}
   * (a pool thread carries it). IDLE to SCHEDULED by whoever posts or wakes it; SCHEDULED to
   * RUNNING by the turn; RUNNING to IDLE by the turn when nothing is left to run now, which then
   * looks again and takes it back (IDLE to RUNNING) if something arrived meanwhile.
   */
  private final java.util.concurrent.atomic.AtomicInteger turnState =
      new java.util.concurrent.atomic.AtomicInteger(IDLE);

  private static final int IDLE = 0;
  private static final int SCHEDULED = 1;
  private static final int RUNNING = 2;
  /** The timer deadline a wake-up is already scheduled for (pooled loops; turn thread only). */
  private volatile long wakeArmedFor = Long.MAX_VALUE;
  /**
   * The wake-up asked of the shared timer thread (pooled loops): withdrawn when an earlier deadline
   * replaces it and when the isolate ends, since the request holds the loop (and so its timers'
   * callbacks) until it fires. Written and read by the loop's turns only, one at a time.
   */
  private java.util.concurrent.ScheduledFuture<?> timerWakeTask;
  /**
   * Control messages ({@code Isolate.kill}, {@code ping}): run before the next event, ahead of the
   * queued ones, also while the isolate is paused. {@link #controlPending} is set after each offer,
   * so that the loop reads one volatile flag per event instead of polling the queue.
   */
  private final ConcurrentLinkedQueue<Runnable> control = new ConcurrentLinkedQueue<>();

  private volatile boolean controlPending;
  /**
   * Set once the isolate is stopping, never cleared: by {@code Isolate.exit} on the isolate's own
   * thread ({@link #stop()}), or by {@code Isolate.kill(IMMEDIATE)} from any thread before the kill
   * returns. From then on nothing of the isolate runs: the loop runs no further microtask, event or
   * timer, the carrier stops the isolate as soon as the running body ended or parked, and every
   * library entry point the isolate's code still calls ({@link #exitIfStopping()}: a send, an
   * await, print, scheduleMicrotask, a timer) throws {@link IsolateStop}. A kill's control message
   * stops an isolate whose code calls nothing before its next event.
   *
   * <p>One volatile field for both causes, read once per microtask, mount and await: on x86 a
   * volatile read is a plain load (the fences are on the rare writes), and one field instead of a
   * plain "exit" flag beside a volatile "kill" flag keeps it to a single load per check.
   */
  private volatile boolean stopRequested;
  /** How the isolate treats uncaught errors and what it does when it ends; null for the defaults. */
  private volatile IsolateHooks hooks;
  /** The isolate's listeners and capabilities; made on first use for the main isolate. */
  volatile IsolateImpl isolate;
  /** Set while {@code Isolate.pause} holds the isolate ({@link IsolateImpl} counts the pauses). */
  private volatile boolean paused;
  final Carrier carrier;
  private final MicrotaskQueue microtasks = new MicrotaskQueue();
  private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();
  /** The loop thread is parked waiting for an event; posters must unpark it. */
  private volatile boolean sleeping;
  /**
   * Set once, when the isolate ends; from then on nothing posted runs. A poster that sees it
   * removes its own event again and drops it; the loop drops whatever it finds left in the queue
   * after setting it. The queue's removal decides which of the two drops a racing event: exactly
   * one.
   */
  private volatile boolean closed;
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

  private Throwable fatalError;
  private StackTrace fatalStack;

  /** A loop carried by the calling thread; {@link #run()} must be called on it. */
  public EventLoop(LoopClock clock) {
    this(clock, Thread.currentThread(), null);
  }

  private EventLoop(LoopClock clock, Thread thread, java.util.concurrent.Executor pool) {
    this.thread = thread;
    this.pool = pool;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.root = ZoneImpl.createRoot(this);
    this.zone = root;
    this.carrier = Carriers.create(this, thread);
  }

  /**
   * A loop that holds no thread: each turn (run whatever is runnable now) is carried by a thread
   * of {@code pool}, taken when an event is posted or a timer is due and given back when nothing
   * is left to run. Start it with {@link #startPooled(Runnable)}.
   */
  static EventLoop pooled(java.util.concurrent.Executor pool) {
    return new EventLoop(LoopClock.system(), null, Objects.requireNonNull(pool, "pool"));
  }

  /**
   * Posts {@code first} (run as the first event) and hands the first turn to the pool.
   *
   * @throws java.util.concurrent.RejectedExecutionException if the pool refuses the turn (or
   *     cannot start a thread); the loop is then closed and never runs
   */
  void startPooled(Runnable first) {
    events.offer(first);
    if (!turnState.compareAndSet(IDLE, SCHEDULED)) {
      return; // A turn is already on its way (a control message woke it); it takes the event.
    }
    try {
      pool.execute(this::turn);
    } catch (java.util.concurrent.RejectedExecutionException | OutOfMemoryError e) {
      closed = true;
      events.clear();
      throw e instanceof java.util.concurrent.RejectedExecutionException r
          ? r
          : new java.util.concurrent.RejectedExecutionException(e.toString(), e);
    }
  }

  /** Sets how the isolate treats uncaught errors and its end; call before it starts. */
  void setHooks(IsolateHooks hooks) {
    this.hooks = hooks;
  }

  public LoopClock clock() {
    return clock;
  }

  public Zone rootZone() {
    return root;
  }

  /** The isolate's platform thread. */
  Thread thread() {
    return thread;
  }

  /** Whether the calling thread is this isolate's thread or the body it runs (see Carrier). */
  public boolean isOwnerThread() {
    return carrier.isOwnerThread();
  }

  // ---- events ---------------------------------------------------------------------------------

  /**
   * Appends an event; callable from any thread. If the isolate ended, the event is dropped and
   * logged (see {@link DroppableEvent}).
   */
  public void post(Runnable event) {
    events.offer(event);
    if (closed) {
      if (events.remove(event)) {
        dropped(event);
      }
      return;
    }
    wake();
  }

  /**
   * Makes the loop look at its queues: unparks an owned loop; hands an idle pooled loop's next turn
   * to the pool. Any thread; does nothing if a turn is already scheduled or running, or the
   * isolate ended.
   */
  void wake() {
    if (pool == null) {
      Thread t = thread;
      if (sleeping && t != null) {
        LockSupport.unpark(t);
      }
    } else if (turnState.get() == IDLE && !closed && turnState.compareAndSet(IDLE, SCHEDULED)) {
      try {
        pool.execute(this::turn);
      } catch (java.util.concurrent.RejectedExecutionException e) {
        turnState.set(IDLE);
        LOG.warn("the isolate pool refused a turn of an isolate; the next post tries again", e);
      }
    }
  }

  /**
   * Runs {@code message} on the isolate before its next event (after the event or microtask
   * running now), even while it is paused; any thread. Dropped if the isolate ended.
   */
  void postControl(Runnable message) {
    control.offer(message);
    controlPending = true;
    wake();
  }

  /**
   * Asks the isolate to stop before its next event; any thread. With {@code immediate}, also marks
   * it {@linkplain #stopRequested stopping} before returning: from then on nothing it sends through
   * a port is delivered, and its next call into the library stops it.
   */
  void kill(boolean immediate) {
    if (immediate) {
      stopRequested = true;
    }
    postControl(
        () -> {
          throw stop();
        });
  }

  /** Whether the isolate is stopping: it called {@code Isolate.exit} or was killed immediately. */
  boolean stopping() {
    return stopRequested;
  }

  /**
   * On the isolate's thread: marks it stopping for good and returns the stop to throw, which
   * unwinds the caller up to the loop (or the body's end) without running user handlers.
   */
  IsolateStop stop() {
    stopRequested = true;
    return new IsolateStop();
  }

  /**
   * On the isolate's thread, at a library entry point: throws {@link IsolateStop} if the isolate is
   * stopping. One volatile read when it is not.
   */
  public void exitIfStopping() {
    if (stopRequested) {
      throw stop();
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

  private void runControl() {
    controlPending = false;
    Runnable message;
    while ((message = control.poll()) != null) {
      message.run();
    }
  }

  /** Holds events and timers back (control messages still run), or lets them go; any thread. */
  void setPaused(boolean paused) {
    this.paused = paused;
    if (!paused) {
      wake();
    }
  }

  /** Whether the isolate ended: its queue is closed. */
  public boolean isClosed() {
    return closed;
  }

  /** Appends an event from the loop's own thread (no wake-up needed). */
  void postLocal(Runnable event) {
    events.offer(event);
  }

  private static void dropped(Runnable event) {
    if (event instanceof DroppableEvent d) {
      try {
        d.dropped();
      } catch (RuntimeException e) {
        LOG.warn("dropping an event of an ended isolate failed", e);
      }
    } else {
      LOG.debug("The isolate ended; an event posted to it was dropped: {}", event);
    }
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
    MicrotaskQueue.Entry entry;
    while ((entry = microtasks.poll()) != null) {
      if (stopRequested) {
        throw stop(); // Isolate.exit or an immediate kill: nothing else runs.
      }
      ZoneImpl z = (ZoneImpl) entry.zone;
      z.runMicrotask(entry.task);
      if (carrier.hasReady()) {
        carrier.drain();
      }
    }
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
    return new KeepAlive(this, reason);
  }

  /** Called by {@link KeepAlive#release()} on the loop's thread. */
  void releaseKeepAlive() {
    keepAlive--;
  }

  /** A hold without a handle, for the carrier's own BLOCKED bodies; loop thread only. */
  void holdKeepAlive() {
    keepAlive++;
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

  // ---- the loop -------------------------------------------------------------------------------

  /**
   * Runs the loop on the calling thread (which must be the one that created it) until the isolate
   * ends: nothing left to do, an uncaught error, or an interrupt of this thread
   * ({@link #fatalError()}).
   */
  public void run() {
    if (Thread.currentThread() != thread || pool != null) {
      throw new IllegalStateException("An event loop runs on the thread that created it.");
    }
    enter();
    try {
      runEvents(true);
    } finally {
      end();
    }
  }

  /**
   * One turn of a pooled loop, on a pool thread: runs events until none is runnable now, then
   * gives the thread back (or, when the isolate can never receive anything again, ends it).
   */
  private void turn() {
    if (!turnState.compareAndSet(SCHEDULED, RUNNING)) {
      return;
    }
    thread = Thread.currentThread();
    carrier.attach(thread);
    enter();
    boolean ended = false;
    try {
      while (true) {
        ended = runEvents(false);
        if (ended) {
          return;
        }
        armTimerWake();
        detach();
        turnState.set(IDLE);
        // A post that saw RUNNING did not schedule a turn: look once more (for what this turn
        // could run: queued events wait while paused, or the turn would spin).
        if (!hasRunnableWork() || closed) {
          return;
        }
        if (!turnState.compareAndSet(IDLE, RUNNING)) {
          return; // A poster scheduled a turn; it runs this.
        }
        thread = Thread.currentThread();
        carrier.attach(thread);
        enter();
      }
    } catch (Throwable t) {
      ended = true; // runEvents ends the isolate itself; anything else escaping here is a bug.
      LOG.error("an isolate's turn failed", t);
    } finally {
      if (ended) {
        end();
      }
    }
  }

  /** Makes the calling thread the isolate's thread. */
  private void enter() {
    CURRENT.set(this);
    lastStarted = this;
    if (carrier.watchedForPinning()) {
      PinnedCarrierWatchdog.watch(carrier);
    }
  }

  /** Ends a pooled turn without ending the isolate: the thread is an ordinary pool thread again. */
  private void detach() {
    PinnedCarrierWatchdog.unwatch(carrier);
    carrier.detach();
    thread = null;
    if (lastStarted == this) {
      lastStarted = null;
    }
    CURRENT.remove();
  }

  /** Ends the isolate on its thread: closes the queue, then tells whoever waits for its end. */
  private void end() {
    PinnedCarrierWatchdog.unwatch(carrier);
    try {
      close();
    } finally {
      if (lastStarted == this) {
        lastStarted = null; // Do not keep an ended isolate reachable.
      }
      CURRENT.remove();
      if (pool != null) {
        carrier.detach();
        thread = null;
      }
      turnState.set(RUNNING); // Never IDLE again: nothing schedules an ended isolate.
      IsolateHooks h = hooks;
      if (h != null) {
        try {
          h.ended(this);
        } catch (RuntimeException e) {
          LOG.warn("an isolate's end listener failed", e);
        }
      }
    }
  }

  /**
   * Runs microtasks and events until the isolate ends (true) or, with {@code mayPark} false,
   * until nothing is runnable now (false). An uncaught error ends the isolate unless the
   * isolate's hooks say its errors are not fatal.
   */
  private boolean runEvents(boolean mayPark) {
    while (true) {
      try {
        while (true) {
          drainMicrotasks();
          Runnable event = nextEvent(mayPark);
          if (event == null) {
            return true;
          }
          if (event == NOTHING_NOW) {
            return false;
          }
          zone = root;
          event.run();
          if (carrier.hasReady()) {
            carrier.drain();
          }
        }
      } catch (IsolateStop stop) {
        stopped = true;
        return true;
      } catch (Uncaught u) {
        if (stopping()) { // A killed isolate reports nothing more.
          stopped = true;
          return true;
        }
        if (fatal(u.error, u.stackTrace)) {
          return true;
        }
      } catch (Throwable t) {
        if (stopping()) { // The stop wrapped in user code, or an error of a killed isolate.
          stopped = true;
          return true;
        }
        if (fatal(t, StackTrace.of(t))) {
          return true;
        }
      }
    }
  }

  /** Reports an uncaught error; true if it stops the isolate (recorded as its fatal error). */
  private boolean fatal(Throwable error, StackTrace stack) {
    IsolateHooks h = hooks;
    boolean stops = h == null || h.uncaughtError(this, error, stack);
    if (stops) {
      fatalError = error;
      fatalStack = stack;
    }
    return stops;
  }

  /** Whether {@code Isolate.kill} or {@code Isolate.exit} ended the isolate. */
  boolean stopped;

  /** Returned by {@link #nextEvent} when a pooled loop has nothing to run now. */
  private static final Runnable NOTHING_NOW = () -> {};

  /** Closes the queue, drops what is left in it, and runs the close hooks. */
  private void close() {
    closed = true;
    carrier.disown();
    timers.dropAll();
    java.util.concurrent.ScheduledFuture<?> wake = timerWakeTask;
    if (wake != null) {
      timerWakeTask = null;
      wake.cancel(false); // The shared timer thread would hold this loop until the deadline.
    }
    Runnable left;
    while ((left = events.poll()) != null) {
      dropped(left);
    }
    for (Runnable hook : closeHooks.toArray(Runnable[]::new)) {
      try {
        hook.run();
      } catch (RuntimeException e) {
        LOG.warn("a close hook of an ended isolate failed", e);
      }
    }
    closeHooks.clear();
  }

  /** The text of the error that stops an isolate whose thread was interrupted. */
  static final String INTERRUPTED =
      "The isolate's thread was interrupted (for example by ExecutorService.shutdownNow()), so "
          + "the isolate stopped; its pending timers, events and microtasks were dropped.";

  private Runnable nextEvent(boolean mayPark) throws InterruptedException {
    while (true) {
      if (Thread.interrupted()) {
        throw new InterruptedException(INTERRUPTED);
      }
      if (controlPending) {
        runControl();
      }
      if (stopRequested) {
        throw stop();
      }
      boolean paused = this.paused;
      if (!paused) {
        timers.postTimeoutIfDue(clock.millis());
        Runnable event = events.poll();
        if (event != null) {
          return event;
        }
      }
      boolean timersPending = timers.hasPending();
      if (!paused && !timersPending && keepAlive <= 0) {
        return null; // Nothing can ever arrive: the isolate ends.
      }
      if (!mayPark) {
        return NOTHING_NOW;
      }
      sleeping = true;
      try {
        if (events.isEmpty() || paused) {
          long deadline = paused ? Long.MAX_VALUE : timers.nextDeadline();
          if (deadline == Long.MAX_VALUE) {
            LockSupport.park(this);
          } else if (clock.advanceTo(deadline)) {
            continue; // Virtual time: the deadline is now.
          } else {
            long waitMillis = deadline - clock.millis();
            if (waitMillis > 0) {
              LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(waitMillis));
            }
          }
        }
      } finally {
        sleeping = false;
      }
    }
  }

  /** Whether a turn would find something to run now: control, or events and due timers unpaused. */
  private boolean hasRunnableWork() {
    return controlPending || (!paused && (!events.isEmpty() || timerDue()));
  }

  /** Whether a timer of this (pooled) loop is due now. */
  private boolean timerDue() {
    return !paused && timers.hasPending() && timers.nextDeadline() <= clock.millis();
  }

  /** Schedules a turn for the next timer deadline of a pooled loop going idle. */
  private void armTimerWake() {
    if (!timers.hasPending()) {
      return;
    }
    long deadline = timers.nextDeadline();
    if (deadline >= wakeArmedFor && wakeArmedFor > clock.millis()) {
      return; // A wake-up at or before it is already on its way.
    }
    wakeArmedFor = deadline;
    java.util.concurrent.ScheduledFuture<?> superseded = timerWakeTask;
    if (superseded != null) {
      superseded.cancel(false); // A later deadline's request: it would hold this loop till then.
    }
    // One millisecond late rather than early: an early wake finds nothing due and must re-arm.
    timerWakeTask = IsolatePool.wakeAt(this, Math.max(0, deadline - clock.millis()) + 1);
  }

  /** Called by the pool's timer thread at a deadline this loop asked for. */
  void timerWake() {
    wakeArmedFor = Long.MAX_VALUE; // Fired: the next idle turn arms again if still needed.
    wake();
  }

  /** The error that stopped the isolate, or null if it ran dry. */
  public Throwable fatalError() {
    return fatalError;
  }

  public StackTrace fatalStackTrace() {
    return fatalStack;
  }
}
