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
 * <p>An {@link ArrayList} of shared values only is copied with one array copy (see {@link
 * #copyArrayList}).
 *
 * <p>A {@link LinkedHashMap} is copied in its current iteration order; one created in access order
 * becomes an insertion-ordered map with that order (the JDK does not tell which one it is).
 */
final class JdkCollectionPlans {
  private JdkCollectionPlans() {}

  private static final Map<Class<?>, IntFunction<Collection<Object>>> COLLECTIONS =
      Map.ofEntries(
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

  /** Names a collection's elements and a map's keys and values (no comparator slot). */
  private static final ElementsFrame.Locator ELEMENTS = elementLocator(0);

  private static final ElementsFrame.Locator ENTRIES = entryLocator(0);

  private static final ElementsFrame.Shell NEW_ARRAY_LIST = (s, items) -> new ArrayList<>(items.length);

  /** The plan for {@code type} if it is one of these collections, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    if (type == ArrayList.class) {
      return CopyPlan.of(JdkCollectionPlans::copyArrayList);
    }
    IntFunction<Collection<Object>> collection = COLLECTIONS.get(type);
    if (collection != null) {
      ElementsFrame.Shell shell = (s, items) -> collection.apply(items.length);
      return CopyPlan.of(
          (source, copier) ->
              copier.open(
                  new ElementsFrame(
                      source, ((Collection<?>) source).toArray(), shell, JdkCollectionPlans::fill,
                      ELEMENTS)));
    }
    Function<Map<?, ?>, Map<Object, Object>> map = MAPS.get(type);
    if (map != null) {
      ElementsFrame.Shell shell = (s, items) -> map.apply((Map<?, ?>) s);
      return CopyPlan.of(
          (source, copier) ->
              copier.open(
                  new ElementsFrame(
                      source, entries((Map<?, ?>) source, 0), shell, JdkCollectionPlans::fillMap,
                      ENTRIES)));
    }
    Function<Comparator<Object>, Collection<Object>> sorted = SORTED.get(type);
    if (sorted != null) {
      return sortedCollection(sorted);
    }
    Function<Comparator<Object>, Map<Object, Object>> sortedMap = SORTED_MAPS.get(type);
    if (sortedMap != null) {
      return sortedMap(sortedMap);
    }
    return null;
  }

  /**
   * An {@link ArrayList} of shared values (the common message: numbers, strings) is copied with
   * one array copy, {@code new ArrayList<>(list)}, after a scan of the elements in place; any other
   * goes element by element from the first that is not shared.
   */
  private static Object copyArrayList(Object source, GraphCopier copier) {
    ArrayList<?> list = (ArrayList<?>) source;
    int first = copier.skipShared(list, 0);
    if (first == list.size()) {
      return copier.copyNow(source, s -> new ArrayList<>((ArrayList<?>) s));
    }
    return copier.open(
        new ElementsFrame(source, list.toArray(), NEW_ARRAY_LIST, JdkCollectionPlans::fill, ELEMENTS)
            .from(first));
  }

  /**
   * A sorted collection: published empty with the comparator when that is shared, else built once
   * the comparator (the first item) and the elements are copied.
   */
  private static CopyPlan sortedCollection(Function<Comparator<Object>, Collection<Object>> factory) {
    ElementsFrame.Shell shell = (s, items) -> factory.apply(comparatorOf(s));
    ElementsFrame.Builder build =
        (s, none, copies, changed) -> {
          Collection<Object> copy = factory.apply(comparator(copies));
          copy.addAll(new OwnedArrayList(copies).subList(1, copies.length));
          return copy;
        };
    ElementsFrame.Locator afterComparator = elementLocator(1);
    return CopyPlan.of(
        (source, copier) -> {
          Object[] elements = ((Collection<?>) source).toArray();
          Comparator<Object> comparator = comparatorOf(source);
          if (comparator == null || Sendability.isShared(comparator.getClass())) {
            return copier.open(
                new ElementsFrame(source, elements, shell, JdkCollectionPlans::fill, ELEMENTS));
          }
          return copier.open(
              new ElementsFrame(
                  source, withComparator(comparator, elements), null, build, afterComparator));
        });
  }

  /** A sorted map, like {@link #sortedCollection}: the comparator first when it is copied. */
  private static CopyPlan sortedMap(Function<Comparator<Object>, Map<Object, Object>> factory) {
    ElementsFrame.Shell shell = (s, items) -> factory.apply(comparatorOf(s));
    ElementsFrame.Builder build =
        (s, none, copies, changed) -> {
          Map<Object, Object> copy = factory.apply(comparator(copies));
          putAll(copy, copies, 1);
          return copy;
        };
    ElementsFrame.Locator afterComparator = entryLocator(1);
    return CopyPlan.of(
        (source, copier) -> {
          Map<?, ?> from = (Map<?, ?>) source;
          Comparator<Object> comparator = comparatorOf(source);
          if (comparator == null || Sendability.isShared(comparator.getClass())) {
            return copier.open(
                new ElementsFrame(
                    source, entries(from, 0), shell, JdkCollectionPlans::fillMap, ENTRIES));
          }
          Object[] items = entries(from, 1);
          items[0] = comparator;
          return copier.open(new ElementsFrame(source, items, null, build, afterComparator));
        });
  }

  private static Object fill(Object source, Object shell, Object[] copies, boolean changed) {
    @SuppressWarnings("unchecked")
    Collection<Object> copy = (Collection<Object>) shell;
    // Bulk: an ArrayList then takes one array copy instead of one write barrier per element.
    copy.addAll(new OwnedArrayList(copies));
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
