package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import dev.dartasync.Zone;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * The event loop of one isolate (Dart VM semantics, dart-semantics.md section 1).
 *
 * <ul>
 *   <li>A FIFO event queue, multi-producer: the entry point, zero-duration timers, timer wake-ups
 *       and anything posted from another thread. Foreign threads never run user code; they post.
 *   <li>A microtask queue, drained completely after every event and after every timer callback.
 *   <li>A timer heap ({@link TimerQueue}).
 *   <li>The isolate ends when no microtask, event, timer or keep-alive (open port, body blocked in
 *       a JDK call, pending interop) is left. A future that never completes does not keep it alive.
 * </ul>
 *
 * <p><b>The carrier.</b> The loop's thread is a platform thread that also carries every async
 * body of the isolate: bodies are virtual threads whose scheduler is this loop ({@link #execute}).
 * A continuation the JDK hands us on this thread goes to {@link #ready}; one handed to us from
 * another thread (the JDK's timed unparker, an I/O poller) is posted as an event. When code that
 * runs on the loop's own stack makes a body runnable, it runs it at once ({@link #drainCarrier});
 * when a body makes another body runnable, it pushes itself on {@link #resumeAfter} and parks, and
 * the loop resumes it as soon as the other body suspends. So one thread runs all Dart code of the
 * isolate, in Dart's order, and a started body is synchronous until its first await.
 */
public final class EventLoop implements Executor {

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

  /** The loop of this thread's isolate (its loop thread or one of its bodies), or null. */
  public static EventLoop current() {
    if (CARRIER_GET == null) {
      return CURRENT.get();
    }
    EventLoop loop;
    try {
      loop = (EventLoop) (Object) CARRIER_GET.invokeExact((ThreadLocal<?>) CURRENT);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
    // A plain virtual thread started inside a body also runs on this carrier, but it is not part
    // of the isolate (it may block, and it is not where Dart code runs): it counts as foreign.
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
  private final Thread.Builder.OfVirtual bodyBuilder;
  private final MicrotaskQueue microtasks = new MicrotaskQueue();
  private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();
  /** The loop thread is parked waiting for an event; posters must unpark it. */
  private volatile boolean sleeping;
  private volatile boolean terminated;
  final TimerQueue timers = new TimerQueue(this);
  final ZoneImpl root;
  /** The current zone of the code running on this isolate. */
  ZoneImpl zone;

  // ---- carrier state (confined to the loop thread and its bodies) ----
  /** Continuations made runnable on this carrier, run by {@link #drainCarrier}. */
  private final ArrayDeque<Runnable> ready = new ArrayDeque<>();
  /** Bodies that handed the carrier to another body and resume when it suspends (LIFO). */
  private final ArrayDeque<Body> resumeAfter = new ArrayDeque<>();
  /** The body currently running on the carrier, or null when the loop's own code runs. */
  Body mounted;
  /** The body whose continuation {@link #execute} is about to receive (our own resume). */
  private Body expected;
  /** The body being started: {@link #execute} learns its continuation. */
  private Body starting;
  /**
   * Bodies parked inside a blocking JDK call, by continuation: the JDK resumes them through
   * {@link #execute}, usually from its own threads, and we must know which body it is. Only these
   * are listed: a body parked in an await is reachable only from the future it waits for, so that
   * an abandoned await (a future nobody completes) can be garbage-collected, as in Dart.
   */
  private final Map<Runnable, Body> blocked = new ConcurrentHashMap<>();

  /** Open ports, blocked bodies and pending interop: each keeps the isolate alive. */
  private int keepAlive;

  private Throwable fatalError;
  private StackTrace fatalStack;

  /** A loop carried by the calling thread; {@link #run()} must be called on it. */
  public EventLoop(LoopClock clock) {
    this.thread = Thread.currentThread();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.bodyBuilder = CarrierSeam.virtualThreadBuilder(this);
    this.root = ZoneImpl.createRoot(this);
    this.zone = root;
  }

  public LoopClock clock() {
    return clock;
  }

  public Zone rootZone() {
    return root;
  }

  /**
   * Whether the calling thread is this loop's thread or the body it is running: the only threads
   * that may touch the isolate's state. Compares threads instead of reading {@link #CURRENT}, which
   * every then(), addListener() and JDK execute() would otherwise pay (a ThreadLocal lookup). Safe
   * from any thread without synchronisation: a foreign thread may read a stale {@link #mounted},
   * but no body's thread is ever equal to a foreign thread.
   */
  public boolean isOwnerThread() {
    Thread current = Thread.currentThread();
    if (current == thread) {
      return true;
    }
    Body body = mounted;
    return body != null && body.thread == current;
  }

  public boolean isTerminated() {
    return terminated;
  }

  // ---- events ---------------------------------------------------------------------------------

  /** Appends an event; callable from any thread. */
  public void post(Runnable event) {
    events.offer(event);
    if (sleeping) {
      LockSupport.unpark(thread);
    }
  }

  /** Appends an event from the loop's own thread (no wake-up needed). */
  void postLocal(Runnable event) {
    events.offer(event);
  }

  // ---- microtasks -----------------------------------------------------------------------------

  void scheduleMicrotask(ZoneImpl zone, Runnable task) {
    microtasks.add(zone, task);
  }

  void schedulePriorityMicrotask(ZoneImpl zone, Runnable task) {
    microtasks.addPriority(zone, task);
  }

  /** Runs microtasks until the queue is empty. An error escaping one stops the isolate. */
  void drainMicrotasks() {
    MicrotaskQueue.Entry entry;
    while ((entry = microtasks.poll()) != null) {
      ZoneImpl z = (ZoneImpl) entry.zone;
      z.runMicrotask(entry.task);
      if (!ready.isEmpty()) {
        drainCarrier();
      }
    }
  }

  // ---- timers -------------------------------------------------------------------------------

  /** Creates a timer on this isolate; call on the loop's thread. */
  public TimerEntry createTimer(
      java.util.function.Consumer<Object> callback, long milliseconds, boolean repeating) {
    return timers.create(callback, milliseconds, repeating);
  }

  // ---- keep-alive -------------------------------------------------------------------------------

  /** Something outside the queues will post to this isolate later; call on the loop's thread. */
  public void retain() {
    keepAlive++;
  }

  /** Undoes one {@link #retain()}; call on the loop's thread. */
  public void release() {
    keepAlive--;
  }

  // ---- bodies and the carrier -------------------------------------------------------------------

  /**
   * Starts an async body now: it runs until its first suspension before this returns.
   *
   * @return the future its return or throw completes
   */
  public FutureImpl<Object> startBody(Callable<?> code) {
    Body body = new Body(this, code, zone);
    body.thread = bodyBuilder.unstarted(body);
    Body current = mounted;
    starting = body;
    expected = body;
    body.thread.start(); // -> execute(): the continuation goes to ready.
    if (current == null) {
      drainCarrier();
    } else {
      resumeAfter.push(current);
      current.suspend(Body.YIELDED);
    }
    return body.result;
  }

  /** Makes a suspended body run now, synchronously from the caller's point of view. */
  void resume(Body body) {
    body.resumed = true;
    Body current = mounted;
    expected = body;
    LockSupport.unpark(body.thread); // -> execute(): the continuation goes to ready.
    if (current == null) {
      drainCarrier();
    } else {
      resumeAfter.push(current);
      current.suspend(Body.YIELDED);
    }
  }

  /**
   * Marks the start of a user callback run by the library: if it runs on a body's stack, await is
   * refused inside it. Returns the body to pass to {@link #exitCallback}, or null.
   */
  Body enterCallback() {
    Body body = mounted;
    if (body != null) {
      body.inCallback++;
    }
    return body;
  }

  static void exitCallback(Body body) {
    if (body != null) {
      body.inCallback--;
    }
  }

  /**
   * Called by the JDK with a virtual thread's continuation when it becomes runnable: on this
   * loop's carrier it is queued to run next; from any other thread it is posted as an event.
   */
  @Override
  public void execute(Runnable continuation) {
    if (isOwnerThread()) {
      Body s = starting;
      if (s != null) {
        starting = null;
        s.continuation = continuation;
      }
      ready.add(continuation);
    } else {
      post(
          () -> {
            ready.add(continuation);
            drainCarrier();
          });
    }
  }

  private Body bodyFor(Runnable continuation) {
    Body e = expected;
    if (e != null && e.continuation == continuation) {
      expected = null;
      return e;
    }
    return blocked.remove(continuation);
  }

  /**
   * Runs ready continuations, then resumes bodies waiting in {@link #resumeAfter}, until both are
   * empty. Only ever called from the loop's own stack (never from a body).
   */
  void drainCarrier() {
    while (true) {
      Runnable continuation = ready.poll();
      if (continuation == null) {
        Body waiting = resumeAfter.poll();
        if (waiting == null) {
          return;
        }
        waiting.resumed = true;
        expected = waiting;
        LockSupport.unpark(waiting.thread);
        continue;
      }
      Body body = bodyFor(continuation);
      if (body == null) {
        continuation.run(); // A plain virtual thread started inside a body: not a Dart body.
        continue;
      }
      ZoneImpl savedZone = zone;
      if (body.state == Body.BLOCKED) {
        body.state = Body.RUNNING;
        keepAlive--;
      }
      mounted = body;
      continuation.run();
      mounted = null;
      zone = savedZone;
      if (body.state == Body.RUNNING) {
        // Parked, but not by us: a blocking JDK call. The JDK will resume it from its own thread.
        body.state = Body.BLOCKED;
        keepAlive++;
        blocked.put(continuation, body);
      }
    }
  }

  /**
   * The body that an await-resumption microtask is running right now. Such a microtask does
   * nothing after the body suspends, so while this body runs with nothing queued anywhere, the
   * microtask an await on a completed future would schedule is the very next thing to run.
   */
  private Body tailBody;

  /** Resumes {@code body} from a microtask whose only work is this resumption. */
  void resumeInTail(Body body) {
    Body saved = tailBody;
    tailBody = body;
    try {
      resume(body);
    } finally {
      tailBody = saved;
    }
  }

  /**
   * Whether an await on a completed future in the running {@code body} may continue without
   * parking: the body was resumed in tail position and nothing is queued (no microtask, no ready
   * continuation, no body waiting to resume). The order cannot differ from a park and a
   * microtask, and it saves the round trip (about 200 ns against about 10 ns; DESIGN.md).
   */
  boolean canResumeInline(Body body) {
    return tailBody == body
        && mounted == body
        && resumeAfter.isEmpty()
        && ready.isEmpty()
        && microtasks.isEmpty();
  }

  // ---- the loop -------------------------------------------------------------------------------

  /**
   * Runs the loop on the calling thread (which must be the one that created it) until the isolate
   * ends: nothing left to do, or an uncaught error stopped it ({@link #fatalError()}).
   */
  public void run() {
    if (Thread.currentThread() != thread) {
      throw new IllegalStateException("An event loop runs on the thread that created it.");
    }
    CURRENT.set(this);
    try {
      while (true) {
        drainMicrotasks();
        Runnable event = nextEvent();
        if (event == null) {
          break;
        }
        zone = root;
        event.run();
        if (!ready.isEmpty()) {
          drainCarrier();
        }
      }
    } catch (Uncaught u) {
      fatalError = u.error;
      fatalStack = u.stackTrace;
    } catch (Throwable t) {
      fatalError = t;
      fatalStack = StackTrace.of(t);
    } finally {
      terminated = true;
      CURRENT.remove();
    }
  }

  private Runnable nextEvent() {
    while (true) {
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
              LockSupport.parkNanos(this, waitMillis * 1_000_000L);
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
