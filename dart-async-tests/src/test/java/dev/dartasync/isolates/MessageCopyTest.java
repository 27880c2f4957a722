package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.internal.MessageCopy;
import dev.dartasync.internal.SharedAcrossIsolates;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The message copy of {@code SendPort.send} (semantics notes §7.3): a deep copy that keeps the
 * message's sharing and cycles, shares deeply immutable values, and rebuilds records and lambdas
 * through their constructors. The JDK collections are in {@link MessageCopyCollectionsTest}, the
 * errors in {@link UnsendableMessageTest}.
 */
class MessageCopyTest {

  enum Color {
    RED
  }

  record Point(int x, int y) {}

  record Pair(Object first, Object second) {}

  /** A record whose compact constructor copies its list: it must get the finished copy. */
  record Snapshot(List<String> items) {
    Snapshot {
      items = new ArrayList<>(items);
    }
  }

  static final class Node {
    int value;
    String name;
    Node next;
    List<Node> children = new ArrayList<>();

    Node(int value) {
      this.value = value;
      this.name = "n" + value;
    }
  }

  static final class Counter {
    int count;
    final List<String> log = new ArrayList<>();

    IntSupplier reader() {
      return () -> count + log.size();
    }
  }

  /** Stands for a port or capability: an immutable handle every isolate may hold. */
  static class Handle implements SharedAcrossIsolates {
    final long id;
    final Object resource;

    Handle(long id, Object resource) {
      this.id = id;
      this.resource = resource;
    }
  }

