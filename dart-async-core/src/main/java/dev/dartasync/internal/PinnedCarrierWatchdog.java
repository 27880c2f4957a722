package dev.dartasync.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Finds isolates whose carrier is parked inside a body that could not unmount, and fails that
 * body's await so that the isolate goes on.
 *
 * <p>A body that awaits yields its virtual thread. If the thread cannot unmount (it is pinned: the
 * await runs inside a class initializer, inside {@code synchronized} on JDK 21 to 23, under a
 * native frame, or the JDK failed to yield for lack of memory), the body parks instead
 * ({@code Body.parkOnCarrier}), and that park, unable to unmount either, parks the carrier:
 * that is the isolate's only thread, so nothing can ever resume the body, and the isolate hangs at
 * 0% CPU. It is visible from outside: a body is mounted, it is parked in an await or a hand-over,
 * and the carrier thread is WAITING, the same await on two scans in a row (a body that unmounts
 * leaves the carrier within microseconds). Then the await fails with an error that names the
 * causes; the body, still mounted, runs on and throws it.
 *
 * <p>One daemon thread for all isolates, started with the first one; it scans every
 * {@value #SCAN_MILLIS} ms, so a pinned await fails after 100 to 200 ms.
 */
final class PinnedCarrierWatchdog {

  static final long SCAN_MILLIS = 100;

  static final String PINNED =
      "An async body could not unmount from its carrier, the isolate's only thread (in an await, "
          + "or handing the carrier to a body it started or resumed), so the whole isolate would "
          + "hang. The body is pinned: it runs inside a class "
          + "initializer (a static field or static block), inside a synchronized block or method "
          + "(JDK 21 to 23), under a native frame, or the JDK could not yield for lack of memory "
          + "(run with -XX:+ExitOnOutOfMemoryError). Await outside these, e.g. compute the value "
          + "before the class is first used.";

  /** The carriers of running isolates, each with what the last scan saw. */
  private static final Map<Carrier, Seen> WATCHED = new ConcurrentHashMap<>();

  private static volatile Thread scanner;

  private record Seen(Body body, int await) {}

  private static final Seen NOTHING = new Seen(null, -1);

  private PinnedCarrierWatchdog() {}

  static void watch(Carrier carrier) {
    WATCHED.put(carrier, NOTHING);
    if (scanner == null) {
      startScanner();
    }
  }

  static void unwatch(Carrier carrier) {
    WATCHED.remove(carrier);
  }

  private static synchronized void startScanner() {
    if (scanner != null) {
      return;
    }
    scanner =
        Thread.ofPlatform()
            .daemon()
            .name("dart-async pinned-carrier watchdog")
            .start(PinnedCarrierWatchdog::scanForever);
  }

  private static void scanForever() {
    while (true) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(SCAN_MILLIS));
      for (Map.Entry<Carrier, Seen> e : WATCHED.entrySet()) {
        try {
          e.setValue(scan(e.getKey(), e.getValue()));
        } catch (RuntimeException ignored) {
          // A racy read of a loop that just ended; the next scan looks again.
        }
      }
    }
  }

  private static Seen scan(Carrier carrier, Seen last) {
    Body body = carrier.mounted;
    if (body == null) {
      return NOTHING;
    }
    if (!body.isSuspended()) {
      return NOTHING;
    }
    Thread carrierThread = carrier.thread;
    if (carrierThread == null) {
      return NOTHING; // A pooled isolate between turns.
    }
    Thread.State carrierState = carrierThread.getState();
    if (carrierState != Thread.State.WAITING && carrierState != Thread.State.TIMED_WAITING) {
      return NOTHING;
    }
    Seen now = new Seen(body, body.awaitCount);
    if (!now.equals(last)) {
      return now; // Seen once; a second scan decides.
    }
    body.abandon(now.await(), new IllegalStateException(PINNED));
    return NOTHING;
  }
}
