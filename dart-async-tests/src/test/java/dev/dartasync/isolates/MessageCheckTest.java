package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.internal.MessageCopy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link MessageCopy#check}, the validation of {@code Isolate.exit} (which hands its message over
 * without a copy): it accepts what {@link MessageCopy#copy} accepts and copies nothing. Its
 * rejections are the copy's, case by case, in {@link UnsendableMessageTest}.
 */
class MessageCheckTest {

  static final AtomicInteger CONSTRUCTED = new AtomicInteger();

  /** Static, not captured: the copy's comparator (a copy of the lambda) counts here too. */
  static final AtomicInteger COMPARED = new AtomicInteger();

  /** Counts its constructor calls: a copy rebuilds it, a check must not. */
  record Counted(List<String> items) {
    Counted {
      CONSTRUCTED.incrementAndGet();
    }
  }

  static final class Node {
    final String name;
    Node next;
    final List<Object> children = new ArrayList<>();

    Node(String name) {
      this.name = name;
    }
  }

  @Test
  @DisplayName("a sendable message passes; its objects, cycles and all, are left exactly as they were")
  void leavesTheMessageAlone() {
    Node a = new Node("a");
    Node b = new Node("b");
    a.next = b;
    b.next = a;
    a.children.add(a);
    a.children.add(List.of(1, 2));
    List<String> shared = new ArrayList<>(List.of("s"));
    Object[] slots = {shared, a, shared, new int[] {1, 2}, null};
    Map<Object, Object> message = new HashMap<>();
    message.put("slots", slots);
    message.put("self", message);
    Object[] before = slots.clone();

    MessageCopy.check(message);

    for (int i = 0; i < slots.length; i++) {
      assertSame(before[i], slots[i], "slot " + i + " still holds the very same object");
    }
    assertSame(b, a.next);
    assertSame(a, b.next);
    assertSame(a, a.children.get(0));
    assertSame(message, message.get("self"));
    assertEquals(List.of("s"), shared);
    assertEquals(2, message.size());
  }

  @Test
  @DisplayName("a check runs no constructor and no comparator; a copy runs both")
  void copiesNothing() {
    List<String> order = new ArrayList<>(List.of("x", "y"));
    Comparator<String> counting =
        (x, y) -> {
          COMPARED.incrementAndGet();
          return Integer.compare(order.indexOf(x), order.indexOf(y));
        };
    TreeSet<String> sorted = new TreeSet<>(counting);
    sorted.addAll(List.of("y", "x"));
    Counted record = new Counted(new ArrayList<>(List.of("r")));
    Supplier<Integer> lambda = () -> order.size();
    List<Object> message = Arrays.asList(sorted, record, lambda);
    int constructed = CONSTRUCTED.get();
    int compared = COMPARED.get();

    MessageCopy.check(message);
    assertEquals(constructed, CONSTRUCTED.get(), "check: the record is not rebuilt");
    assertEquals(compared, COMPARED.get(), "check: the sorted set is not rebuilt");

    MessageCopy.copy(message);
    assertEquals(constructed + 1, CONSTRUCTED.get(), "copy: the record is rebuilt");
    assertTrue(COMPARED.get() > compared, "copy: the sorted set is rebuilt");
  }

  @Test
  @DisplayName("null, shared values and a large list of numbers pass")
  void sharedValuesPass() {
    MessageCopy.check(null);
    MessageCopy.check("text");
    MessageCopy.check(List.of(1, 2, 3));
    ArrayList<Integer> numbers = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      numbers.add(i);
    }
    MessageCopy.check(numbers);
    MessageCopy.check(numbers.toArray());
    assertEquals(100_000, numbers.size());
  }
}
