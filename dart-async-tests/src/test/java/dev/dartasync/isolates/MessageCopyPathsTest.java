package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.internal.Testing;
import dev.dartasync.internal.Testing.CopyPath;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A copy plan copies a class through plain reflection until its combined method handles are built
 * in the background, then through the handles. Both paths must make the same copies and fail with
 * the same texts: each test copies the same graph both ways and compares the results field by field
 * (raw bits for floating point, identity structure for cycles).
 */
class MessageCopyPathsTest {

  static class Base {
    final int id;
    Object next;

    Base(int id) {
      this.id = id;
    }
  }

  static final class Prims extends Base {
    boolean z = true;
    byte b = -7;
    char c = 'ß';
    short s = -300;
    int i = Integer.MIN_VALUE;
    long l = Long.MAX_VALUE - 1;
    float f = Float.intBitsToFloat(0x7fc00001);
    double d = -0.0;
    final String name;
    final List<Object> items = new ArrayList<>();

    Prims(int id, String name) {
      super(id);
      this.name = name;
    }
  }

  record Box(List<Object> items, int n, Object other) {}

  record Failing(Object value) {
    @Override
    public Object value() {
      throw new IllegalStateException("accessor of " + value);
    }
  }

  @AfterEach
  void restoreDefaultPath() {
    Testing.setCopyPath(CopyPath.DEFAULT);
  }

  private static Object copyThrough(CopyPath path, Object message) {
    Testing.setCopyPath(path);
    try {
      return MessageCopy.copy(message);
    } finally {
      Testing.setCopyPath(CopyPath.DEFAULT);
    }
  }

  private static String failureThrough(CopyPath path, Object message) {
    Testing.setCopyPath(path);
    try {
      return assertThrows(ArgumentError.class, () -> MessageCopy.copy(message)).getMessage();
    } finally {
      Testing.setCopyPath(CopyPath.DEFAULT);
    }
  }

  /** Copies {@code message} both ways; returns the handles' copy after checking both match it. */
  private static Object copyBothWays(Object message) {
    Object reflective = copyThrough(CopyPath.REFLECTION, message);
    Object handled = copyThrough(CopyPath.HANDLES, message);
    assertNotSame(reflective, handled);
    assertEquals(dump(message), dump(reflective));
    assertEquals(dump(reflective), dump(handled));
    return handled;
  }

  @Test
  void plainObjectsWithEveryPrimitiveTypeInheritedAndFinalFieldsAndACycle() {
    Prims first = new Prims(1, "first");
    Prims second = new Prims(2, "second");
    second.z = false;
    second.d = Double.longBitsToDouble(0x7ff8000000000abcL);
    first.next = second;
    second.next = first;
    first.items.add(second);
    first.items.add(List.of(3, "x"));
    Prims copy = (Prims) copyBothWays(first);
    assertNotSame(first, copy);
    assertSame(copy, ((Prims) copy.next).next);
    assertSame(copy.next, copy.items.get(0));
  }

  @Test
  void recordsAndLambdasGoThroughTheirConstructors() {
    List<Object> shared = new ArrayList<>(List.of(1, 2));
    int offset = 40;
    Supplier<Object> lambda = () -> shared.size() + offset;
    Box box = new Box(shared, 7, new Box(new ArrayList<>(), 8, lambda));
    Box copy = (Box) copyBothWays(box);
    Supplier<?> lambdaCopy = (Supplier<?>) ((Box) copy.other()).other();
    shared.add(3);
    assertEquals(43, lambda.get());
    assertEquals(42, lambdaCopy.get());
    assertNotSame(box.items(), copy.items());
  }

