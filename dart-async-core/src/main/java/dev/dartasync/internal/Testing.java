package dev.dartasync.internal;

import java.util.concurrent.Callable;

/**
 * The testing seam: the few internal facts and hooks the project's test suite needs and that the
 * public API does not (and should not) expose. The test module reaches internals only through this
 * class. Not API; it may change with any release.
 *
 * <ul>
 *   <li>which isolate and which thread the caller runs on;
 *   <li>isolates on a virtual clock, for timer-order tests that must not depend on machine load;
 *   <li>the text renderers behind {@code print} and the error texts, one by one, and the record
 *       of every text they rendered ({@link TextAudit});
 *   <li>the message copier's two paths (reflection, method handles), to compare them.
 * </ul>
 */
public final class Testing {
  private Testing() {}

  /** An opaque identity of the calling thread's isolate, or null if it belongs to none. */
  public static Object currentIsolate() {
    return EventLoop.current();
  }

  /**
   * Posts {@code task} to {@code isolate} (a value of {@link #currentIsolate()}) as an event: how
   * a test thread acts on an isolate that stays alive while the test drives it from outside.
   */
  public static void post(Object isolate, Runnable task) {
    ((EventLoop) isolate).post(task);
  }

  /** A clock for {@link #run(Callable, VirtualTime)}: time moves only when told to. */
  public static final class VirtualTime {
    private final VirtualClock clock = new VirtualClock();

    /** Moves virtual time forward, as if the running code had taken {@code millis}. */
    public void elapse(long millis) {
      clock.elapse(millis);
    }

    /** The current virtual time in milliseconds (starts at 0). */
    public long now() {
      return clock.millis();
    }
  }

  /**
   * Runs {@code main} like {@code Dart.run}, on {@code time}: time stands still while code runs
   * and jumps to the next timer deadline when the loop would wait.
   */
  public static <T> T run(Callable<T> main, VirtualTime time) {
    return IsolateRuntime.run(main, time.clock).value();
  }

  /** Dart's text of a value, as {@code print} writes it. */
  public static String toDartString(Object value) {
    return DartText.toDartString(value);
  }

  /** Dart's {@code Error.safeToString}. */
  public static String safeToString(Object value) {
    return DartText.safeToString(value);
  }

  /** Dart's name of a Java type ({@code int}, {@code String}, {@code List<dynamic>}, ...). */
  public static String dartTypeName(Class<?> type) {
    return DartText.dartTypeName(type);
  }

  /** Whether this JVM records the library's rendered texts ({@code -Ddartasync.textAudit=true}). */
  public static boolean textAuditOn() {
    return TextAudit.ON;
  }

  /** The texts the library rendered since the last {@link #clearRenderedTexts()}, oldest first. */
  public static java.util.List<TextAudit.Rendered> renderedTexts() {
    return TextAudit.recorded();
  }

  /** How many texts were rendered since the last clear, including any beyond the kept ones. */
  public static int renderedTextCount() {
    return TextAudit.count();
  }

  /** Forgets the rendered texts recorded so far. */
  public static void clearRenderedTexts() {
    TextAudit.clear();
  }

  /** Dart's text of a Duration ({@code 0:00:01.500000}). */
  public static String duration(java.time.Duration duration) {
    return DartText.duration(duration);
  }

  /**
   * How many times the calling isolate has mounted an async body so far (each start, each
   * resumption after a park): a test counts parks with it.
   */
  public static long bodyMounts() {
    return EventLoop.require().carrier.mounts;
  }

  /**
   * Whether a body that suspends under the flag-free carrier may run the next microtask, when all
   * it does is resume another body, and pass the baton straight to that body (on by default). Off,
   * the baton goes back to the isolate's thread, which runs the microtask: tests compare both.
   */
  public static void setDirectPass(boolean on) {
    Carrier.directPass = on;
  }

  /**
   * How many times a body of the flag-free carrier looks at the baton, spinning, before it parks
   * (0 by default: it parks at once). A test sets it to make the moments when an unpark comes
   * before the park, where a lost wake-up would hide, far more frequent.
   */
  public static void setBatonSpins(int spins) {
    Body.batonSpins = spins;
  }

  /** How many times the calling isolate's bodies passed the baton that way so far. */
  public static long directPasses() {
    return EventLoop.require().carrier.directPasses;
  }

  /**
   * Whether an await-for body may take a buffered element, and an async* body pass its yield,
   * without parking (on by default). Off, each parks the body: tests run a program both ways and
   * compare what it prints.
   */
  public static void setInlineDelivery(boolean on) {
    InlineDelivery.enabled = on;
  }

  /**
   * Whether an {@code async*} generator consumed by await for may run the loop body inside its
   * yield, on its own stack ({@link LoopDriver}; on by default, and only while inline delivery is
   * on). Off, the consumer is resumed on its own thread for each element.
   */
  public static void setLoopDriving(boolean on) {
    LoopDriver.enabled = on;
  }

  /**
   * {@code await(future)} for a pending future of this isolate, inside an async body, suspending
   * the body the way the carrier falls back to when a yield cannot unmount (a park instead of a
   * yield). A test resumes such a body to check that the fallback is not lost.
   */
  @SuppressWarnings("unchecked")
  public static <T> T awaitByPark(dev.dartasync.DFuture<T> future) {
    Body body = Awaits.awaitableBody();
    if (body == null || !(future instanceof FutureImpl<?> f) || f.isComplete()) {
      throw new IllegalStateException("awaitByPark: call it in an async body, on a pending future");
    }
    if (!(body.carrier instanceof VirtualThreadCarrier)) {
      throw new IllegalStateException("awaitByPark: only the virtual-thread carrier parks so");
    }
    f.thenAwait(body, body.beginAwait());
    body.suspendByPark(Body.State.AWAITING);
    return (T) body.takeOutcome();
  }

