package dev.dartasync.internal;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;

/**
 * The carrier of one isolate: what runs its async bodies, one at a time, in Dart's order, and
 * never two at once. The {@link EventLoop} owns the queues; this class owns mounting, the
 * hand-over between bodies and resumption. How a body leaves and re-enters the isolate's thread
 * is a subclass's: {@link VirtualThreadCarrier} (virtual threads scheduled by the isolate's own
 * thread; the default, needs {@code --add-opens}), {@link BatonCarrier} (ordinary virtual threads
 * passing one baton; needs no flag), chosen once per JVM by {@link Carriers}.
 *
 * <p><b>Hand-over.</b> A body made runnable goes to {@link #ready}. When code on the loop's own
 * stack makes a body runnable it runs it at once ({@link #drain}); when a body makes another body
 * runnable, it pushes itself on {@link #resumeAfter} and suspends, and the loop resumes it as soon
 * as the other body suspends. So the body that was resumed runs first, synchronously from its
 * resumer's point of view, and the resumer runs again right after it: Dart's order.
 */
public abstract class Carrier {

  final EventLoop loop;
  /**
   * The isolate's own thread (a platform thread; a virtual one under the flag-free carrier): fixed
   * for a loop that owns its thread, the thread of the current turn for a pooled loop (null between
   * turns). Written by that thread; read by the
   * pinned-carrier watchdog, which tolerates a stale value.
   */
  volatile Thread thread;
  /**
   * {@link #thread} while the isolate runs, null once it ended (set by the loop thread itself, so
   * a plain field: the only thread whose answer depends on it is the one that wrote it). Once the
   * isolate ended its thread is an ordinary thread again (it may run the next isolate): what it
   * does to this isolate's objects is posted, and dropped with a word. A plain read here instead
   * of a volatile read of the loop's closed flag: 2 ns of a 20 ns then-stage, measured.
   */
  private Thread ownerThread;

  // ---- confined to the isolate's thread and its bodies ----
  /** Continuations made runnable on this carrier, run by {@link #drain}. */
  private final ArrayDeque<Body> ready = new ArrayDeque<>();
  /** Bodies that handed the carrier to another body and resume when it suspends (LIFO). */
  private final ArrayDeque<Body> resumeAfter = new ArrayDeque<>();
  /** Bodies mounted so far (starts and resumptions after a park); read by tests only. */
  long mounts;

  /** The body currently running on the carrier, or null when the loop's own code runs. */
  Body mounted;
  /**
   * The body that an await-resumption microtask is running right now. Such a microtask does
   * nothing after the body suspends, so while this body runs with nothing queued anywhere, the
   * microtask an await on a completed future would schedule is the very next thing to run.
   */
  private Body tailBody;

  Carrier(EventLoop loop, Thread thread) {
    this.loop = loop;
    this.thread = thread;
    this.ownerThread = thread;
  }

  // ---- what each carrier does its own way ------------------------------------------------------

  /**
   * Gives a new body the means to run (its thread) and queues it on {@link #ready}
   * (directly, or through the JDK handing its first continuation to the carrier); it runs at the
   * next {@link #drain}.
   */
  abstract void launch(Body body);

  /**
   * On the loop's own stack, with {@link #mounted} set to {@code body}: runs the body until it
   * suspends (an await, a hand-over), ends, or parks in a blocking JDK call the carrier can leave
   * running (then its state is still RUNNING). {@code first}: the body's first run (its start).
   * Returns the body that gave the carrier back: {@code body}, or (flag-free) another body that
   * {@code body} passed the carrier to directly ({@link #mountNextDirectly}).
   */
  abstract Body runMounted(Body body, boolean first);

  /**
   * On the running body's stack: suspends it until the carrier resumes it ({@link
   * Body.State#RESUMING}). The body's state moved from RUNNING to {@code why} already; on return it
   * is RESUMING, and the caller moves it on.
   */
  abstract void suspend(Body body);

