package dev.dartasync.internal;

/**
 * The copier's map from original to copy: open addressing over {@link System#identityHashCode}
 * with linear probing, keys and values interleaved in one array, kept at most half full. Lighter
 * than {@link java.util.IdentityHashMap} for the one-message, insert-only use here (no removal, no
 * views, growth by four).
 */
final class IdentityTable {

  private Object[] slots = new Object[2 * 16];
  private int size;

  /** The value for {@code key}, or {@code null}. */
  Object get(Object key) {
    Object[] slots = this.slots;
    int mask = slots.length - 2;
    int i = index(key, mask);
    while (true) {
      Object k = slots[i];
      if (k == key) {
        return slots[i + 1];
      }
      if (k == null) {
        return null;
      }
      i = (i + 2) & mask;
    }
  }

  /** Maps {@code key} to {@code value}, replacing an earlier value. */
  void put(Object key, Object value) {
    Object[] slots = this.slots;
    int mask = slots.length - 2;
    int i = index(key, mask);
    while (true) {
      Object k = slots[i];
      if (k == key) {
        slots[i + 1] = value;
        return;
      }
      if (k == null) {
        slots[i] = key;
        slots[i + 1] = value;
        if (++size * 4 > slots.length) {
          grow();
        }
        return;
      }
      i = (i + 2) & mask;
    }
  }

  private void grow() {
    Object[] old = slots;
    Object[] slots = new Object[old.length * 4];
    int mask = slots.length - 2;
    for (int j = 0; j < old.length; j += 2) {
      Object key = old[j];
      if (key != null) {
        int i = index(key, mask);
        while (slots[i] != null) {
          i = (i + 2) & mask;
        }
        slots[i] = key;
        slots[i + 1] = old[j + 1];
      }
    }
    this.slots = slots;
  }

  /** An even slot index from the identity hash (Fibonacci hashing spreads consecutive hashes). */
  private static int index(Object key, int mask) {
    int h = System.identityHashCode(key) * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }
}
