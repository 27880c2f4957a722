package dev.dartasync.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The flag-free carrier's hang that nothing inside an isolate can break, noticed from outside and
 * turned into an error: every thread of the JDK's virtual-thread scheduler parked under a pinned
 * virtual thread.
 *
 * <p>Under the {@link BatonCarrier} every body, and the isolate's own thread, is a virtual thread
 * of the JDK's one scheduler. A body that awaits while pinned (inside a class initializer, under a
 * native frame) cannot unmount: its park holds the scheduler thread under it until it resumes, and
 * its resumption needs the isolate's thread to run, on a scheduler thread. With as many such
 * awaits as the scheduler has threads (one is enough with {@code
 * -Djdk.virtualThreadScheduler.parallelism=1}, or on a one-core machine), no virtual thread of the
 * JVM runs again. The JDK adds no thread for a pinned park (measured on 25: neither {@code
 * LockSupport.park} nor {@code Object.wait} is compensated), and no public API finds pinning
 * before the park (a stack walk for a {@code <clinit>} frame costs 3 to 9 us, more than the
 * hand-off it would guard).
 *
 * <p>So this watch looks from a platform thread of its own, every {@value #SCAN_MILLIS} ms, while
 * a flag-free isolate runs. It unparks a probe virtual thread and sees whether the scheduler ran
 * it. Starved for {@value #STARVED_MILLIS} ms, it looks at the scheduler's threads (the JDK's
 * carrier threads, listed by {@link Thread#getAllStackTraces}, which is costly but runs only
 * then). If every one of them is WAITING (each parked under a pinned virtual thread: a thread
 * that runs CPU work is RUNNABLE, one in a timed park will wake by itself), and an isolate's thread
 * wants to run, for {@value #STARVED_MILLIS} ms more, the scheduler is hung: it logs one ERROR and
 * {@link #hung()} returns the error, which {@code Dart.run} on a platform thread throws. Should
 * the scheduler run again, the error is withdrawn.
 *
 * <p>What it costs a running program: nothing on any isolate's path; one unpark and one run of
 * the probe per {@value #SCAN_MILLIS} ms.
 */
final class StarvedSchedulerWatch {

  static final long SCAN_MILLIS = 100;
  static final long STARVED_MILLIS = 1_000;

  private static final Log LOG = Log.named("dev.dartasync.Dart");

  /** The carriers of the running flag-free isolates. */
  private static final Set<Carrier> WATCHED = ConcurrentHashMap.newKeySet();

  private static Thread scanner;
  private static Thread probe;

  /** When the probe last ran (System.nanoTime), written by the probe, read by the scanner. */
  private static volatile long probeRan;

  /** The error once the scheduler is hung; null while it runs. Written by the scanner only. */
  private static volatile IllegalStateException hung;

  private StarvedSchedulerWatch() {}

  /** The error to throw when the scheduler is hung for good, or null while it runs. */
  static IllegalStateException hung() {
    return hung;
  }

  /** Watches the scheduler while {@code carrier}'s isolate runs (started with the first one). */
  static void watch(Carrier carrier) {
    WATCHED.add(carrier);
    if (scanner == null) {
      start();
    }
  }

  static void unwatch(Carrier carrier) {
    WATCHED.remove(carrier);
  }

  private static synchronized void start() {
    if (scanner != null) {
      return;
    }
    probeRan = System.nanoTime();
    probe =
        Thread.ofVirtual()
            .name("dart-async scheduler probe")
            .start(
                () -> {
                  while (true) {
                    probeRan = System.nanoTime();
                    LockSupport.park();
                  }
                });
    scanner =
        Thread.ofPlatform()
            .daemon()
            .name("dart-async scheduler watch")
            .start(StarvedSchedulerWatch::scanForever);
  }

  private static void scanForever() {
    long asked = System.nanoTime(); // When the probe was unparked last and has not run since.
    LockSupport.unpark(probe);
    long allPinnedSince = 0; // When every scheduler thread was first seen pinned in this stall.
    while (true) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(SCAN_MILLIS));
      long now = System.nanoTime();
      if (probeRan - asked >= 0 || WATCHED.isEmpty()) {
        // The scheduler ran the probe since it was asked (or nothing of ours runs): not starved.
        if (hung != null) {
          hung = null; // It ran again after all: nobody is failed from now on.
        }
        allPinnedSince = 0;
        asked = now;
        LockSupport.unpark(probe);
        continue;
      }
      if (now - asked < TimeUnit.MILLISECONDS.toNanos(STARVED_MILLIS) || hung != null) {
        continue;
      }
      int pinned = allCarriersPinned();
      if (pinned == 0 || !anIsolateWantsToRun()) {
        allPinnedSince = 0; // Busy with CPU work, or a timed park: slow, not hung.
        continue;
      }
      if (allPinnedSince == 0) {
        allPinnedSince = now;
      } else if (now - allPinnedSince >= TimeUnit.MILLISECONDS.toNanos(STARVED_MILLIS)) {
        IllegalStateException error = new IllegalStateException(text(pinned));
        LOG.error(error.getMessage()); // First: the caller may end the JVM once it throws.
        hung = error;
      }
    }
  }

  /**
   * The number of the JDK's carrier threads if every one of them is WAITING (parked under a
   * pinned virtual thread, or idle: but an idle one would have run the probe), else 0.
   */
  private static int allCarriersPinned() {
    int carriers = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getClass().getName().equals("jdk.internal.misc.CarrierThread")) {
        if (t.getState() != Thread.State.WAITING) {
          return 0;
        }
        carriers++;
      }
    }
    return carriers;
  }

  /** Whether the thread of a running flag-free isolate is RUNNABLE: it waits for a scheduler thread. */
  private static boolean anIsolateWantsToRun() {
    for (Carrier c : WATCHED) {
      Thread t = c.thread;
      if (t != null && t.getState() == Thread.State.RUNNABLE) {
        return true;
      }
    }
    return false;
  }

  static String text(int threads) {
    return "Every thread of the JDK's virtual-thread scheduler ("
        + threads
        + ") is held by a virtual thread that parked while pinned, so no isolate of the flag-free "
        + "carrier can run again. An async body that awaits inside a class initializer (a static "
        + "field or static block) or under a native frame does this on the flag-free carrier: the "
        + "await holds a scheduler thread until it resumes, and only a scheduler thread can resume "
        + "it. Await outside class initializers (compute the value before the class is first "
        + "used), or run with --add-opens java.base/java.lang=ALL-UNNAMED: the virtual-thread "
        + "carrier fails such an await within 200 ms instead.";
  }
}
