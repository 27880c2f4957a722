package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.internal.MessageCopy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.RandomAccess;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * JDK collections in messages: mutable ones are copied into the same class with the same order (and
 * comparator), unmodifiable ones into an unmodifiable collection that behaves the same.
 */
class MessageCopyCollectionsTest {

  enum Day {
    MON,
    TUE,
    WED
  }

  @SuppressWarnings("unchecked")
  private static <T> T copy(T message) {
    return (T) MessageCopy.copy(message);
  }

  /** A mutable element, so that containers must be copied and not shared. */
  private static List<String> box(String s) {
    return new ArrayList<>(List.of(s));
  }

  private static void assertCopiedCollection(Collection<List<String>> original) {
    Collection<List<String>> c = copy(original);
    assertNotSame(original, c);
    assertSame(original.getClass(), c.getClass(), "same class");
    if (original instanceof HashSet && !(original instanceof LinkedHashSet)) {
      assertEquals(original, c, "same elements (a HashSet has no order)");
    } else {
      assertEquals(new ArrayList<>(original), new ArrayList<>(c), "same elements, same order");
    }
    assertNotSame(original.iterator().next(), c.iterator().next(), "elements copied");
    c.add(box("new"));
    assertEquals(3, original.size(), "the original is unaffected");
  }

  @Test
  @DisplayName("mutable collections: the same class, the same order, copied elements")
  void mutableCollections() {
    List<Collection<List<String>>> originals =
        List.of(
            new ArrayList<>(),
            new LinkedList<>(),
            new ArrayDeque<>(),
            new HashSet<>(),
            new LinkedHashSet<>());
    for (Collection<List<String>> original : originals) {
      original.add(box("c"));
      original.add(box("a"));
      original.add(box("b"));
      assertCopiedCollection(original);
    }
  }

  @Test
  @DisplayName("mutable maps: the same class and order; EnumMap keeps its key type")
  void mutableMaps() {
    for (Map<String, List<String>> original :
        List.<Map<String, List<String>>>of(
            new HashMap<>(), new LinkedHashMap<>(), new TreeMap<>(), new ConcurrentHashMap<>())) {
      original.put("z", box("1"));
      original.put("a", box("2"));
      Map<String, List<String>> c = copy(original);
      assertNotSame(original, c);
      assertSame(original.getClass(), c.getClass());
      assertEquals(original, c);
      if (original instanceof LinkedHashMap || original instanceof TreeMap) {
        assertEquals(new ArrayList<>(original.keySet()), new ArrayList<>(c.keySet()), "order");
      }
      assertNotSame(original.get("a"), c.get("a"));
    }

    EnumMap<Day, List<String>> days = new EnumMap<>(Day.class);
    days.put(Day.TUE, box("t"));
    EnumMap<Day, List<String>> daysCopy = copy(days);
    assertEquals(days, daysCopy);
    assertNotSame(days.get(Day.TUE), daysCopy.get(Day.TUE));
    daysCopy.put(Day.MON, box("m"));
    assertEquals(List.of(Day.MON, Day.TUE), new ArrayList<>(daysCopy.keySet()));

    EnumSet<Day> set = EnumSet.of(Day.WED, Day.MON);
    EnumSet<Day> setCopy = copy(set);
    assertNotSame(set, setCopy);
    assertEquals(set, setCopy);
  }

  @Test
  @DisplayName("sorted collections keep their comparator, shared or copied")
  void sortedCollections() {
    TreeSet<String> reversed = new TreeSet<>(Comparator.reverseOrder());
    reversed.addAll(List.of("a", "c", "b"));
    TreeSet<String> reversedCopy = copy(reversed);
    assertNotSame(reversed, reversedCopy);
    assertSame(reversed.comparator(), reversedCopy.comparator());
    assertEquals(List.of("c", "b", "a"), new ArrayList<>(reversedCopy));

    // A comparator that captures state is copied with the collection.
    List<String> order = new ArrayList<>(List.of("low", "mid", "high"));
    Comparator<String> byOrder = (x, y) -> Integer.compare(order.indexOf(x), order.indexOf(y));
    TreeMap<String, Integer> ranked = new TreeMap<>(byOrder);
    ranked.put("high", 3);
    ranked.put("low", 1);
    TreeMap<String, Integer> rankedCopy = copy(ranked);
    assertNotSame(byOrder, rankedCopy.comparator());
    assertEquals(List.of("low", "high"), new ArrayList<>(rankedCopy.keySet()));
    rankedCopy.put("mid", 2);
    assertEquals(List.of("low", "mid", "high"), new ArrayList<>(rankedCopy.keySet()));
  }