  static final class SubHandle extends Handle {
    SubHandle(long id) {
      super(id, null);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T copy(T message) {
    return (T) MessageCopy.copy(message);
  }

  @Test
  @DisplayName("deeply immutable values are shared: the receiver gets the very same instances")
  void immutablesAreShared() {
    List<Object> values =
        List.of(
            "text",
            42,
            42L,
            2.5,
            true,
            'c',
            BigInteger.TEN.pow(30),
            new BigDecimal("1.25"),
            Color.RED,
            LocalDate.of(2026, 12, 1),
            Duration.ofMillis(1500),
            Instant.EPOCH,
            UUID.randomUUID(),
            String.class,
            new Point(1, 2),
            new Pair("a", 1),
            new Pair(new Point(3, 4), List.of("x", "y")),
            List.of(1, 2, 3),
            Map.of("k", 1),
            Optional.of("v"));
    for (Object value : values) {
      assertSame(value, copy(value), () -> "shared: " + value);
    }
    assertSame(values, copy(values), "an unmodifiable list of shared values is shared too");
    assertNull(copy(null));

    assertTrue(MessageCopy.isSharedType(String.class));
    assertTrue(MessageCopy.isSharedType(Color.class));
    assertTrue(MessageCopy.isSharedType(Point.class), "a record of primitives");
    assertFalse(MessageCopy.isSharedType(Pair.class), "a record of Objects: decided per instance");
    assertFalse(MessageCopy.isSharedType(ArrayList.class));
    assertFalse(MessageCopy.isSharedType(Node.class));
  }

  @Test
  @DisplayName("SharedAcrossIsolates instances are shared as they are, without looking inside")
  void sharedAcrossIsolates() {
    Handle handle = new Handle(7, new ArrayList<>(List.of("inside")));
    SubHandle sub = new SubHandle(8);
    assertTrue(MessageCopy.isSharedType(Handle.class));
    assertTrue(MessageCopy.isSharedType(SubHandle.class), "subclasses too");
    assertSame(handle, copy(handle));
    Object[] message = {handle, sub, List.of(handle), new ArrayList<>(List.of(handle))};
    Object[] c = copy(message);
    assertSame(handle, c[0]);
    assertSame(sub, c[1]);
    assertSame(message[2], c[2], "an unmodifiable list of handles is shared too");
    assertSame(handle, ((List<?>) c[3]).get(0));
    assertNotSame(message[3], c[3]);
    // Not looked into: what a handle holds is its own business (here an unsendable object).
    Handle holdingThread = new Handle(9, Thread.currentThread());
    assertSame(holdingThread, copy(holdingThread));
    MessageCopy.check(holdingThread);
  }

  @Test
  @DisplayName("an object graph is copied: new instances, same values, later mutation unseen")
  void plainObjectsAreCopied() {
    Node a = new Node(1);
    a.next = new Node(2);
    a.children.add(new Node(3));

    Node b = copy(a);
    assertNotSame(a, b);
    assertNotSame(a.next, b.next);
    assertNotSame(a.children, b.children);
    assertEquals(List.of(1, 2, 3), List.of(b.value, b.next.value, b.children.get(0).value));
    assertSame(a.name, b.name, "strings inside are shared");

    a.value = 10;
    a.children.add(new Node(4));
    assertEquals(1, b.value);
    assertEquals(1, b.children.size());
  }

  @Test
  @DisplayName("cycles stay cycles: an object, a list and a map that hold themselves")
  void cyclesArePreserved() {
    Node node = new Node(1);
    node.next = node;
    node.children.add(node);
    Node nodeCopy = copy(node);
    assertNotSame(node, nodeCopy);
    assertSame(nodeCopy, nodeCopy.next);
    assertSame(nodeCopy, nodeCopy.children.get(0));

    // co19 SendPort/send_A02_t01, t02: cyclic lists and maps.
    List<Object> list = new ArrayList<>();
    list.add(1);
    list.add(list);
    List<?> listCopy = copy(list);
    assertNotSame(list, listCopy);
    assertSame(listCopy, listCopy.get(1));

    Map<String, Object> map = new LinkedHashMap<>();
    map.put("self", map);
    map.put("list", list);
    Map<?, ?> mapCopy = copy(map);
    assertSame(mapCopy, mapCopy.get("self"));
    List<?> innerList = (List<?>) mapCopy.get("list");
    assertNotSame(list, innerList);
    assertSame(innerList, innerList.get(1));

    Node x = new Node(1);
    Node y = new Node(2);
    x.next = y;
    y.next = x;
    Node xCopy = copy(x);
    assertSame(xCopy, xCopy.next.next);
    assertEquals(2, xCopy.next.value);
  }

  @Test
  @DisplayName("an object reached twice is copied once: sharing inside the message is kept")
  void sharedSubObjectsStayShared() {
    List<String> shared = new ArrayList<>(List.of("a"));
    Node left = new Node(1);
    Node right = new Node(2);
    Node common = new Node(3);
    left.next = common;
    right.next = common;
    Object[] message = {shared, new Pair(shared, left), right, shared};

    Object[] c = copy(message);
    assertNotSame(message, c);
    assertNotSame(shared, c[0]);
    assertSame(c[0], c[3]);
    Pair pair = (Pair) c[1];
    assertSame(c[0], pair.first());
    assertSame(((Node) pair.second()).next, ((Node) c[2]).next);
    assertNotSame(common, ((Node) c[2]).next);
  }

  @Test
  @DisplayName("arrays: primitive arrays are copied whole, reference arrays slot by slot")
  void arrays() {
    byte[] bytes = new byte[1 << 20];
    Arrays.fill(bytes, (byte) 7);
    int[] ints = {1, 2, 3};
    Object[] message = {bytes, ints, ints, new double[] {0.5}, new boolean[] {true}};
    Object[] c = copy(message);
    assertNotSame(bytes, c[0]);
    assertArrayEquals(bytes, (byte[]) c[0]);
    assertNotSame(ints, c[1]);
    assertSame(c[1], c[2], "the same array twice is copied once");
    assertArrayEquals(new double[] {0.5}, (double[]) c[3]);
    assertArrayEquals(new boolean[] {true}, (boolean[]) c[4]);

    String[] strings = {"a", "b"};
    String[] stringsCopy = copy(strings);
    assertNotSame(strings, stringsCopy, "an array is mutable: never shared");
    assertArrayEquals(strings, stringsCopy);
    assertSame(String[].class, stringsCopy.getClass());

    Object[] self = new Object[2];
    self[0] = self;
    Object[] selfCopy = copy(self);
    assertSame(selfCopy, selfCopy[0]);
  }

  @Test
  @DisplayName("records are rebuilt through their canonical constructor, after their components")
  void records() {
    List<String> names = new ArrayList<>(List.of("ann", "bob"));
    Pair pair = new Pair(names, new Point(1, 2));
    Pair pairCopy = copy(pair);
    assertNotSame(pair, pairCopy);
    assertNotSame(names, pairCopy.first());
    assertEquals(names, pairCopy.first());
    assertSame(pair.second(), pairCopy.second());

    // Snapshot's constructor copies the list it gets: it must see the finished copy.
    Snapshot snapshot = new Snapshot(names);
    Snapshot snapshotCopy = copy(snapshot);
    assertNotSame(snapshot, snapshotCopy);
    assertEquals(List.of("ann", "bob"), snapshotCopy.items());
    Object[] both = {names, new Pair(names, names)};
    Object[] bothCopy = copy(both);
    Pair inner = (Pair) bothCopy[1];
    assertSame(bothCopy[0], inner.first());
    assertSame(inner.first(), inner.second());
    assertEquals(List.of("ann", "bob"), inner.first());
  }

  @Test
  @DisplayName("lambdas are rebuilt from copies of their captured values; non-capturing ones are shared")
  void lambdas() {
    List<String> captured = new ArrayList<>(List.of("x"));
    Supplier<Integer> size = () -> captured.size();
    Supplier<Integer> sizeCopy = copy(size);
    assertNotSame(size, sizeCopy);
    captured.add("y");
    assertEquals(2, size.get());
    assertEquals(1, sizeCopy.get(), "the copy captured a copy of the list");

    Counter counter = new Counter();
    counter.count = 5;
    IntSupplier reader = counter.reader(); // captures this
    IntSupplier readerCopy = copy(reader);
    counter.count = 100;
    counter.log.add("entry");
    assertEquals(101, reader.getAsInt());
    assertEquals(5, readerCopy.getAsInt(), "the copy captured a copy of this");

    Runnable stateless = () -> {};
    assertSame(stateless, copy(stateless));
    String text = "abc";
    Supplier<String> ofImmutables = () -> text + 1;
    assertSame(ofImmutables, copy(ofImmutables), "captures only shared values: shared");
  }

  @Test
  @DisplayName("hash keys are copied before they are hashed: lookups work in the copy")
  void hashedKeys() {
    List<Integer> key = new ArrayList<>(List.of(1, 2));
    Map<Object, String> map = new HashMap<>();
    map.put(key, "list key");
    map.put(new Pair(key, "k"), "record key");
    Map<Object, String> mapCopy = copy(map);
    assertEquals("list key", mapCopy.get(List.of(1, 2)));
    assertEquals("record key", mapCopy.get(new Pair(List.of(1, 2), "k")));
    Object keyCopy =
        mapCopy.keySet().stream().filter(k -> k instanceof List).findFirst().orElseThrow();
    assertNotSame(key, keyCopy);
  }

  @Test
  @DisplayName("a thrown error is copied with its message, cause and stack trace")
  void throwables() {
    IllegalStateException error =
        new IllegalStateException("boom", new IllegalArgumentException("cause"));
    IllegalStateException errorCopy = copy(error);
    assertNotSame(error, errorCopy);
    assertEquals("boom", errorCopy.getMessage());
    assertNotSame(error.getCause(), errorCopy.getCause());
    assertEquals("java.lang.IllegalArgumentException: cause", errorCopy.getCause().toString());
    assertArrayEquals(error.getStackTrace(), errorCopy.getStackTrace());
    assertEquals(0, errorCopy.getSuppressed().length);

    RuntimeException alone = new RuntimeException("alone");
    assertNull(copy(alone).getCause(), "a cause never set stays unset");
  }

  @Test
  @DisplayName("java.lang's own classes are copied or shared the same with or without --add-opens")
  void javaLangClasses() {
    StringBuilder builder = new StringBuilder(64).append("built");
    StringBuilder builderCopy = copy(builder);
    assertNotSame(builder, builderCopy);
    assertEquals("built", builderCopy.toString());
    assertEquals(64, builderCopy.capacity());
    StringBuffer buffer = new StringBuffer("buffered");
    List<Object> twice = copy(Arrays.asList(buffer, buffer));
    assertNotSame(buffer, twice.get(0));
    assertSame(twice.get(0), twice.get(1), "one copy for an object reached twice");
    assertEquals("buffered", twice.get(0).toString());
    assertEquals(buffer.capacity(), ((StringBuffer) twice.get(0)).capacity());

    List<Object> shared =
        List.of(
            Character.UnicodeBlock.BASIC_LATIN,
            Runtime.version(),
            StackWalker.getInstance(),
            MessageCopyTest.class.getPackage(),
            ModuleLayer.boot());
    List<Object> sharedCopy = copy(new ArrayList<>(shared));
    for (int i = 0; i < shared.size(); i++) {
      assertSame(shared.get(i), sharedCopy.get(i), shared.get(i).getClass().getName());
    }
  }

  @Test
  @DisplayName("Optional and the atomics are copied with their values")
  void holders() {
    List<String> list = new ArrayList<>(List.of("a"));
    Optional<List<String>> optional = Optional.of(list);
    Optional<List<String>> optionalCopy = copy(optional);
    assertNotSame(list, optionalCopy.orElseThrow());
    assertEquals(list, optionalCopy.orElseThrow());

    AtomicInteger counter = new AtomicInteger(7);
    AtomicInteger counterCopy = copy(counter);
    assertNotSame(counter, counterCopy);
    assertEquals(7, counterCopy.get());

    AtomicReference<Object> ref = new AtomicReference<>();
    ref.set(ref);
    AtomicReference<?> refCopy = copy(ref);
    assertSame(refCopy, refCopy.get());
  }

  @Test
  @DisplayName("a chain of 200,000 objects is copied without running out of stack")
  void longChains() {
    Node head = new Node(0);
    Node tail = head;
    for (int i = 1; i < 200_000; i++) {
      tail.next = new Node(i);
      tail = tail.next;
    }
    Node c = copy(head);
    int n = 0;
    for (Node p = c; p != null; p = p.next) {
      assertEquals(n++, p.value);
    }
    assertEquals(200_000, n);
    assertInstanceOf(ArrayList.class, c.children);
  }
}
