package dev.dartasync.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The blocked-loop detector: notices an isolate whose code has not returned to its event loop
 * within a threshold, and logs it, once per stall, with the stack of the code that blocks it; and
 * again when the isolate returns, with the stall's whole length. Vert.x's {@code
 * BlockedThreadChecker} is the model.
 *
 * <p><b>What "returned to its event loop" means.</b> The loop's driver counts its turns in {@link
 * Turns#count}: one step when it goes to look for the next event (every microtask drained), one
 * when it takes it. An odd count is a loop looking or waiting, an even one a loop running an
 * event and the microtasks after it. A count that stays even for longer than the threshold is a
 * stall: an event callback, a body or a chain of microtasks that keeps the isolate from its
 * timers and messages, the UI freeze the lecture is about. While a threshold is set the loop's
 * thread pays two plain stores and a volatile read per event; an isolate without one has no
 * {@link Turns} and pays a null check.
 *
 * <p><b>Which isolates.</b> The main isolate ({@code Dart.run}, {@code Dart.runMain}) starts with
 * the threshold of the system property {@value #PROPERTY} (milliseconds, or {@code off}; default
 * {@value #DEFAULT_MILLIS} ms); spawned isolates and {@code Isolate.run}'s start with none, since
 * blocking a worker isolate is what it is for. {@code Isolate.setBlockedLoopThreshold} sets
 * any isolate's own.
 *
 * <p>One daemon platform thread scans every watched isolate every quarter threshold (10 ms to
 * 1 s); a stall is reported between one and one and a quarter thresholds after it began.
 */
public final class BlockedLoopWatch {

  /** The system property with the main isolate's threshold, in milliseconds, or {@code off}. */
  public static final String PROPERTY = "dartasync.blockedLoopThreshold";

  static final long DEFAULT_MILLIS = 1_000;

  private static final Log LOG = Log.named("dev.dartasync.isolate.Isolate");

  /** What one isolate's loop counts, and what the scanner saw of it. */
  static final class Turns {
    final EventLoop loop;
    /**
     * The loop's steps: odd while it looks for (or waits for) an event, even while it runs one
     * and the microtasks after it. Written by the loop's thread with plain stores, read racily by
     * the scanner: a stale value only delays a report by a scan.
     */
    int count;
    /** The threshold in nanoseconds; set by {@link #setThreshold} from any thread. */
    volatile long thresholdNanos;
    /** Set by the loop's thread when the isolate ends or stops being watched. */
    volatile boolean ended;
    /**
     * A stall was reported and its end not yet: set (after its line) by the scanner; taken back by
     * whichever sees the end first, the loop's thread at its next step ({@link #stepBack}) or the
     * scanner, so the end's line is written once, after the stall's. Through {@link #REPORTED}.
     */
    @SuppressWarnings("unused")
    private volatile boolean reported;
    /** When the reported stall began (the scanner's first sight of its count). */
    private volatile long stalledSince;
    // ---- the scanner's own ----
    private int seenCount = -1;
    private long seenSince;

    /**
     * On the loop's thread, each time it steps back into the loop (the count turns odd): ends a
     * reported stall with its line, here, so that it comes before anything the isolate does next.
     */
    void stepBack() {
      count |= 1; // Odd, once: a pooled isolate's next turn starts from an odd count already,
      //             and a non-fatal error thrown while looking steps back a second time.
      if (reported && REPORTED.compareAndSet(this, true, false)) {
        logReturned(this, System.nanoTime());
      }
    }

    Turns(EventLoop loop, long thresholdNanos) {
      this.loop = loop;
      this.thresholdNanos = thresholdNanos;
    }
  }

  private static final java.lang.invoke.VarHandle REPORTED;

  static {
    try {
      REPORTED =
          java.lang.invoke.MethodHandles.lookup()
              .findVarHandle(Turns.class, "reported", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static final Map<Turns, Boolean> WATCHED = new ConcurrentHashMap<>();
  private static volatile Thread scanner;

  private BlockedLoopWatch() {}

  /** The main isolate's threshold from {@value #PROPERTY}, in nanoseconds; 0 if off. */
  static long mainThresholdNanos() {
    String value = System.getProperty(PROPERTY);
    if (value == null) {
      return TimeUnit.MILLISECONDS.toNanos(DEFAULT_MILLIS);
    }
    String v = value.trim();
    if (v.equalsIgnoreCase("off")) {
      return 0;
    }
    if (v.endsWith("ms")) {
      v = v.substring(0, v.length() - 2).trim();
    }
    try {
      long millis = Long.parseLong(v);
      if (millis >= 0) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
      }
    } catch (NumberFormatException ignored) {
      // Falls through to the error below.
    }
    throw new IllegalArgumentException(
        "-D" + PROPERTY + "=" + value + ": expected a number of milliseconds, or off");
  }

  /**
   * Sets the threshold of {@code loop}'s isolate; {@link Duration#ZERO} turns the detector off for
   * it. From the isolate's own thread it takes effect at once; from another thread at the isolate's
   * next event.
   */
  public static void setThreshold(EventLoop loop, Duration threshold) {
    long nanos = saturatedNanos(threshold);
    if (loop.isOwnerThread()) {
      install(loop, nanos);
    } else {
      loop.post(() -> install(loop, nanos));
    }
  }

  private static long saturatedNanos(Duration threshold) {
    try {
      return threshold.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE; // Over 292 years: never.
    }
  }

  /** On the loop's thread: watches the loop with {@code nanos}, or stops watching it (0). */
  static void install(EventLoop loop, long nanos) {
    EventLoopDriver driver = loop.driver();
    Turns turns = driver.turns;
    if (turns != null) {
      turns.thresholdNanos = nanos;
      if (nanos == 0) {
        driver.turns = null;
        turns.ended = true; // The scanner forgets it (after its last line, if it was stalled).
      }
      return;
    }
    if (nanos == 0) {
      return;
    }
    turns = new Turns(loop, nanos); // Count 0, even: called from a running event or before the
    // loop's first look, whose step makes it odd.
    driver.turns = turns;
    WATCHED.put(turns, Boolean.TRUE);
    Thread running = scanner;
    if (running == null) {
      startScanner();
    } else {
      LockSupport.unpark(running); // It may be parked for a second with nothing to watch.
    }
  }

  /** On the loop's thread, as the isolate ends. */
  static void unwatch(EventLoopDriver driver) {
    Turns turns = driver.turns;
    if (turns != null) {
      driver.turns = null;
      turns.ended = true;
      WATCHED.remove(turns); // Now: nothing of the ended isolate stays reachable from here.
      if (turns.reported && REPORTED.compareAndSet(turns, true, false)) {
        logReturned(turns, System.nanoTime()); // It ended in a stall: the stall's end.
      }
    }
  }

  private static void startScanner() {
    if (scanner != null) {
      return;
    }
    synchronized (BlockedLoopWatch.class) {
      if (scanner == null) {
        scanner =
            Thread.ofPlatform()
                .daemon()
                .name("dart-async blocked-loop watch")
                .start(BlockedLoopWatch::scanForever);
      }
    }
  }

  private static void scanForever() {
    while (true) {
      long step = Long.MAX_VALUE;
      long now = System.nanoTime();
      for (Turns t : WATCHED.keySet()) {
        long threshold = t.thresholdNanos;
        if (threshold > 0 || t.ended) {
          step = Math.min(step, threshold / 4);
          try {
            scan(t, now, threshold);
          } catch (Throwable ignored) {
            // A racy look at an isolate that just ended, or a logging failure: the next scan
            // looks again (a scanner that died would watch nothing, ever again).
          }
        }
      }
      long min = TimeUnit.MILLISECONDS.toNanos(10);
      long max = TimeUnit.SECONDS.toNanos(1);
      LockSupport.parkNanos(Math.max(min, Math.min(max, step)));
    }
  }

  private static void scan(Turns t, long now, long threshold) {
    int count = t.count;
    boolean ended = t.ended;
    if (ended) {
      WATCHED.remove(t);
    }
    if (count != t.seenCount || ended) {
      if (t.reported && REPORTED.compareAndSet(t, true, false)) {
        logReturned(t, now); // The loop's thread did not see it (it ended, or raced the report).
      }
      t.seenCount = count;
      t.seenSince = now;
      return;
    }
    if ((count & 1) != 0 || t.reported || t.seenSince == t.stalledSince
        || now - t.seenSince < threshold) {
      return; // Looking for an event, or waiting: not blocked; or said already; or not yet.
    }
    LOG.warn(
        "The isolate {} has not returned to its event loop for {} ms (threshold {} ms): its "
            + "timers, messages and microtasks wait. It is running:{}",
        name(t.loop),
        TimeUnit.NANOSECONDS.toMillis(now - t.seenSince),
        TimeUnit.NANOSECONDS.toMillis(threshold),
        stackOf(t.loop));
    t.stalledSince = t.seenSince;
    t.reported = true; // After the line: the end's line can only follow it.
    if (t.ended && REPORTED.compareAndSet(t, true, false)) {
      logReturned(t, System.nanoTime()); // It ended while the line was written.
    }
  }

  private static void logReturned(Turns t, long now) {
    LOG.warn(
        "The isolate {} returned to its event loop after {} ms.",
        name(t.loop),
        TimeUnit.NANOSECONDS.toMillis(now - t.stalledSince));
  }

  /** Whether {@code className} is the library's own (its API packages or an internal one). */
  private static boolean isLibrary(String className) {
    int dot = className.lastIndexOf('.');
    String pkg = dot < 0 ? "" : className.substring(0, dot);
    return pkg.equals("dev.dartasync")
        || pkg.equals("dev.dartasync.isolate")
        || pkg.equals("dev.dartasync.fakeasync")
        || pkg.startsWith("dev.dartasync.internal");
  }

  private static String name(EventLoop loop) {
    IsolateImpl isolate = loop.isolate;
    return isolate == null ? "main" : isolate.debugName;
  }

  /**
   * The stack of the code running the isolate (the mounted body's thread, else the loop's), from
   * its top down to the user's outermost frame: the library's loop below it is one line.
   */
  private static String stackOf(EventLoop loop) {
    Carrier carrier = loop.carrier;
    Body body = carrier.mounted;
    Thread thread = body != null ? body.thread : carrier.thread;
    if (thread == null) {
      return " (no thread)";
    }
    StringBuilder text = new StringBuilder();
    boolean userSeen = false;
    for (StackTraceElement frame : thread.getStackTrace()) {
      boolean library = isLibrary(frame.getClassName());
      if (library && userSeen) {
        text.append("\n\t... (the isolate's event loop)");
        break;
      }
      userSeen |= !library && !frame.getClassName().startsWith("java.");
      text.append("\n\tat ").append(frame);
    }
    return text.toString();
  }
}
