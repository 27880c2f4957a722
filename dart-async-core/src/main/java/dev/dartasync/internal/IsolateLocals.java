package dev.dartasync.internal;

import java.util.IdentityHashMap;
import java.util.function.Supplier;

/**
 * The storage behind {@code IsolateLocal}: one identity map per isolate ({@link
 * EventLoop#isolateLocals}), touched only by that isolate's threads. A value is never copied
 * between isolates; it lives as long as its isolate.
 */
public final class IsolateLocals {

  /** Marks a local whose value is null (a map value of null would read as "not set"). */
  private static final Object NULL = new Object();

  private IsolateLocals() {}

  /**
   * The calling isolate's value of {@code local}; on the isolate's first read, the value {@code
   * initial} supplies, which is then kept (a throw keeps nothing: the next read asks again).
   *
   * @throws IllegalStateException on a thread that belongs to no isolate
   */
  public static Object get(Object local, Supplier<?> initial) {
    EventLoop loop = EventLoop.require();
    IdentityHashMap<Object, Object> values = loop.isolateLocals;
    Object value = values == null ? null : values.get(local);
    if (value != null) {
      return value == NULL ? null : value;
    }
    Object made = initial.get();
    values = loop.isolateLocals; // The supplier may have set locals of its own meanwhile.
    if (values == null) {
      values = loop.isolateLocals = new IdentityHashMap<>();
    }
    Object raced = values.get(local);
    if (raced != null) {
      return raced == NULL ? null : raced; // The supplier set this very local: its value stands.
    }
    values.put(local, made == null ? NULL : made);
    return made;
  }

  /** Sets the calling isolate's value of {@code local}. */
  public static void set(Object local, Object value) {
    EventLoop loop = EventLoop.require();
    IdentityHashMap<Object, Object> values = loop.isolateLocals;
    if (values == null) {
      values = loop.isolateLocals = new IdentityHashMap<>();
    }
    values.put(local, value == null ? NULL : value);
  }

  /** Forgets the calling isolate's value of {@code local}: its next read starts afresh. */
  public static void remove(Object local) {
    EventLoop loop = EventLoop.require();
    if (loop.isolateLocals != null) {
      loop.isolateLocals.remove(local);
    }
  }
}
