package dev.dartasync.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.RandomAccess;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The JDK's unmodifiable collections, copied into an unmodifiable collection that behaves the same:
 * {@code List.of}/{@code Set.of}/{@code Map.of} (and {@code copyOf}, {@code Stream.toList()}) into
 * the same factories, {@code Collections.singleton*} and {@code nCopies} into themselves, {@code
 * Collections.unmodifiable*} views into the same view over a new collection with the same order
 * (a {@code LinkedHashSet}/{@code LinkedHashMap}, an {@code ArrayList} or {@code LinkedList} by
 * random access, a {@code TreeSet}/{@code TreeMap} with the copied comparator for sorted ones), and
 * {@code Arrays.asList} into a fixed-size list again. {@code Collections.empty*} are shared. When
 * no element needs a copy, the unmodifiable collection (not a view) is shared. The view's backing
 * collection is not shared with other parts of the message (the JDK does not expose it).
 */
final class UnmodifiablePlans {
  private UnmodifiablePlans() {}

  private static final String IMMUTABLE = "java.util.ImmutableCollections$";
  private static final String UNMODIFIABLE = "java.util.Collections$Unmodifiable";
  private static final String EMPTY = "java.util.Collections$Empty";

  private static final ElementsFrame.Locator ELEMENTS = JdkCollectionPlans.elementLocator(0);
  private static final ElementsFrame.Locator ENTRIES = JdkCollectionPlans.entryLocator(0);
  private static final ElementsFrame.Locator ELEMENTS_AFTER_COMPARATOR =
      JdkCollectionPlans.elementLocator(1);
  private static final ElementsFrame.Locator ENTRIES_AFTER_COMPARATOR =
      JdkCollectionPlans.entryLocator(1);

  /** The plan for {@code type} if it is one of these collections, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    if (type.getModule() != Object.class.getModule()) {
      return null;
    }
    String name = type.getName();
    if (name.startsWith(IMMUTABLE)) {
      if (List.class.isAssignableFrom(type)) {
        return values(UnmodifiablePlans::immutableList, true);
      } else if (Set.class.isAssignableFrom(type)) {
        return values(copies -> Set.of(copies), true);
      } else if (Map.class.isAssignableFrom(type)) {
        return entries(UnmodifiablePlans::immutableMap, true);
      }
      return null;
    }
    if (name.startsWith(EMPTY)) {
      return CopyPlan.SHARED;
    }
    if (name.startsWith(UNMODIFIABLE)) {
      return unmodifiableView(type);
    }
    return switch (name) {
      case "java.util.Collections$SingletonList" ->
          values(copies -> Collections.singletonList(copies[0]), true);
      case "java.util.Collections$SingletonSet" ->
          values(copies -> Collections.singleton(copies[0]), true);
      case "java.util.Collections$SingletonMap" ->
          entries(copies -> Collections.singletonMap(copies[0], copies[1]), true);
      case "java.util.Collections$CopiesList" ->
          values(
              copies -> Collections.nCopies(copies.length, copies.length == 0 ? null : copies[0]),
              true);
      case "java.util.Arrays$ArrayList" -> arraysAsList();
      default -> null;
    };
  }

  private static CopyPlan unmodifiableView(Class<?> type) {
    String name = type.getName();
    if (NavigableMap.class.isAssignableFrom(type)) {
      return sortedEntries(
          map -> Collections.unmodifiableNavigableMap((NavigableMap<Object, Object>) map));
    } else if (SortedMap.class.isAssignableFrom(type)) {
      return sortedEntries(Collections::unmodifiableSortedMap);
    } else if (Map.class.isAssignableFrom(type)) {
      boolean sequenced = name.endsWith("SequencedMap");
      return entries(
          copies -> {
            Map<Object, Object> map = LinkedHashMap.newLinkedHashMap(copies.length / 2);
            JdkCollectionPlans.putAll(map, copies, 0);
            return sequenced
                ? Collections.unmodifiableSequencedMap((LinkedHashMap<Object, Object>) map)
                : Collections.unmodifiableMap(map);
          },
          false);
    } else if (NavigableSet.class.isAssignableFrom(type)) {
      return sortedValues(set -> Collections.unmodifiableNavigableSet((NavigableSet<Object>) set));
    } else if (SortedSet.class.isAssignableFrom(type)) {
      return sortedValues(Collections::unmodifiableSortedSet);
    } else if (Set.class.isAssignableFrom(type)) {
      boolean sequenced = name.endsWith("SequencedSet");
      return values(
          copies -> {
            LinkedHashSet<Object> set = new LinkedHashSet<>(new OwnedArrayList(copies));
            return sequenced
                ? Collections.unmodifiableSequencedSet(set)
                : Collections.unmodifiableSet(set);
          },
          false);
    } else if (List.class.isAssignableFrom(type)) {
      boolean randomAccess = RandomAccess.class.isAssignableFrom(type);
      return values(
          copies ->
              Collections.unmodifiableList(
                  randomAccess
                      ? new ArrayList<>(new OwnedArrayList(copies))
                      : new LinkedList<>(new OwnedArrayList(copies))),
          false);
    } else if (Collection.class.isAssignableFrom(type)) {
      boolean sequenced = name.endsWith("SequencedCollection");
      return values(
          copies -> {
            ArrayList<Object> list = new ArrayList<>(new OwnedArrayList(copies));
            return sequenced
                ? Collections.unmodifiableSequencedCollection(list)
                : Collections.unmodifiableCollection(list);
          },
          false);
    }
    return null;
  }

  /**
   * A collection built from its copied elements; with {@code shareable}, one whose elements all stay
   * the same is shared.
   */
  private static CopyPlan values(Function<Object[], Object> build, boolean shareable) {
    ElementsFrame.Builder builder =
        (s, shell, copies, changed) -> shareable && !changed ? s : build.apply(copies);
    return CopyPlan.of(
        (source, copier) ->
            copier.open(
                new ElementsFrame(
                    source, ((Collection<?>) source).toArray(), null, builder, ELEMENTS)));
  }

