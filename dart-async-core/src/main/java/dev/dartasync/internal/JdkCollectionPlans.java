package dev.dartasync.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The mutable JDK collections and maps, copied into a new instance of the same class (their fields
 * are closed to reflection, so they are rebuilt through their public API): the empty copy is
 * published first (a list or map that holds itself stays a cycle), the elements (a map's keys and
 * values) are copied in iteration order, and the copy is filled when they all are, so that hashed
 * collections hash finished copies. Sorted collections keep their comparator (copied too); when the
 * comparator is not shared, the collection is built once the comparator and elements are copied.
 *
 * <p>A {@link LinkedHashMap} is copied in its current iteration order; one created in access order
 * becomes an insertion-ordered map with that order (the JDK does not tell which one it is).
 */
final class JdkCollectionPlans {
  private JdkCollectionPlans() {}

  private static final Map<Class<?>, IntFunction<Collection<Object>>> COLLECTIONS =
      Map.ofEntries(
          Map.entry(ArrayList.class, ArrayList::new),
          Map.entry(LinkedList.class, n -> new LinkedList<>()),
          Map.entry(Vector.class, Vector::new),
          Map.entry(Stack.class, n -> new Stack<>()),
          Map.entry(ArrayDeque.class, ArrayDeque::new),
          Map.entry(ConcurrentLinkedQueue.class, n -> new ConcurrentLinkedQueue<>()),
          Map.entry(ConcurrentLinkedDeque.class, n -> new ConcurrentLinkedDeque<>()),
          Map.entry(CopyOnWriteArrayList.class, n -> new CopyOnWriteArrayList<>()),
          Map.entry(CopyOnWriteArraySet.class, n -> new CopyOnWriteArraySet<>()),
          Map.entry(HashSet.class, HashSet::newHashSet),
          Map.entry(LinkedHashSet.class, LinkedHashSet::newLinkedHashSet));

  private static final Map<Class<?>, Function<Map<?, ?>, Map<Object, Object>>> MAPS =
      Map.of(
          HashMap.class, m -> HashMap.newHashMap(m.size()),
          LinkedHashMap.class, m -> LinkedHashMap.newLinkedHashMap(m.size()),
          IdentityHashMap.class, m -> new IdentityHashMap<>(m.size()),
          Hashtable.class, m -> new Hashtable<>(),
          ConcurrentHashMap.class, m -> new ConcurrentHashMap<>(m.size()),
          EnumMap.class, JdkCollectionPlans::emptyEnumMap);

  private static final Map<Class<?>, Function<Comparator<Object>, Collection<Object>>> SORTED =
      Map.of(
          TreeSet.class, TreeSet::new,
          ConcurrentSkipListSet.class, ConcurrentSkipListSet::new,
          PriorityQueue.class, PriorityQueue::new);

  private static final Map<Class<?>, Function<Comparator<Object>, Map<Object, Object>>>
      SORTED_MAPS = Map.of(TreeMap.class, TreeMap::new, ConcurrentSkipListMap.class,
          ConcurrentSkipListMap::new);

