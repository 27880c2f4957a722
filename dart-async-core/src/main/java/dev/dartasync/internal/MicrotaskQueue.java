package dev.dartasync.internal;

import dev.dartasync.Zone;

/**
 * The microtask queue of one isolate: a singly linked FIFO of (zone, task) entries, single
 * producer and single consumer (the isolate's own thread; foreign threads post events instead).
 *
 * <p>Ported from Dart's {@code schedule_microtask.dart}: ordinary entries are appended at the tail;
 * priority entries ({@code _schedulePriorityAsyncCallback}, used only by the root zone's uncaught
 * error handler) go to the front, after the priority entries that the currently running microtask
 * already added. {@link #poll()} forgets that "last priority" position, as {@code _microtaskLoop}
 * does before each entry runs.
 */
final class MicrotaskQueue {

  /**
   * One scheduled microtask: the zone it was scheduled in and what to run. An owner that never has
   * more than one microtask queued may keep its entry and queue it again with {@link #add(Entry)}
   * once it has been polled.
   */
  static class Entry {
    Zone zone;
    final Runnable task;
    Entry next;

    Entry(Zone zone, Runnable task) {
      this.zone = zone;
      this.task = task;
    }

    /** An entry that is its own task: one allocation per microtask instead of two. */
    Entry(Zone zone) {
      this.zone = zone;
      this.task = (Runnable) this;
    }
  }

  private Entry head;
  private Entry tail;
  /** The last priority entry added since the current microtask started; null between tasks. */
  private Entry lastPriority;

  boolean isEmpty() {
    return head == null;
  }

  /** How many entries are queued (walks the list: for tests' counts, not for the loop). */
  int count() {
    int n = 0;
    for (Entry e = head; e != null; e = e.next) {
      n++;
    }
    return n;
  }

  void add(Zone zone, Runnable task) {
    add(new Entry(zone, task));
  }

  /** Queues {@code entry}, which must not be queued now (new, or polled since it was). */
  void add(Entry entry) {
    if (head == null) {
      head = tail = entry;
    } else {
      tail.next = entry;
      tail = entry;
    }
  }

  void addPriority(Zone zone, Runnable task) {
    if (head == null) {
      add(zone, task);
      lastPriority = tail;
      return;
    }
    Entry entry = new Entry(zone, task);
    if (lastPriority == null) {
      // First priority entry of this microtask: goes to the very front.
      entry.next = head;
      head = lastPriority = entry;
    } else {
      // After the priority entries this microtask already added.
      entry.next = lastPriority.next;
      lastPriority.next = entry;
      lastPriority = entry;
      if (entry.next == null) {
        tail = entry;
      }
    }
  }

  /** The first entry, left in place, or null. */
  Entry peek() {
    return head;
  }

  /** Removes and returns the first entry, or null; resets the priority position. */
  Entry poll() {
    lastPriority = null;
    Entry entry = head;
    if (entry != null) {
      head = entry.next;
      if (head == null) {
        tail = null;
      }
      entry.next = null;
    }
    return entry;
  }
}
