package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import java.util.Arrays;

/**
 * Copies one message: an identity-preserving copy of its object graph (each object reached twice is
 * copied once, cycles stay cycles), depth first with an explicit stack of {@link CopyFrame}s, in the
 * spirit of the Dart VM's {@code ObjectGraphCopier} ({@code runtime/vm/object_graph_copy.cc}).
 * Depth first means an object's references are copied completely before the object itself is
 * finished, so a record's canonical constructor and a hash set see finished copies (except along a
 * cycle). Used once, by one thread.
 */
final class GraphCopier {

  /** Returned by {@link #resolve} when the copy continues in a newly opened frame. */
  static final Object PENDING = new Object();

  /** The copy of an object that is built at the end of its frame and therefore cannot be in a cycle. */
  private static final Object IN_PROGRESS = new Object();

  private final IdentityTable copies = new IdentityTable();
  private CopyFrame[] stack = new CopyFrame[16];
  private int depth;

  /** Copies the graph reachable from {@code root}. */
  Object run(Object root) {
    Object copy = resolve(root);
    if (copy != PENDING) {
      return copy;
    }
    while (true) {
      CopyFrame top = stack[depth - 1];
      if (!top.advance(this)) {
        continue; // a child frame is now on top
      }
      copy = top.finish();
      if (top.builds) {
        copies.put(top.source, copy);
      }
      stack[--depth] = null;
      if (depth == 0) {
        return copy;
      }
      stack[depth - 1].accept(copy);
    }
  }

  /**
   * The copy of {@code value}: the value itself if it is shared, the copy already made if it was
   * reached before, otherwise a new copy (or {@link #PENDING} when a frame was opened for it).
   *
   * @throws ArgumentError if the value cannot be sent
   */
  Object resolve(Object value) {
    if (value == null) {
      return null;
    }
    Class<?> type = value.getClass();
    if (type == Integer.class || type == String.class || type == Long.class || type == Double.class) {
      return value;
    }
    CopyPlan plan = Sendability.plan(type);
    if (plan == CopyPlan.SHARED) {
      return value;
    }
    Object seen = copies.get(value);
    if (seen != null) {
      if (seen == IN_PROGRESS) {
        throw reject(
            Sendability.uncopyable(
                type,
                "it is part of a reference cycle, and the copy of a record, a lambda or an"
                    + " unmodifiable collection can only be built after everything it holds"));
      }
      return seen;
    }
    return plan.copy(value, this);
  }

  /** Records the finished copy of {@code source} (for plans that copy at once) and returns it. */
  Object remember(Object source, Object copy) {
    copies.put(source, copy);
    return copy;
  }

  /**
   * Pushes {@code frame}. {@code shell} is the copy later references to the source get (a mutable
   * object is created empty and filled by the frame, so cycles through it work), or {@code null}
   * when the copy only exists once the frame finishes.
   *
   * @return {@link #PENDING}
   */
  Object open(CopyFrame frame, Object shell) {
    frame.builds = shell == null;
    copies.put(frame.source, frame.builds ? IN_PROGRESS : shell);
    if (depth == stack.length) {
      stack = Arrays.copyOf(stack, depth * 2);
    }
    stack[depth++] = frame;
    return PENDING;
  }

  /**
   * Dart's error for an object that cannot be sent: {@code Illegal argument in isolate message:
   * <message>}, a newline, and the retaining path from the frames on the stack (nearest holder
   * first, one {@code " <- holder\n"} line each).
   */
  ArgumentError reject(String message) {
    StringBuilder text = new StringBuilder("Illegal argument in isolate message: ");
    text.append(message).append('\n');
    for (int i = depth - 1; i >= 0; i--) {
      text.append(" <- ").append(stack[i].location()).append('\n');
    }
    return new ArgumentError(text.toString());
  }
}
