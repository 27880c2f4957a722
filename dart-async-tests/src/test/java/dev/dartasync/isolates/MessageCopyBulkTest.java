package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.internal.MessageCopy;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The copier's bulk paths: a list or array whose elements are all of shared classes (numbers,
 * strings, enums, records of primitives, …) is copied with one array copy after a scan, instead of
 * one step per element. These tests pin down that the bulk path keeps every rule of the element by
 * element copy: identity, cycles, element copies, and the retaining path's index.
 */
class MessageCopyBulkTest {

  enum Color {
    RED
  }

  record Point(int x, int y) {}

  record Pair(Object first, Object second) {}

  @SuppressWarnings("unchecked")
  private static <T> T copy(T message) {
    return (T) MessageCopy.copy(message);
  }

  private static List<Object> mixedShared() {
    return Arrays.asList(
        1, "a", 2L, null, 2.5, 'c', true, Color.RED, new Point(1, 2), BigInteger.TWO,
        LocalDate.of(2026, 1, 1), null, 3);
  }

  private static void assertSameElements(List<?> expected, List<?> actual) {
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertSame(expected.get(i), actual.get(i), "element " + i);
    }
  }

  @Test
  @DisplayName("an ArrayList of mixed shared values and nulls: a new ArrayList, the same elements")
  void mixedSharedArrayList() {
    ArrayList<Object> list = new ArrayList<>(mixedShared());
    ArrayList<Object> c = copy(list);
    assertNotSame(list, c);
    assertSame(ArrayList.class, c.getClass());
    assertSameElements(list, c);
    list.set(0, 100);
    list.add("later");
    assertEquals(1, c.get(0), "the copy does not see later changes");
    assertEquals(13, c.size());
    c.add("mine");
    assertEquals(14, list.size(), "nor does the original see the copy's");
  }

  @Test
  @DisplayName("arrays of shared values: a new array of the same component type, same elements")
  void sharedArrays() {
    Integer[] boxes = {1, null, 3};
    Integer[] boxesCopy = copy(boxes);
    assertNotSame(boxes, boxesCopy);
    assertSame(Integer[].class, boxesCopy.getClass());
    assertArrayEquals(boxes, boxesCopy);

    Object[] mixed = mixedShared().toArray();
    Object[] mixedCopy = copy(mixed);
    assertNotSame(mixed, mixedCopy);
    assertSameElements(Arrays.asList(mixed), Arrays.asList(mixedCopy));
  }

  @Test
  @DisplayName("other collections and maps of shared values: same class, same order, same elements")
  void otherSharedCollections() {
    List<Collection<Object>> collections =
        List.of(
            new LinkedList<>(List.of(3, 1, 2)),
            new ArrayDeque<>(List.of(3, 1, 2)),
            new HashSet<>(List.of(3, 1, 2)),
            new TreeSet<>(List.of(3, 1, 2)));
    for (Collection<Object> original : collections) {
      Collection<Object> c = copy(original);
      assertNotSame(original, c);
      assertSame(original.getClass(), c.getClass());
      assertEquals(new ArrayList<>(original), new ArrayList<>(c));
    }
    for (Map<String, Integer> original :
        List.<Map<String, Integer>>of(new HashMap<>(Map.of("a", 1, "b", 2)), new TreeMap<>(
            Map.of("a", 1, "b", 2)))) {
      Map<String, Integer> c = copy(original);
      assertNotSame(original, c);
      assertSame(original.getClass(), c.getClass());
      assertEquals(original, c);
    }
  }

  @Test
  @DisplayName("a list that holds itself among shared values stays a cycle")
  void selfContaining() {
    ArrayList<Object> list = new ArrayList<>(List.of(1, "two"));
    list.add(list);
    list.add(4);
    List<?> c = copy(list);
    assertNotSame(list, c);
    assertSame(c, c.get(2));
    assertEquals(List.of(1, "two"), c.subList(0, 2));
    assertEquals(4, c.get(3));

    Object[] array = {1, null, "x"};
    array[1] = array;
    Object[] arrayCopy = copy(array);
    assertSame(arrayCopy, arrayCopy[1]);
    assertEquals("x", arrayCopy[2]);
  }

  @Test
  @DisplayName("a list of shared values reached twice in one message is copied once")
  void sharedTwice() {
    ArrayList<Integer> numbers = new ArrayList<>(List.of(1, 2, 3));
    Integer[] boxes = {4, 5};
    Object[] message = {numbers, boxes, new Pair(numbers, boxes), numbers};
    Object[] c = copy(message);
    assertNotSame(numbers, c[0]);
    assertSame(c[0], c[3]);
    Pair pair = (Pair) c[2];
    assertSame(c[0], pair.first());
    assertSame(c[1], pair.second());
    assertNotSame(boxes, c[1]);
  }

  @Test
  @DisplayName("a mutable element anywhere forces the element-by-element copy from there on")
  void mutableElementForcesTheSlowPath() {
    for (int at : new int[] {0, 1, 5}) {
      ArrayList<Object> list = new ArrayList<>(List.of(1, 2, 3, 4, 5));
      List<String> inner = new ArrayList<>(List.of("x"));
      list.add(at, inner);
      Object[] array = list.toArray();
      List<List<?>> copies = List.of(copy(list), Arrays.asList(copy(array)));
      for (List<?> c : copies) {
        assertEquals(list, c);
        assertNotSame(inner, c.get(at), "the mutable element is copied");
        for (int i = 0; i < c.size(); i++) {
          if (i != at) {
            assertSame(list.get(i), c.get(i), "element " + i);
          }
        }
      }
      inner.add("later");
      for (List<?> c : copies) {
        assertEquals(List.of("x"), c.get(at), "the copy does not see the inner list change");
      }
    }

    // An instance shared only when everything it holds is: here it holds a mutable list.
    List<String> held = new ArrayList<>(List.of("h"));
    ArrayList<Object> withPair = new ArrayList<>(List.of(1, new Pair("a", held), 3));
    List<?> c = copy(withPair);
    Pair pairCopy = (Pair) c.get(1);
    assertNotSame(withPair.get(1), pairCopy);
    assertNotSame(held, pairCopy.second());
    assertEquals(held, pairCopy.second());
  }

  @Test
  @DisplayName("after a run of shared values the retaining path still names the right index")
  void retainingPathIndexAfterBulkScan() {
    Object unsendable = Thread.currentThread();
    ArrayList<Object> list = new ArrayList<>(IntStream.range(0, 1000).boxed().toList());
    list.add(unsendable);
    list.add(7);
    String classText = "Library:'java.lang' Class: " + unsendable.getClass().getSimpleName();
    String head =
        "Invalid argument(s): Illegal argument in isolate message: object is unsendable - "
            + classText
            + " (see restrictions listed at `SendPort.send()` documentation for more information)\n";
    assertEquals(
        head + " <- [1000] in ArrayList len:1002 (from java.util)\n",
        assertThrows(ArgumentError.class, () -> MessageCopy.copy(list)).toString());
    assertEquals(
        head + " <- [1000] in Object[] len:1002\n",
        assertThrows(ArgumentError.class, () -> MessageCopy.copy(list.toArray())).toString());

    // Past a mutable element that was copied: the index moves on correctly.
    list.add(3, new ArrayList<>(List.of("m")));
    assertEquals(
        head + " <- [1001] in ArrayList len:1003 (from java.util)\n",
        assertThrows(ArgumentError.class, () -> MessageCopy.copy(list)).toString());
  }
}
