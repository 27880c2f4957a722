package dev.dartasync.internal;

/**
 * Runs the loop's turns under a {@link LoopTurnEvent} when a Flight Recorder recording asks for
 * it. Until Flight Recorder has been set up in the JVM (by a recording started with
 * {@code -XX:StartFlightRecording}, {@code jcmd JFR.start} or the API; it stays set up after the
 * recording stops, and then each turn makes an event object the recorder may not want), the cost
 * per turn is one volatile read ({@link #recorderRunning}), and no event class is loaded: the first event object of a JVM
 * costs 260 to 300 ms of Flight Recorder's set-up (measured on 25), which no program that does not
 * record should pay. On a JDK image without {@code jdk.jfr} nothing of it is ever linked.
 */
final class LoopEvents {

  /** Whether the JDK has Flight Recorder's API; a constant the JIT folds. */
  static final boolean AVAILABLE = available();

  private LoopEvents() {}

  /** Whether Flight Recorder runs in this JVM (then events may be recorded). */
  static boolean recorderRunning() {
    return jdk.jfr.FlightRecorder.isInitialized();
  }

  private static boolean available() {
    try {
      Class.forName("jdk.jfr.FlightRecorder", false, LoopEvents.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Drains {@code loop}'s microtasks, recorded as one "microtasks" turn if it took long. */
  static void drainMicrotasks(EventLoop loop) {
    LoopTurnEvent event = new LoopTurnEvent();
    if (!event.isEnabled()) {
      loop.drainMicrotasks();
      return;
    }
    event.begin();
    try {
      loop.drainMicrotasks();
    } finally {
      commit(event, loop, "microtasks");
    }
  }

  /** Runs one event, recorded as an "event" (or "timer") turn if it took long. */
  static void run(EventLoop loop, Runnable task, boolean timer) {
    LoopTurnEvent event = new LoopTurnEvent();
    if (!event.isEnabled()) {
      task.run();
      return;
    }
    event.begin();
    try {
      task.run();
    } finally {
      commit(event, loop, timer ? "timer" : "event");
    }
  }

  private static void commit(LoopTurnEvent event, EventLoop loop, String kind) {
    event.end();
    if (event.shouldCommit()) {
      IsolateImpl isolate = loop.isolate;
      event.isolate = isolate == null ? "main" : isolate.debugName;
      event.kind = kind;
      event.commit();
    }
  }
}
