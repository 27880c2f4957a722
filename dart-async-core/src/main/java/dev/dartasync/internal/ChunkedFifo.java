package dev.dartasync.internal;

import java.util.Arrays;

/**
 * A FIFO of references kept in a chain of small arrays, for a subscription's buffered events
 * ({@link PendingEvents}), which a producer can fill by the million before the listener runs.
 * Unlike a linked list of nodes it allocates nothing per element: a new chunk now and then, none
 * while the queue keeps emptying (an empty queue restarts its chunk, and one drained chunk is kept
 * for reuse). A burst of a million elements is a chain of small young arrays, never one huge one,
 * so garbage collection treats it like ordinary objects, and copies one reference per element
 * where a list copies a node.
 *
 * <p>Chunks double from the first size up to {@link #MAX_CHUNK} slots. Not thread-safe: one
 * isolate's thread uses it.
 */
final class ChunkedFifo {

  /** The largest chunk, in slots. */
  private static final int MAX_CHUNK = 256;

  private static final class Chunk {
    final Object[] slots;
    Chunk next;

    Chunk(int size) {
      slots = new Object[size];
    }
  }

  /** The chunk holding the first element; {@link #headIndex} is its slot. */
  private Chunk head;

  private int headIndex;
  /** The chunk the next element goes in; {@link #tailIndex} is its slot. */
  private Chunk tail;

  private int tailIndex;
  /** A drained chunk kept for the next time the tail needs one; or null. */
  private Chunk spare;

  /** An empty queue whose first chunk has {@code firstChunk} slots (a power of two). */
  ChunkedFifo(int firstChunk) {
    head = tail = new Chunk(firstChunk);
  }

  boolean isEmpty() {
    return head == tail && headIndex == tailIndex;
  }

  void add(Object element) {
    Chunk t = tail;
    int i = tailIndex;
    if (i == t.slots.length) {
      tail = t = nextChunk(t);
      i = 0;
    }
    t.slots[i] = element;
    tailIndex = i + 1;
  }

  /** A chunk linked after the full tail {@code t}: the spare if it is big enough, else a new one. */
  private Chunk nextChunk(Chunk t) {
    int size = Math.min(t.slots.length << 1, MAX_CHUNK);
    Chunk fresh = spare;
    if (fresh != null && fresh.slots.length == size) {
      spare = null;
    } else {
      fresh = new Chunk(size);
    }
    t.next = fresh;
    return fresh;
  }

  /** Removes and returns the first element; the queue must not be empty. */
  Object poll() {
    Chunk h = head;
    int i = headIndex;
    if (i == h.slots.length) {
      // This chunk is drained: go on to the next, keeping this one for reuse.
      Chunk next = h.next;
      h.next = null;
      spare = h;
      head = h = next;
      i = 0;
    }
    Object[] s = h.slots;
    Object element = s[i];
    s[i] = null;
    i++;
    if (h == tail && i == tailIndex) {
      // Empty now: the next element starts the chunk over.
      tailIndex = 0;
      i = 0;
    }
    headIndex = i;
    return element;
  }

  /** Drops every element, keeping the tail chunk. */
  void clear() {
    Arrays.fill(tail.slots, null);
    head = tail;
    headIndex = tailIndex = 0;
  }
}