  @Test
  @DisplayName("List.of, Set.of, Map.of: copied into the same factories when they hold mutable values")
  void immutableFactories() {
    List<List<String>> list = List.of(box("a"), box("b"));
    List<List<String>> listCopy = copy(list);
    assertNotSame(list, listCopy);
    assertEquals(list, listCopy);
    assertNotSame(list.get(0), listCopy.get(0));
    assertThrows(UnsupportedOperationException.class, () -> listCopy.add(box("c")));
    assertThrows(NullPointerException.class, () -> listCopy.contains(null), "List.of behaviour");

    List<Object> withNull = Stream.<Object>of(box("a"), null).toList();
    List<Object> withNullCopy = copy(withNull);
    assertEquals(Arrays.asList(List.of("a"), null), withNullCopy);
    assertThrows(UnsupportedOperationException.class, () -> withNullCopy.add("x"));

    Set<List<String>> set = Set.of(box("a"));
    Set<List<String>> setCopy = copy(set);
    assertEquals(set, setCopy);
    assertThrows(UnsupportedOperationException.class, () -> setCopy.add(box("b")));

    Map<String, List<String>> map = Map.of("k", box("v"));
    Map<String, List<String>> mapCopy = copy(map);
    assertEquals(map, mapCopy);
    assertNotSame(map.get("k"), mapCopy.get("k"));
    assertThrows(UnsupportedOperationException.class, () -> mapCopy.put("x", box("y")));
  }

  @Test
  @DisplayName("Collections.unmodifiable*, singleton*, Arrays.asList: the same behaviour after the copy")
  void unmodifiableViews() {
    List<List<String>> arrayList = new ArrayList<>(List.of(box("a"), box("b")));
    List<List<String>> view = Collections.unmodifiableList(arrayList);
    List<List<String>> viewCopy = copy(view);
    assertEquals(view, viewCopy);
    assertInstanceOf(RandomAccess.class, viewCopy);
    assertThrows(UnsupportedOperationException.class, () -> viewCopy.add(box("c")));
    arrayList.add(box("later"));
    assertEquals(2, viewCopy.size(), "the copy does not see the original's backing list");

    Map<String, List<String>> ordered = new LinkedHashMap<>();
    ordered.put("z", box("1"));
    ordered.put("a", box("2"));
    Map<String, List<String>> mapCopy = copy(Collections.unmodifiableMap(ordered));
    assertEquals(List.of("z", "a"), new ArrayList<>(mapCopy.keySet()));
    assertThrows(UnsupportedOperationException.class, () -> mapCopy.remove("z"));

    TreeSet<String> tree = new TreeSet<>(Comparator.reverseOrder());
    tree.addAll(List.of("a", "b"));
    NavigableSet<String> navigable = copy(Collections.unmodifiableNavigableSet(tree));
    assertEquals(List.of("b", "a"), new ArrayList<>(navigable));
    assertThrows(UnsupportedOperationException.class, () -> navigable.add("c"));

    SortedMap<String, Integer> sorted = copy(Collections.unmodifiableSortedMap(new TreeMap<>(
        Map.of("b", 2, "a", 1))));
    assertEquals(List.of("a", "b"), new ArrayList<>(sorted.keySet()));

    List<List<String>> single = copy(Collections.singletonList(box("s")));
    assertEquals(List.of(List.of("s")), single);
    assertThrows(UnsupportedOperationException.class, () -> single.add(box("t")));

    List<List<String>> fixed = Arrays.asList(box("a"), box("b"));
    List<List<String>> fixedCopy = copy(fixed);
    assertEquals(fixed, fixedCopy);
    fixedCopy.set(0, box("changed"));
    assertEquals(List.of("a"), fixed.get(0));
    assertThrows(UnsupportedOperationException.class, () -> fixedCopy.add(box("c")));

    assertSame(Collections.emptyList(), copy(Collections.emptyList()));
    assertTrue(copy(Collections.emptyMap()).isEmpty());
  }
}