  @Test
  void aThrowableKeepsItsFramesAndCause() {
    IllegalStateException error =
        new IllegalStateException("boom", new IllegalArgumentException("cause"));
    IllegalStateException reflective =
        (IllegalStateException) copyThrough(CopyPath.REFLECTION, error);
    IllegalStateException handled = (IllegalStateException) copyThrough(CopyPath.HANDLES, error);
    for (IllegalStateException copy : List.of(reflective, handled)) {
      assertNotSame(error, copy);
      assertEquals("java.lang.IllegalStateException: boom", copy.toString());
      assertEquals("java.lang.IllegalArgumentException: cause", copy.getCause().toString());
      assertTrue(Arrays.equals(error.getStackTrace(), copy.getStackTrace()));
    }
  }

  @Test
  void anUnsendableObjectGivesTheSameRetainingPathBothWays() {
    int[] unused = {0};
    ReentrantLock lock = new ReentrantLock();
    Supplier<Object> holdsLock = () -> lock.toString() + unused.length;
    Prims holder = new Prims(3, "holder");
    holder.next = new Box(new ArrayList<>(), 1, holdsLock);
    String reflective = failureThrough(CopyPath.REFLECTION, holder);
    assertEquals(reflective, failureThrough(CopyPath.HANDLES, holder));
    assertTrue(reflective.contains("Class: ReentrantLock"), reflective);
    assertTrue(reflective.contains(" <- other in Instance of 'Box'"), reflective);
    assertTrue(reflective.contains(" <- next in Instance of 'Prims'"), reflective);
  }

  @Test
  void aThrowingAccessorPropagatesUnwrappedBothWays() {
    Failing failing = new Failing(new ArrayList<>());
    for (CopyPath path : List.of(CopyPath.REFLECTION, CopyPath.HANDLES)) {
      Testing.setCopyPath(path);
      IllegalStateException thrown =
          assertThrows(IllegalStateException.class, () -> MessageCopy.copy(failing));
      assertEquals("accessor of []", thrown.getMessage());
    }
  }

  /** Handles are built in the background only for a class copied more than a few times. */
  @Test
  void handlesAreBuiltInTheBackgroundForAClassInUseOnly() throws InterruptedException {
    record Once(List<Object> items) {}
    record Often(List<Object> items) {}
    Testing.awaitCopyHandles();
    long before = Testing.copyHandlesBuilt();
    MessageCopy.copy(new Once(new ArrayList<>()));
    Testing.awaitCopyHandles();
    assertEquals(before, Testing.copyHandlesBuilt());
    List<Object> many = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      many.add(new Often(new ArrayList<>(List.of(i))));
    }
    List<?> copy = (List<?>) MessageCopy.copy(many);
    Testing.awaitCopyHandles();
    assertEquals(before + 1, Testing.copyHandlesBuilt());
    assertEquals(dump(many), dump(copy));
    assertEquals(dump(many), dump(MessageCopy.copy(many)));
  }

  /** The graph's structure and values: classes, fields, raw bits, and back-references. */
  private static String dump(Object root) {
    StringBuilder out = new StringBuilder();
    dump(root, out, new IdentityHashMap<>());
    return out.toString();
  }

  private static void dump(Object value, StringBuilder out, Map<Object, Integer> seen) {
    if (value == null || value instanceof String || value instanceof Number
        || value instanceof Boolean || value instanceof Character) {
      out.append(value instanceof Double d ? Long.toHexString(Double.doubleToRawLongBits(d))
          : value instanceof Float f ? Integer.toHexString(Float.floatToRawIntBits(f))
          : String.valueOf(value));
      return;
    }
    Integer known = seen.get(value);
    if (known != null) {
      out.append('#').append(known);
      return;
    }
    seen.put(value, seen.size());
    if (value instanceof List<?> list) {
      out.append('[');
      for (Object item : list) {
        dump(item, out, seen);
        out.append(',');
      }
      out.append(']');
      return;
    }
    out.append(value.getClass().getSimpleName()).append('{');
    for (Class<?> c = value.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        field.setAccessible(true);
        out.append(field.getName()).append('=');
        try {
          dump(field.get(value), out, seen);
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
        out.append(';');
      }
    }
    out.append('}');
  }
}
