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
 * copier and set when all are copied. The fields are accessed through reflection until the class's
 * combined field handles ({@link FieldHandles}) are ready ({@link WarmHandles}). A class with a
 * field closed to reflection (a JDK class outside {@code java.lang}, a class of a named module that
 * does not open its package) gets a plan that rejects it with the reason.
 *
 * <p>A {@link Throwable}'s stack trace is materialized before the copy ({@code getStackTrace()};
 * a check leaves it alone), and its VM-internal {@code backtrace} is not copied: the copy carries
 * the same frames.
 *
 * <p>The plan is its own shell maker, builder, locator and handle builder rather than holding
 * method references: each of those would spin a class on the first plan of a JVM (about 1 ms
 * apiece there).
 */
final class FieldCopyPlan extends CopyPlan
    implements ElementsFrame.Shell,
        ElementsFrame.Builder,
        ElementsFrame.Locator,
        WarmHandles.Builder<FieldCopyPlan.Handles> {

  /** The combined handles of the class's fields. */
  record Handles(
      MethodHandle copyPrimitives, MethodHandle readReferences, MethodHandle writeReferences) {}

  private final Constructor<?> allocator;
  private final Field[] primitives;
  private final Field[] references;
  private final String[] names;
  private final boolean throwable;
  private final WarmHandles<Handles> handles = new WarmHandles<>(this);

  private FieldCopyPlan(
      Constructor<?> allocator, List<Field> primitives, List<Field> references, boolean throwable) {
    this.allocator = allocator;
    this.primitives = primitives.toArray(new Field[0]);
    this.references = references.toArray(new Field[0]);
    this.names = new String[this.references.length];
    for (int i = 0; i < names.length; i++) {
      names[i] = this.references[i].getName();
    }
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
          ReflectiveFields.checkSettable(field);
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
    Handles h = handles.get();
    try {
      if (throwable && !copier.checking) {
        ((Throwable) source).getStackTrace();
      }
      if (h != null) {
        h.readReferences.invokeExact(source, values);
      } else {
        ReflectiveFields.readAll(references, source, values);
      }
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return copier.open(new ElementsFrame(source, values, this, this, this));
  }

  /** The copy, allocated without a constructor, with the primitive fields already set. */
  @Override
  public Object make(Object source, Object[] values) {
    Handles h = handles.get();
    try {
      Object shell = allocator.newInstance();
      if (h != null) {
        h.copyPrimitives.invokeExact(source, shell);
      } else {
        ReflectiveFields.copyAll(primitives, source, shell);
      }
      return shell;
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  /** Sets the shell's reference fields to the copies. */
  @Override
  public Object build(Object source, Object shell, Object[] copies, boolean changed) {
    Handles h = handles.get();
    try {
      if (h != null) {
        h.writeReferences.invokeExact(shell, copies);
      } else {
        ReflectiveFields.writeAll(references, shell, copies);
      }
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return shell;
  }

  @Override
  public String locate(Object source, Object[] items, int index) {
    return RetainingPath.inInstance(names[index], source.getClass());
  }

  @Override
  public Handles buildHandles() throws IllegalAccessException {
    List<MethodHandle> getters = new ArrayList<>();
    for (Field field : references) {
      getters.add(FieldHandles.getter(field));
    }
    return new Handles(
        FieldHandles.copyAll(List.of(primitives)),
        FieldHandles.readAll(getters),
        FieldHandles.writeAll(List.of(references)));
  }
}