  /**
   * Runs {@code hook} on an owned loop's thread each time the loop found nothing to run and is
   * about to park, before it marks itself sleeping (null: none). A test posts from there what the
   * loop's last look before the park must see.
   */
  public static void beforeLoopSleeps(Runnable hook) {
    OwnedThreadDriver.beforeSleeping = hook;
  }

  /** The caller's isolate's own thread (the carrier of its bodies, under the vthread carrier). */
  public static Thread loopThread() {
    return EventLoop.require().thread();
  }

  /** The platform thread the calling thread runs on: itself, or a virtual thread's carrier. */
  public static Thread carrierThread() {
    Thread current = Thread.currentThread();
    if (!current.isVirtual()) {
      return current;
    }
    try {
      java.lang.reflect.Method m = Thread.class.getDeclaredMethod("currentCarrierThread");
      m.setAccessible(true);
      return (Thread) m.invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Replaces the executor that carries spawned isolates' turns (null restores the pool), for tests
   * of a pool that refuses work.
   */
  public static void setIsolatePool(java.util.concurrent.Executor pool) {
    IsolatePool.turns = pool == null ? IsolatePool.TURNS : pool;
  }

  /** Which path the message copier's per-class plans take, for tests that compare them. */
  public enum CopyPath {
    /** Reflection until a class's method handles, built in the background, are ready. */
    DEFAULT,
    /** Reflection only. */
    REFLECTION,
    /** Method handles only, built on the copying thread when missing. */
    HANDLES
  }

  /** Makes the copier's record, lambda and field-by-field plans take {@code path}. */
  public static void setCopyPath(CopyPath path) {
    WarmHandles.mode =
        switch (path) {
          case DEFAULT -> WarmHandles.Mode.BACKGROUND;
          case REFLECTION -> WarmHandles.Mode.REFLECTION;
          case HANDLES -> WarmHandles.Mode.HANDLES;
        };
  }

  /** How many classes' copy handles have been built in this JVM so far. */
  public static long copyHandlesBuilt() {
    return WarmHandles.built.get();
  }

  /** Waits until the copy handles requested so far are built. */
  public static void awaitCopyHandles() throws InterruptedException {
    WarmHandles.awaitBuilt();
  }

  // ---- leak check (the JUnit extension, dart-async-junit) ----------------------------------

  /**
   * From now on, the calling isolate remembers each keep-alive it takes (an open port, a {@code
   * Completer.keepAlive()}, ...) and where each of its timers is made, for {@link #pendingWork()}.
   * Call on the isolate, first thing in main: the JUnit extension does, to name what a test leaked.
   */
  public static void trackPendingWork() {
    EventLoop.require().trackPendingWork();
  }

  /**
   * Runs {@code main} as {@code Dart.run} does, on the calling thread, and returns the ended
   * isolate instead of its value, so that the caller tells its uncaught error ({@link
   * IsolateRuntime#fatalError()}) from main's own outcome ({@link IsolateRuntime#value()}).
   */
  public static IsolateRuntime runIsolate(Callable<?> main) {
    return IsolateRuntime.run(main, LoopClock.system());
  }

  /**
   * What would keep the calling isolate alive although main has finished, one text each: {@code a
   * Timer of 100 ms created at Foo.bar(Foo.java:12)}, {@code a periodic Timer of 10 ms ...}, {@code
   * an open RawReceivePort}, ... (keep-alives taken before {@link #trackPendingWork()} are counted
   * in one line). Empty if nothing would; the queued microtasks and events are not counted. Call on
   * the isolate.
   */
  public static java.util.List<String> pendingWork() {
    EventLoop.PendingWork work = EventLoop.require().pendingWork();
    java.util.List<String> texts = new java.util.ArrayList<>();
    for (TimerEntry t : work.timers()) {
      StringBuilder text = new StringBuilder(t.isPeriodic() ? "a periodic Timer of " : "a Timer of ");
      text.append(t.milliseconds()).append(" ms");
      StackTraceElement frame = callerFrame(t.created());
      if (frame != null) {
        text.append(" created at ").append(frame);
      }
      texts.add(text.toString());
    }
    texts.addAll(work.keepAlives());
    if (work.otherHolds() > 0) {
      texts.add(
          work.otherHolds()
              + " other hold(s) on the isolate (an async body blocked in a JDK call, or a port"
              + " or completer made before the check began)");
    }
    return texts;
  }

  /** The first frame of {@code trace} outside the library and the JDK, or null. */
  private static StackTraceElement callerFrame(dev.dartasync.StackTrace trace) {
    if (trace == null) {
      return null;
    }
    for (StackTraceElement frame : trace.frames()) {
      String c = frame.getClassName();
      int dot = c.lastIndexOf('.');
      String pkg = dot < 0 ? "" : c.substring(0, dot);
      boolean library =
          pkg.equals("dev.dartasync")
              || pkg.equals("dev.dartasync.internal")
              || pkg.equals("dev.dartasync.isolate")
              || pkg.equals("dev.dartasync.fakeasync");
      if (!library && !c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
        return frame;
      }
    }
    return null;
  }
}