  /**
   * After {@link #runMounted}: the body was resumed (RESUMING) but its run did not reach it (a
   * virtual thread that parked instead of yielding): make it runnable again. Nothing by default.
   */
  void resumedButNotRun(Body body) {}

  /**
   * The isolate starts running on this carrier (its thread, or a turn of it): the carrier's
   * watchdog, if it has one, looks at it until {@link #unwatch}.
   */
  abstract void watch();

  /**
   * The isolate's turn ended ({@code ended} false: a pooled isolate gives its thread back) or the
   * isolate did: the watchdog no longer looks at it, or (a watch of the whole isolate) only once
   * it ended.
   */
  abstract void unwatch(boolean ended);

  /**
   * Whether the calling thread is the isolate's thread or the body it is running: the only threads
   * that may touch the isolate's state. Compares threads instead of reading a ThreadLocal, which
   * every then(), addListener() and execute() would otherwise pay. Safe from any thread without
   * synchronisation: a foreign thread may read a stale {@link #mounted}, but no body's thread is
   * ever equal to a foreign thread.
   */
  boolean isOwnerThread() {
    Thread current = Thread.currentThread();
    return current == ownerThread || isMountedBody(current);
  }

  /** Whether {@code thread} is the body mounted now (kept apart: a small caller inlines better). */
  private boolean isMountedBody(Thread thread) {
    Body body = mounted;
    return body != null && body.thread == thread;
  }

  /** Called by the loop thread when the isolate ends: from now on it is not the owner. */
  void disown() {
    ownerThread = null;
  }

  /**
   * A pool thread starts a turn of a pooled isolate: it is the owner until {@link #detach()}. The
   * same thread writes both, so no other thread can see itself as the owner: a thread that once
   * carried this isolate cleared the field before it did anything else.
   */
  void attach(Thread thread) {
    this.thread = thread;
    this.ownerThread = thread;
  }

  /** The turn's thread gives the isolate back to the pool. */
  void detach() {
    this.ownerThread = null;
    this.thread = null;
  }

  // ---- bodies ------------------------------------------------------------------------------

  /**
   * Starts an async body now: it runs until its first suspension before this returns.
   *
   * @return the future its return or throw completes
   */
  FutureImpl<Object> start(Callable<?> code, ZoneImpl zone) {
    Body body = new Body(this, code, zone);
    Body current = mounted;
    launch(body); // Queued on ready: it runs before anything else.
    handOver(current);
    return body.result;
  }

  /**
   * Runs a body that {@link Body#resume} moved to RESUMING now, synchronously from the caller's
   * point of view: from the loop's stack at once, from another body by handing the carrier over.
   */
  void resume(Body body) {
    Body current = mounted;
    wake(body);
    handOver(current);
  }

  /**
   * Queues a body to run at the next {@link #drain} (a start, or a resumption): the subclass's
   * {@link #runMounted} makes it run then (the virtual-thread carrier runs the continuation its
   * yield left; the flag-free carrier hands the body the baton).
   */
  final void wake(Body body) {
    ready.add(body);
  }

