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
 * ordinary entries in a chain of fixed-size {@link Chunk}s, so that queueing a microtask allocates
 * nothing but a new chunk now and then: a queue that empties starts its chunk over, and one
 * drained chunk is kept for reuse. Chunks stay small so that even a burst of a million microtasks
 * is a chain of ordinary young objects, not one huge array.
 */
final class MicrotaskQueue {

  /** Pairs per chunk. */
  private static final int CHUNK_PAIRS = 128;

  /** A piece of the ordinary entries: zone at an even index, its task after it. */
  private static final class Chunk {
    final Object[] slots = new Object[2 * CHUNK_PAIRS];
    Chunk next;
  }

  /** One priority entry. */
  private record Pair(ZoneImpl zone, Runnable task) {}

  /** The chunk holding the first ordinary entry; {@link #headIndex} is that entry's slot. */
  private Chunk head = new Chunk();

  private int headIndex;
  /** The chunk the next ordinary entry goes in; {@link #tailIndex} is its slot. */
  private Chunk tail = head;

  private int tailIndex;
  /** A drained chunk kept for the next time the tail needs one; or null. */
  private Chunk spare;

  /** The priority entries, ahead of all ordinary ones; null when there are none. */
  private ArrayList<Pair> priority;

  /** How many priority entries the current microtask has added (the first this many). */
  private int priorityCount;

  /** The zone of the task {@link #poll()} returned last. */
  private ZoneImpl polledZone;

  boolean isEmpty() {
    return priority == null && head == tail && headIndex == tailIndex;
  }

  void add(ZoneImpl zone, Runnable task) {
    Chunk t = tail;
    int i = tailIndex;
    if (i == t.slots.length) {
      Chunk fresh = spare;
      if (fresh != null) {
        spare = null;
      } else {
        fresh = new Chunk();
      }
      t.next = fresh;
      tail = t = fresh;
      i = 0;
    }
    t.slots[i] = zone;
    t.slots[i + 1] = task;
    tailIndex = i + 2;
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
    Chunk h = head;
    int i = headIndex;
    if (h == tail && i == tailIndex) {
      return null;
    }
    if (i == h.slots.length) {
      // This chunk is drained: go on to the next, keeping this one for reuse.
      Chunk next = h.next;
      h.next = null;
      spare = h;
      head = h = next;
      i = 0;
    }
    Object[] s = h.slots;
    polledZone = (ZoneImpl) s[i];
    Runnable task = (Runnable) s[i + 1];
    s[i] = null;
    s[i + 1] = null;
    i += 2;
    if (h == tail && i == tailIndex) {
      // Empty now: the next entry starts the chunk over.
      tailIndex = 0;
      i = 0;
    }
    headIndex = i;
    return task;
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
