package dev.dartasync.internal;

import java.util.ArrayList;

/**
 * The microtask queue of one isolate: a FIFO of (zone, task) pairs, single producer and single
 * consumer (the isolate's own thread; foreign threads post events instead).
 *
 * <p>Ported from Dart's {@code schedule_microtask.dart}: ordinary entries are appended at the tail;
 * priority entries ({@code _schedulePriorityAsyncCallback}, used only by the root zone's uncaught
 * error handler) go to the front, after the priority entries that the currently running microtask
 * already added. {@link #poll()} forgets that "last priority" position, as {@code _microtaskLoop}
 * does before each entry runs.
 *
 * <p>Dart keeps one linked list. Here the priority entries, which by those two rules always form a
 * prefix of that list, are kept apart in {@link #priority} (rare: one per uncaught error), and the
 * ordinary entries in a {@link ChunkedFifo}, zone then task, so that queueing a microtask
 * allocates no entry object.
 */
final class MicrotaskQueue {

  /** One priority entry. */
  private record Pair(ZoneImpl zone, Runnable task) {}

  /** The ordinary entries: each a zone followed by its task. */
  private final ChunkedFifo entries = new ChunkedFifo(ChunkedFifo.MAX_CHUNK);

  /** The priority entries, ahead of all ordinary ones; null when there are none. */
  private ArrayList<Pair> priority;

  /** How many priority entries the current microtask has added (the first this many). */
  private int priorityCount;

  /** The zone of the task {@link #poll()} returned last. */
  private ZoneImpl polledZone;

  boolean isEmpty() {
    return priority == null && entries.isEmpty();
  }

  void add(ZoneImpl zone, Runnable task) {
    entries.add(zone);
    entries.add(task);
  }

  void addPriority(ZoneImpl zone, Runnable task) {
    if (priority == null) {
      priority = new ArrayList<>();
    }
    // After the priority entries this microtask already added; first of all if it added none.
    priority.add(priorityCount, new Pair(zone, task));
    priorityCount++;
  }

  /**
   * Removes the first entry and returns its task ({@link #polledZone()} is its zone), or returns
   * null if the queue is empty; resets the priority position.
   */
  Runnable poll() {
    priorityCount = 0;
    if (priority != null) {
      return pollPriority();
    }
    if (entries.isEmpty()) {
      return null;
    }
    polledZone = (ZoneImpl) entries.poll();
    return (Runnable) entries.poll();
  }

  private Runnable pollPriority() {
    Pair first = priority.remove(0);
    if (priority.isEmpty()) {
      priority = null;
    }
    polledZone = first.zone();
    return first.task();
  }

  /** The zone of the task {@link #poll()} returned last. */
  ZoneImpl polledZone() {
    return polledZone;
  }
}
