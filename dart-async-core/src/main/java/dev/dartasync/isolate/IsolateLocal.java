package dev.dartasync.isolate;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.IsolateLocals;
import dev.dartasync.internal.SharedAcrossIsolates;
import java.util.function.Supplier;

/**
 * A variable with one value per isolate: the Java form of a Dart top-level or static variable,
 * which every isolate has a copy of its own.
 *
 * <p>In Dart, {@code int counter = 0;} at the top level exists once per isolate: code run by
 * {@code Isolate.run} that increments it changes its own isolate's copy, and the caller still
 * reads {@code 0}. A Java static field exists once per JVM, shared by every isolate, so the same
 * program ported with a static field would print {@code 1}. Declare the variable as an {@code
 * IsolateLocal} instead:
 *
 * <pre>{@code
 * // Dart: int counter = 0;
 * static final IsolateLocal<Integer> counter = IsolateLocal.withInitial(() -> 0);
 *
 * await(Isolate.run(() -> { counter.set(counter.get() + 1); return null; }));
 * print(counter.get()); // 0, as in Dart
 * }</pre>
 *
 * <p>Like {@link ThreadLocal}, with the isolate in place of the thread: each isolate starts from
 * the initial value (the supplier runs in that isolate, at its first {@link #get}, synchronously);
 * a value is never copied or sent between isolates, and lives as long as its isolate. Every
 * thread of an isolate (its own thread and its async bodies) sees the same value. Reads and writes
 * are plain: the isolate's code runs one piece at a time, so no synchronisation is needed. The
 * variable itself is shared, not copied, when a message holds it (a lambda given to {@code
 * Isolate.run} that captures it): the receiving isolate reads its own value through the same
 * object.
 *
 * <p>Every member must be called from an isolate's code ({@code Dart.run}, an isolate's entry
 * point, an async body, a callback the library runs); on any other thread it throws {@link
 * IllegalStateException}, since such a thread has no isolate whose value it could mean.
 *
 * @param <T> the value's type
 */
public final class IsolateLocal<T> implements SharedAcrossIsolates {

  private final Supplier<? extends T> initial;

  /** An isolate-local variable whose initial value in every isolate is null. */
  public IsolateLocal() {
    this.initial = () -> null;
  }

  private IsolateLocal(Supplier<? extends T> initial) {
    this.initial = initial;
  }

  /**
   * An isolate-local variable whose initial value in each isolate is what {@code initial}
   * returns, asked for in that isolate at its first {@link #get} (like {@code
   * ThreadLocal.withInitial}); Dart's initializer of a top-level variable, which runs lazily per
   * isolate too.
   *
   * @throws dev.dartasync.ArgumentError if {@code initial} is null (Dart's null-argument text)
   */
  public static <T> IsolateLocal<T> withInitial(Supplier<? extends T> initial) {
    return new IsolateLocal<>(Checks.notNull(initial, "initial"));
  }

  /**
   * The calling isolate's value. At the isolate's first read (or the first after {@link
   * #remove}), runs the initial-value supplier synchronously and keeps what it returns; if the
   * supplier throws, the error goes to the caller and nothing is kept (the next read asks again).
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  @SuppressWarnings("unchecked")
  public T get() {
    return (T) IsolateLocals.get(this, initial);
  }

  /**
   * Sets the calling isolate's value; no other isolate sees it.
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public void set(T value) {
    IsolateLocals.set(this, value);
  }

  /**
   * Forgets the calling isolate's value: its next {@link #get} starts from the initial value
   * again.
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public void remove() {
    IsolateLocals.remove(this);
  }

  @Override
  public String toString() {
    return "Instance of 'IsolateLocal'";
  }
}
