package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import dev.dartasync.isolate.TransferableTypedData;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Copies one message: an identity-preserving copy of its object graph (each object reached twice is
 * copied once, cycles stay cycles), depth first with an explicit stack of {@link CopyFrame}s, in the
 * spirit of the Dart VM's {@code ObjectGraphCopier} ({@code runtime/vm/object_graph_copy.cc}).
 * Depth first means an object's references are copied completely before the object itself is
 * finished, so a record's canonical constructor and a hash set see finished copies (except along a
 * cycle). Used once, by one thread.
 *
 * <p>A checking copier ({@link #checking}) walks the same graph with the same rules and errors but
 * copies nothing: plans publish no shells and build nothing, and every object stands for itself.
 *
 * <p>Transfers ({@code TransferableTypedData}) are recorded during the walk and carried out only
 * once the whole graph has been copied, so that a message that fails leaves every transferable
 * with its sender.
 */
final class GraphCopier {

  /** Returned by {@link #resolve} when the copy continues in a newly opened frame. */
  static final Object PENDING = new Object();

  /** The copy of an object that is built at the end of its frame and therefore cannot be in a cycle. */
  private static final Object IN_PROGRESS = new Object();

  /** Whether this walk only checks the message (see the class comment). */
  final boolean checking;

  private final IdentityTable copies = new IdentityTable();
  private CopyFrame[] stack = new CopyFrame[16];
  private int depth;

  /** The last class found shared, so that a run of same-class values costs no plan lookup. */
  private Class<?> lastShared = Integer.class;

  /** Pending transfers: source and receiving copy, alternating; {@code null} until the first. */
  private TransferableTypedData[] transfers;
  private int transferCount;

  GraphCopier(boolean checking) {
    this.checking = checking;
  }

  /** Copies (or checks) the graph reachable from {@code root}, then carries out its transfers. */
  Object run(Object root) {
    Object copy = walk(root);
    TransferAccess.Transfers moves = transferCount == 0 ? null : TransferAccess.transfers();
    for (int i = 0; i < transferCount; i += 2) {
      moves.move(transfers[i], transfers[i + 1]);
    }
    return copy;
  }

  private Object walk(Object root) {
    Object copy = resolve(root);
    if (copy != PENDING) {
      return copy;
    }
    while (true) {
      CopyFrame top = stack[depth - 1];
      if (!top.advance(this)) {
        continue; // a child frame is now on top
      }
      copy = checking ? top.source : top.finish();
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
    if (knownShared(type)) {
      return value;
    }
    CopyPlan plan = Sendability.plan(type);
    if (plan == CopyPlan.SHARED) {
      lastShared = type;
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

  /**
   * The first index from {@code from} whose item is not shared by class ({@code null} counts as
   * shared), or {@code items.length}: what the message may hand over as it is, found without a
   * frame step or an identity-table entry per item.
   */
  int skipShared(Object[] items, int from) {
    // The two scans keep the last shared class in a local: the loop then touches no field (about
    // 10% of a 10 M element scan, measured).
    Class<?> last = lastShared;
    int i = from;
    for (; i < items.length; i++) {
      Object item = items[i];
      if (item != null) {
        Class<?> type = item.getClass();
        if (!sharedClass(type, last)) {
          break;
        }
        last = type;
      }
    }
    lastShared = last;
    return i;
  }

  /** {@link #skipShared(Object[], int)} over a random-access list, read in place. */
  int skipShared(List<?> list, int from) {
    Class<?> last = lastShared;
    int size = list.size();
    int i = from;
    for (; i < size; i++) {
      Object item = list.get(i);
      if (item != null) {
        Class<?> type = item.getClass();
        if (!sharedClass(type, last)) {
          break;
        }
        last = type;
      }
    }
    lastShared = last;
    return i;
  }

  /** The common shared classes, compared without a plan lookup. */
  private boolean knownShared(Class<?> type) {
    return type == Integer.class || type == String.class || type == lastShared;
  }

  /**
   * Whether instances of {@code type} are handed over as they are: the common classes and the last
   * shared class by comparison, anything else by its plan (the scans' one test, kept small so that
   * it inlines into their loops).
   */
  private static boolean sharedClass(Class<?> type, Class<?> last) {
    return type == Integer.class
        || type == String.class
        || type == last
        || Sendability.plan(type) == CopyPlan.SHARED;
  }

  /**
   * For plans that copy an object at once (it holds no references to copy): records {@code
   * make(source)} as its copy and returns it; when only checking, returns {@code source}.
   */
  Object copyNow(Object source, UnaryOperator<Object> make) {
    if (checking) {
      return source;
    }
    Object copy = make.apply(source);
    copies.put(source, copy);
    return copy;
  }

  /**
   * Opens {@code frame}: publishes its shell (the copy later references to the source get: a
   * mutable object is created empty and filled by the frame, so cycles through it work), or marks
   * the source in progress when the copy only exists once the frame finishes. A frame whose
   * references are all shared is finished at once instead of being pushed.
   *
   * @return the finished copy, or {@link #PENDING}
   */
  Object open(ElementsFrame frame) {
    Object source = frame.source;
    Object shell = checking ? source : frame.publish();
    if (frame.skipShared(this)) {
      if (checking) {
        return source; // Holds nothing to walk: no need to remember it (no cycle runs through it).
      }
      Object copy = frame.finish();
      copies.put(source, copy);
      return copy;
    }
    copies.put(source, frame.builds ? IN_PROGRESS : shell);
    if (depth == stack.length) {
      stack = Arrays.copyOf(stack, depth * 2);
    }
    stack[depth++] = frame;
    return PENDING;
  }

  /**
   * Records {@code receiver} as the copy of {@code source}, to take over its bytes once the whole
   * message is copied, and returns it.
   */
  Object transfer(TransferableTypedData source, TransferableTypedData receiver) {
    copies.put(source, receiver);
    if (transfers == null) {
      transfers = new TransferableTypedData[4];
    } else if (transferCount == transfers.length) {
      transfers = Arrays.copyOf(transfers, transferCount * 2);
    }
    transfers[transferCount++] = source;
    transfers[transferCount++] = receiver;
    return receiver;
  }

  /**
   * Dart's error for an object that cannot be sent: {@code Illegal argument in isolate message:
   * <message>}, a newline, and the retaining path from the frames on the stack (nearest holder
   * first, one {@code " <- holder\n"} line each).
   */
  ArgumentError reject(String message) {
    return rejectWithText("Illegal argument in isolate message: " + message);
  }

  /** {@link #reject} with the whole first line given (the VM spells a few differently). */
  ArgumentError rejectWithText(String firstLine) {
    StringBuilder text = new StringBuilder(firstLine).append('\n');
    for (int i = depth - 1; i >= 0; i--) {
      text.append(" <- ").append(stack[i].location()).append('\n');
    }
    return new ArgumentError(text.toString());
  }
}