  /** A map built from its copied keys and values (alternating). */
  private static CopyPlan entries(Function<Object[], Object> build, boolean shareable) {
    ElementsFrame.Builder builder =
        (s, shell, copies, changed) -> shareable && !changed ? s : build.apply(copies);
    return CopyPlan.of(
        (source, copier) ->
            copier.open(
                new ElementsFrame(
                    source, JdkCollectionPlans.entries((Map<?, ?>) source, 0), null, builder,
                    ENTRIES)));
  }

  /** An unmodifiable view of a {@code TreeSet} with the copied comparator. */
  private static CopyPlan sortedValues(Function<SortedSet<Object>, Object> wrap) {
    ElementsFrame.Builder builder =
        (s, shell, copies, changed) -> {
          TreeSet<Object> set = new TreeSet<>(JdkCollectionPlans.comparator(copies));
          set.addAll(new OwnedArrayList(copies).subList(1, copies.length));
          return wrap.apply(set);
        };
    return CopyPlan.of(
        (source, copier) ->
            copier.open(
                new ElementsFrame(
                    source,
                    JdkCollectionPlans.withComparator(
                        JdkCollectionPlans.comparatorOf(source), ((Collection<?>) source).toArray()),
                    null,
                    builder,
                    ELEMENTS_AFTER_COMPARATOR)));
  }

  /** An unmodifiable view of a {@code TreeMap} with the copied comparator. */
  private static CopyPlan sortedEntries(Function<SortedMap<Object, Object>, Object> wrap) {
    ElementsFrame.Builder builder =
        (s, shell, copies, changed) -> {
          TreeMap<Object, Object> map = new TreeMap<>(JdkCollectionPlans.comparator(copies));
          JdkCollectionPlans.putAll(map, copies, 1);
          return wrap.apply(map);
        };
    return CopyPlan.of(
        (source, copier) -> {
          Object[] items = JdkCollectionPlans.entries((Map<?, ?>) source, 1);
          items[0] = JdkCollectionPlans.comparatorOf(source);
          return copier.open(
              new ElementsFrame(source, items, null, builder, ENTRIES_AFTER_COMPARATOR));
        });
  }

  /** {@code Arrays.asList}: fixed size but settable, so its copy is published before it is filled. */
  private static CopyPlan arraysAsList() {
    return CopyPlan.of(
        (source, copier) ->
            copier.open(
                new ElementsFrame(
                    source,
                    ((List<?>) source).toArray(),
                    (s, items) -> Arrays.asList(new Object[items.length]),
                    UnmodifiablePlans::fillFixedList,
                    ELEMENTS)));
  }

  private static Object fillFixedList(Object source, Object shell, Object[] copies, boolean changed) {
    @SuppressWarnings("unchecked")
    List<Object> list = (List<Object>) shell;
    for (int i = 0; i < copies.length; i++) {
      list.set(i, copies[i]);
    }
    return list;
  }

  /** {@code List.of} when there are no nulls; {@code Stream.toList()}'s null-tolerant list otherwise. */
  private static Object immutableList(Object[] copies) {
    for (Object copy : copies) {
      if (copy == null) {
        return Arrays.stream(copies).toList();
      }
    }
    return List.of(copies);
  }

  private static Object immutableMap(Object[] copies) {
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map.Entry<Object, Object>[] entries = new Map.Entry[copies.length / 2];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = Map.entry(copies[2 * i], copies[2 * i + 1]);
    }
    return Map.ofEntries(entries);
  }
}