  /** Runs what is ready now: from the loop's stack directly, from a body by suspending it. */
  private void handOver(Body current) {
    if (current == null) {
      drain();
    } else {
      resumeAfter.push(current);
      current.suspend(Body.State.YIELDED);
      Throwable pinned = current.takeHandOverFailure();
      if (pinned != null) {
        // The watchdog woke us: we could not unmount, so the hand-over never happened. The other
        // body stays ready and runs at the next drain; this one runs on without waiting for it.
        resumeAfter.remove(current);
        throw Sneaky.<RuntimeException>rethrow(pinned);
      }
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

  // ---- the ready queue ---------------------------------------------------------------------

  /**
   * Queues a body made runnable by the JDK or the carrier's own mechanism: on the isolate's thread
   * (or a body of it) directly, from any other thread by a post to the loop.
   */
  final void readyFromAnyThread(Body body) {
    if (isOwnerThread()) {
      ready.add(body);
    } else {
      loop.post(
          () -> {
            ready.add(body);
            drain();
          });
    }
  }

  /** Whether a continuation is waiting to run. */
  boolean hasReady() {
    return !ready.isEmpty();
  }

  /**
   * Runs ready continuations, then resumes bodies waiting in {@link #resumeAfter}, until both are
   * empty. Only ever called from the loop's own stack (never from a body).
   */
  void drain() {
    while (true) {
      Body body = ready.poll();
      if (body == null) {
        Body waiting = resumeAfter.poll();
        if (waiting == null) {
          return;
        }
        waiting.resumeHandOver();
        wake(waiting);
        continue;
      }
      try {
        mount(body);
      } catch (InterruptedException e) {
        throw Sneaky.<RuntimeException>rethrow(e); // Stops the isolate (EventLoop.run).
      }
    }
  }

  private void mount(Body body) throws InterruptedException {
    if (Thread.currentThread().isInterrupted() && Thread.interrupted()) {
      // The JDK clears the carrier's interrupt flag when it mounts a virtual thread: look first.
      throw new InterruptedException(EventLoop.INTERRUPTED);
    }
    ZoneImpl savedZone = loop.zone;
    Body.State state = body.state;
    boolean first = state == Body.State.STARTED;
    if (state != Body.State.RESUMING) { // RESUMING, the common case: our own resumption.
      switch (state) {
        case STARTED -> body.started();
        case BLOCKED -> {
          loop.releaseKeepAlive(); // Taken when it blocked (below).
          body.unblocked();
          if (loop.fake != null) {
            loop.fake.unblocked(body);
          }
        }
        case AWAITING, YIELDED -> {
          // Not resumed: a stale run of its continuation. It suspends again (Body.suspend).
        }
        case RUNNING, DONE -> {
          return; // A stale duplicate of a continuation that already ran.
        }
        default -> throw new AssertionError(state);
      }
    }
    mounted = body;
    mounts++;
    Body ran;
    try {
      ran = runMounted(body, first);
    } finally {
      mounted = null;
      loop.zone = savedZone;
    }
    if (loop.stopping()) {
      throw loop.stop(); // Isolate.exit or a kill in that body, which ended or parked: stop now.
    }
    body = ran; // The body that gave the carrier back: the rest is about it.
    if (loop.deferred != null && body.state != Body.State.YIELDED) {
      // Ended or blocked (an await ran it already): the rest of its last await-for delivery.
      InlineDelivery.runDeferredOf(loop, body);
    }
    Body.State after = body.state;
    if (after == Body.State.RUNNING) {
      // Parked, but not by us: a blocking JDK call. The JDK will resume it from its own thread.
      body.blocked();
      AsyncStarController<?> generator = body.generator();
      if (generator != null) {
        generator.blockedCall(); // In a loop body it runs, a suspension (LoopDriver).
      }
      // Held without a KeepAlive object: taken and released here, on the loop thread, exactly
      // once each (8 B less per body than a handle field; one allocation less per blocking call).
      loop.holdKeepAlive();
      if (loop.fake != null) {
        loop.fake.blocked(body); // FakeAsync names the call if nothing else is left to run.
      }
    } else if (after == Body.State.RESUMING) {
      resumedButNotRun(body);
    }
  }

  /**
   * On the stack of a body that is giving the carrier up (it suspended or ended): if what {@link
   * #drain} would do next is only to mount another body that is being resumed, marks it mounted
   * and returns it, so that the caller hands it the carrier directly, not through the loop's
   * thread; else null (the loop has work of its own first: a stop, the rest of an await-for
   * delivery, an interrupt of its thread, a body to start; or nothing is ready). The order is the
   * drain's: a ready body first, then the body that handed the carrier over most recently. Used by the flag-free carrier, whose hand-off
   * through the loop's thread is a second park and unpark.
   */
  final Body mountNextDirectly(boolean loopInterrupted) {
    if (loopInterrupted || loop.stopping() || loop.deferred != null) {
      return null;
    }
    Body next = ready.peek();
    if (next != null) {
      if (next.state != Body.State.RESUMING) {
        // A start (the loop starts its thread, and handles a failure to start it), or not a plain
        // resumption: the drain knows what to do with it.
        return null;
      }
      ready.poll();
    } else {
      next = resumeAfter.peek();
      if (next == null || next.state != Body.State.YIELDED) {
        return null;
      }
      resumeAfter.poll();
      next.resumeHandOver();
    }
    mounted = next;
    mounts++;
    return next;
  }

  /**
   * Whether {@link #resumeFromNextMicrotask} may run a microtask on a suspending body's stack (on
   * by default; tests turn it off to compare).
   */
  static volatile boolean directPass = true;

  /** How many bodies {@link #resumeFromNextMicrotask} resumed and mounted: for tests. */
  long directPasses;

  /**
   * On {@code body}'s stack as it suspends, when {@link #mountNextDirectly} found nobody: if what
   * the loop would run next is the first queued microtask ({@link #mayRunNextMicrotask}) and that
   * microtask only resumes another body of this carrier (a value completion whose one listener is
   * that body's plain await), runs it here and returns that body, mounted and resumed in tail
   * position, as the microtask itself would have left it; else null, and nothing changed. The
   * flag-free carrier then passes the baton body to body: one thread switch per hand-off instead
   * of two through the isolate's thread.
   */
  final Body resumeFromNextMicrotask(Body body) {
    if (!directPass || !mayRunNextMicrotask(body) || loop.stopping() || loop.deferred != null) {
      return null;
    }
    MicrotaskQueue.Entry entry = loop.peekMicrotask();
    Body next = entry == null ? null : FutureImpl.onlyResumptionOf(entry, this);
    if (next == null) {
      return null;
    }
    loop.pollMicrotask();
    FutureImpl.completeForDirectPass(entry, next);
    tailBody = next; // The loop's own frames restore the tail mark when the baton comes back.
    mounted = next;
    mounts++;
    directPasses++;
    return next;
  }

  // ---- the inline fast path ------------------------------------------------------------------

  /**
   * Resumes await {@code token} of {@code body} with {@code outcome} from a microtask whose only
   * work is this resumption.
   */
  void resumeInTail(Body body, int token, Object outcome) {
    Body saved = enterTail(body);
    try {
      body.resume(token, outcome);
    } finally {
      exitTail(saved);
    }
  }

  /**
   * Marks {@code body} as resumed in tail position while the caller resumes it from a microtask
   * that does nothing afterwards; returns what to pass to {@link #exitTail}.
   */
  Body enterTail(Body body) {
    Body saved = tailBody;
    tailBody = body;
    return saved;
  }

  void exitTail(Body saved) {
    tailBody = saved;
  }

  /**
   * Whether the running {@code body} may run the first queued microtask on its own stack instead
   * of parking: it was resumed in tail position and no continuation or waiting body would run
   * before that microtask, so the microtask is what runs next either way.
   */
  boolean mayRunNextMicrotask(Body body) {
    return tailBody == body && mounted == body && resumeAfter.isEmpty() && ready.isEmpty();
  }

  /**
   * Whether an await on a completed future in the running {@code body} may continue without
   * parking: the body was resumed in tail position and nothing is queued (no microtask, no ready
   * continuation, no body waiting to resume). The order cannot differ from a park and a
   * microtask, and it saves the round trip (338-447 ns against about 10 ns, measured).
   */
  boolean canResumeInline(Body body) {
    return tailBody == body
        && mounted == body
        && resumeAfter.isEmpty()
        && ready.isEmpty()
        && loop.microtasksEmpty();
  }
}