  /** The plan for {@code type} if it is one of these collections, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    IntFunction<Collection<Object>> collection = COLLECTIONS.get(type);
    if (collection != null) {
      return CopyPlan.of((source, copier) -> copyCollection(source, copier, collection));
    }
    Function<Map<?, ?>, Map<Object, Object>> map = MAPS.get(type);
    if (map != null) {
      return CopyPlan.of((source, copier) -> copyMap(source, copier, map));
    }
    Function<Comparator<Object>, Collection<Object>> sorted = SORTED.get(type);
    if (sorted != null) {
      return CopyPlan.of((source, copier) -> copySorted(source, copier, sorted));
    }
    Function<Comparator<Object>, Map<Object, Object>> sortedMap = SORTED_MAPS.get(type);
    if (sortedMap != null) {
      return CopyPlan.of((source, copier) -> copySortedMap(source, copier, sortedMap));
    }
    return null;
  }

  private static Object copyCollection(
      Object source, GraphCopier copier, IntFunction<Collection<Object>> factory) {
    Collection<?> from = (Collection<?>) source;
    Object[] items = from.toArray();
    Collection<Object> shell = factory.apply(items.length);
    return copier.open(
        new ElementsFrame(source, items, shell, JdkCollectionPlans::fill, elementLocator(0)),
        shell);
  }

  private static Object copyMap(
      Object source, GraphCopier copier, Function<Map<?, ?>, Map<Object, Object>> factory) {
    Map<?, ?> from = (Map<?, ?>) source;
    Object[] items = entries(from, 0);
    Map<Object, Object> shell = factory.apply(from);
    return copier.open(
        new ElementsFrame(source, items, shell, JdkCollectionPlans::fillMap, entryLocator(0)),
        shell);
  }

  private static Object copySorted(
      Object source,
      GraphCopier copier,
      Function<Comparator<Object>, Collection<Object>> factory) {
    Collection<?> from = (Collection<?>) source;
    Comparator<Object> comparator = comparatorOf(source);
    if (comparator == null || Sendability.isShared(comparator.getClass())) {
      Collection<Object> shell = factory.apply(comparator);
      return copier.open(
          new ElementsFrame(
              source, from.toArray(), shell, JdkCollectionPlans::fill, elementLocator(0)),
          shell);
    }
    Object[] items = withComparator(comparator, from.toArray());
    return copier.open(
        new ElementsFrame(
            source,
            items,
            null,
            (s, shell, copies, changed) -> {
              Collection<Object> copy = factory.apply(comparator(copies));
              copy.addAll(Arrays.asList(copies).subList(1, copies.length));
              return copy;
            },
            elementLocator(1)),
        null);
  }

  private static Object copySortedMap(
      Object source,
      GraphCopier copier,
      Function<Comparator<Object>, Map<Object, Object>> factory) {
    Map<?, ?> from = (Map<?, ?>) source;
    Comparator<Object> comparator = comparatorOf(source);
    if (comparator == null || Sendability.isShared(comparator.getClass())) {
      Map<Object, Object> shell = factory.apply(comparator);
      return copier.open(
          new ElementsFrame(
              source, entries(from, 0), shell, JdkCollectionPlans::fillMap, entryLocator(0)),
          shell);
    }
    Object[] items = entries(from, 1);
    items[0] = comparator;
    return copier.open(
        new ElementsFrame(
            source,
            items,
            null,
            (s, shell, copies, changed) -> {
              Map<Object, Object> copy = factory.apply(comparator(copies));
              putAll(copy, copies, 1);
              return copy;
            },
            entryLocator(1)),
        null);
  }

  private static Object fill(Object source, Object shell, Object[] copies, boolean changed) {
    @SuppressWarnings("unchecked")
    Collection<Object> copy = (Collection<Object>) shell;
    // Bulk: an ArrayList then takes two array copies instead of one write barrier per element.
    copy.addAll(Arrays.asList(copies));
    return copy;
  }

  private static Object fillMap(Object source, Object shell, Object[] copies, boolean changed) {
    @SuppressWarnings("unchecked")
    Map<Object, Object> copy = (Map<Object, Object>) shell;
    putAll(copy, copies, 0);
    return copy;
  }

  /** Puts the keys and values alternating in {@code items} from {@code start} into {@code map}. */
  static void putAll(Map<Object, Object> map, Object[] items, int start) {
    for (int i = start; i < items.length; i += 2) {
      map.put(items[i], items[i + 1]);
    }
  }

  /** A map's keys and values, alternating, after {@code skip} free slots. */
  static Object[] entries(Map<?, ?> map, int skip) {
    Object[] items = new Object[skip + 2 * map.size()];
    int i = skip;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      items[i++] = entry.getKey();
      items[i++] = entry.getValue();
    }
    return items;
  }

  /** Names element holders; the first {@code skip} slots hold the comparator. */
  static ElementsFrame.Locator elementLocator(int skip) {
    return (source, items, index) ->
        index < skip
            ? RetainingPath.inContainer("comparator", source, items.length - skip)
            : RetainingPath.inCollection((Collection<?>) source, index - skip);
  }

  /** Names key and value holders; the first {@code skip} slots hold the comparator. */
  static ElementsFrame.Locator entryLocator(int skip) {
    return (source, items, index) -> {
      Map<?, ?> map = (Map<?, ?>) source;
      if (index < skip) {
        return RetainingPath.inContainer("comparator", source, map.size());
      }
      boolean isKey = (index - skip) % 2 == 0;
      return RetainingPath.inMap(map, isKey, isKey ? null : items[index - 1]);
    };
  }

  /** Prepends {@code comparator} to {@code elements}. */
  static Object[] withComparator(Comparator<?> comparator, Object[] elements) {
    Object[] items = new Object[elements.length + 1];
    items[0] = comparator;
    System.arraycopy(elements, 0, items, 1, elements.length);
    return items;
  }

  @SuppressWarnings("unchecked")
  static Comparator<Object> comparator(Object[] copies) {
    return (Comparator<Object>) copies[0];
  }

  @SuppressWarnings("unchecked")
  static Comparator<Object> comparatorOf(Object sorted) {
    if (sorted instanceof SortedSet<?> set) {
      return (Comparator<Object>) set.comparator();
    } else if (sorted instanceof SortedMap<?, ?> map) {
      return (Comparator<Object>) map.comparator();
    } else {
      return (Comparator<Object>) ((PriorityQueue<?>) sorted).comparator();
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Map<Object, Object> emptyEnumMap(Map<?, ?> source) {
    EnumMap copy = new EnumMap((EnumMap) source);
    copy.clear();
    return copy;
  }
}
