package dev.dartasync.internal;

import java.util.Arrays;

/**
 * A binary min-heap of non-zero timers ordered by (wakeup time, id), with each timer's index kept
 * in the timer so that {@link #remove} is O(log n): {@code Timer.cancel()} and every completed
 * {@code timeout()} remove a timer, and a linear removal made 100 k cancellations quadratic.
 * Confined to the isolate's thread. Mirrors the VM's {@code _TimerHeap}.
 */
final class TimerHeap {

  private TimerEntry[] items = new TimerEntry[16];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  /** The timer at heap position {@code index} (any order; for listing, not for firing). */
  TimerEntry at(int index) {
    return items[index];
  }

  TimerEntry first() {
    return size == 0 ? null : items[0];
  }

  boolean isFirst(TimerEntry timer) {
    return size > 0 && items[0] == timer;
  }

  void add(TimerEntry timer) {
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    items[size] = timer;
    timer.heapIndex = size;
    size++;
    bubbleUp(size - 1);
  }

  TimerEntry removeFirst() {
    TimerEntry first = items[0];
    removeAt(0);
    return first;
  }

  void remove(TimerEntry timer) {
    int index = timer.heapIndex;
    if (index >= 0 && index < size && items[index] == timer) {
      removeAt(index);
    }
  }

  private void removeAt(int index) {
    TimerEntry removed = items[index];
    size--;
    TimerEntry last = items[size];
    items[size] = null;
    removed.heapIndex = -1;
    if (index == size) {
      return;
    }
    items[index] = last;
    last.heapIndex = index;
    bubbleDown(index);
    bubbleUp(last.heapIndex);
  }

  private void bubbleUp(int index) {
    TimerEntry timer = items[index];
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      TimerEntry p = items[parent];
      if (p.compareTo(timer) <= 0) {
        break;
      }
      items[index] = p;
      p.heapIndex = index;
      index = parent;
    }
    items[index] = timer;
    timer.heapIndex = index;
  }

  private void bubbleDown(int index) {
    TimerEntry timer = items[index];
    while (true) {
      int left = 2 * index + 1;
      if (left >= size) {
        break;
      }
      int right = left + 1;
      int child = right < size && items[right].compareTo(items[left]) < 0 ? right : left;
      if (items[child].compareTo(timer) >= 0) {
        break;
      }
      items[index] = items[child];
      items[index].heapIndex = index;
      index = child;
    }
    items[index] = timer;
    timer.heapIndex = index;
  }
}
