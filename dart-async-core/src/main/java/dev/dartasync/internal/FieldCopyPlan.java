package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Any other class, copied field by field like the Dart VM copies an instance: the copy is allocated
 * without running a constructor ({@link Instantiator}) and published (so cycles through it work),
 * primitive fields are copied at once, and reference fields are read, copied through the message's
 * copier and set when all are copied. The field handles are combined once per class ({@link
 * FieldHandles}). A class with a field closed to reflection (a JDK class outside {@code java.lang},
 * a class of a named module that does not open its package) gets a plan that rejects it with the
 * reason.
 *
 * <p>A {@link Throwable}'s stack trace is materialized before the copy ({@code getStackTrace()};
 * a check leaves it alone), and its VM-internal {@code backtrace} is not copied: the copy carries
 * the same frames.
 */
final class FieldCopyPlan extends CopyPlan {

  private final Constructor<?> allocator;
  private final MethodHandle copyPrimitives;
  private final MethodHandle readReferences;
  private final MethodHandle writeReferences;
  private final String[] names;
  private final boolean throwable;
  private final ElementsFrame.Shell shell = this::newShell;
  private final ElementsFrame.Builder fill = this::fill;
  private final ElementsFrame.Locator locate = this::locate;

  private FieldCopyPlan(
      Constructor<?> allocator, List<Field> primitives, List<Field> references, boolean throwable)
      throws IllegalAccessException {
    this.allocator = allocator;
    this.copyPrimitives = FieldHandles.copyAll(primitives);
    List<MethodHandle> getters = new ArrayList<>();
    for (Field field : references) {
      getters.add(FieldHandles.getter(field));
    }
    this.readReferences = FieldHandles.readAll(getters);
    this.writeReferences = FieldHandles.writeAll(references);
    this.names = references.stream().map(Field::getName).toArray(String[]::new);
    this.throwable = throwable;
  }

  static CopyPlan forType(Class<?> type) {
    boolean throwable = Throwable.class.isAssignableFrom(type);
    List<Field> primitives = new ArrayList<>();
    List<Field> references = new ArrayList<>();
    try {
      for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
        for (Field field : c.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers())
              || (throwable && c == Throwable.class && field.getName().equals("backtrace"))) {
            continue;
          }
          field.setAccessible(true);
          (field.getType().isPrimitive() ? primitives : references).add(field);
        }
      }
      return new FieldCopyPlan(Instantiator.forClass(type), primitives, references, throwable);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Sendability.rejecting(
          Sendability.uncopyable(type, "its fields are not open to reflection: " + e.getMessage()));
    }
  }

  @Override
  Object copy(Object source, GraphCopier copier) {
    Object[] values = new Object[names.length];
    try {
      if (throwable && !copier.checking) {
        ((Throwable) source).getStackTrace();
      }
      readReferences.invokeExact(source, values);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return copier.open(new ElementsFrame(source, values, shell, fill, locate));
  }

  /** The copy, allocated without a constructor, with the primitive fields already set. */
  private Object newShell(Object source, Object[] values) {
    try {
      Object shell = allocator.newInstance();
      copyPrimitives.invokeExact(source, shell);
      return shell;
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  private Object fill(Object source, Object shell, Object[] copies, boolean changed) {
    try {
      writeReferences.invokeExact(shell, copies);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return shell;
  }

  private String locate(Object source, Object[] items, int index) {
    return RetainingPath.inInstance(names[index], source.getClass());
  }
}
