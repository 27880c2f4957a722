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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

  private static final Logger LOG = LoggerFactory.getLogger(EventLoop.class);

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

  private final Thread thread;
  private final LoopClock clock;
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
    this.thread = Thread.currentThread();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.root = ZoneImpl.createRoot(this);
    this.zone = root;
    this.carrier = new Carrier(this, thread);
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
    if (sleeping) {
      LockSupport.unpark(thread);
    }
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

  /** Removes the microtask that runs next (its caller runs it: see {@link InlineDelivery}). */
  MicrotaskQueue.Entry pollMicrotask() {
    return microtasks.poll();
  }

  /** Runs microtasks until the queue is empty. An error escaping one stops the isolate. */
  void drainMicrotasks() {
    MicrotaskQueue.Entry entry;
    while ((entry = microtasks.poll()) != null) {
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
    if (Thread.currentThread() != thread) {
      throw new IllegalStateException("An event loop runs on the thread that created it.");
    }
    CURRENT.set(this);
    lastStarted = this;
    PinnedCarrierWatchdog.watch(carrier);
    try {
      while (true) {
        drainMicrotasks();
        Runnable event = nextEvent();
        if (event == null) {
          break;
        }
        zone = root;
        event.run();
        if (carrier.hasReady()) {
          carrier.drain();
        }
      }
    } catch (Uncaught u) {
      fatalError = u.error;
      fatalStack = u.stackTrace;
    } catch (Throwable t) {
      fatalError = t;
      fatalStack = StackTrace.of(t);
    } finally {
      PinnedCarrierWatchdog.unwatch(carrier);
      close();
      if (lastStarted == this) {
        lastStarted = null; // Do not keep an ended isolate reachable.
      }
      CURRENT.remove();
    }
  }

  /** Closes the queue, drops what is left in it, and runs the close hooks. */
  private void close() {
    closed = true;
    carrier.disown();
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

  private Runnable nextEvent() throws InterruptedException {
    while (true) {
      if (Thread.interrupted()) {
        throw new InterruptedException(INTERRUPTED);
      }
      timers.postTimeoutIfDue(clock.millis());
      Runnable event = events.poll();
      if (event != null) {
        return event;
      }
      boolean timersPending = timers.hasPending();
      if (!timersPending && keepAlive <= 0) {
        return null; // Nothing can ever arrive: the isolate ends.
      }
      sleeping = true;
      try {
        if (events.isEmpty()) {
          long deadline = timers.nextDeadline();
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

  /** The error that stopped the isolate, or null if it ran dry. */
  public Throwable fatalError() {
    return fatalError;
  }

  public StackTrace fatalStackTrace() {
    return fatalStack;
  }
}
