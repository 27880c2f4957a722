package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
 * the same frames. The {@code java.*} classes of a throwable whose fields are closed to reflection
 * ({@code Throwable} itself when {@code java.lang} is not opened to this library, {@code
 * FileSystemException} always) are copied through their serializable fields instead ({@link
 * SerialFields}): the raw message, cause (the unset-cause marker included), stack trace and
 * suppressed list, and a JDK subclass's own fields. Such a class with transient fields cannot be
 * copied that way and is rejected as before, except {@code NullPointerException}, whose computed
 * ("helpful") message becomes the copy's message.
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

  /** Transient fields that a throwable's closed level may have: see {@link #forType}. */
  private static final Set<String> COMPENSATED_TRANSIENTS =
      Set.of(
          "java.lang.Throwable.backtrace",
          "java.lang.Throwable.depth",
          "java.lang.NullPointerException.extendedMessageState",
          "java.lang.NullPointerException.extendedMessage");

  private final Constructor<?> allocator;
  private final Field[] primitives;
  private final Field[] references;
  /** The closed levels of a throwable, copied through their serializable fields; often empty. */
  private final SerialFields[] serial;
  /** Where each of {@link #serial}'s values start in a copy's values, after the references. */
  private final int[] serialBase;
  private final String[] names;
  private final boolean throwable;
  /**
   * Whether this is a {@code NullPointerException} whose {@code getMessage} is its own: the
   * message it computes ("helpful" NPE messages) is computed before the copy, from the original's
   * stack; the copy has no VM backtrace to compute it from.
   */
  private final boolean helpfulNpe;
  /**
   * Where Throwable's {@code detailMessage} is among the values when such an exception is copied
   * through serializable fields (the computed message lives in transient fields), else -1.
   */
  private final int npeMessage;
  private final WarmHandles<Handles> handles = new WarmHandles<>(this);

  private FieldCopyPlan(
      Constructor<?> allocator,
      List<Field> primitives,
      List<Field> references,
      List<SerialFields> serial,
      boolean throwable,
      boolean helpfulNpe) {
    this.allocator = allocator;
    this.primitives = primitives.toArray(new Field[0]);
    this.references = references.toArray(new Field[0]);
    this.serial = serial.toArray(new SerialFields[0]);
    this.serialBase = new int[this.serial.length];
    List<String> names = new ArrayList<>();
    for (Field reference : this.references) {
      names.add(reference.getName());
    }
    int message = -1;
    for (int i = 0; i < this.serial.length; i++) {
      serialBase[i] = names.size();
      for (String name : this.serial[i].names) {
        if (helpfulNpe && this.serial[i].type == Throwable.class && name.equals("detailMessage")) {
          message = names.size();
        }
        names.add(name);
      }
    }
    this.names = names.toArray(new String[0]);
    this.throwable = throwable;
    this.helpfulNpe = helpfulNpe;
    this.npeMessage = message;
  }

  static CopyPlan forType(Class<?> type) {
    boolean throwable = Throwable.class.isAssignableFrom(type);
    List<Field> primitives = new ArrayList<>();
    List<Field> references = new ArrayList<>();
    List<SerialFields> serial = new ArrayList<>();
    try {
      for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
        List<Field> fields = new ArrayList<>();
        for (Field field : c.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers())
              || (throwable && c == Throwable.class && field.getName().equals("backtrace"))) {
            continue;
          }
          fields.add(field);
        }
        try {
          for (Field field : fields) {
            field.setAccessible(true);
          }
        } catch (InaccessibleObjectException closed) {
          // A throwable's JDK level: its serializable fields, if they are all it holds.
          if (!throwable || !Sendability.isJdk(c) || hasOtherTransients(fields)) {
            throw closed;
          }
          try {
            serial.add(SerialFields.forClass(c));
          } catch (ReflectiveOperationException | RuntimeException unavailable) {
            throw closed;
          }
          continue;
        }
        for (Field field : fields) {
          ReflectiveFields.checkSettable(field);
          (field.getType().isPrimitive() ? primitives : references).add(field);
        }
      }
      boolean helpfulNpe =
          NullPointerException.class.isAssignableFrom(type)
              && type.getMethod("getMessage").getDeclaringClass() == NullPointerException.class;
      return new FieldCopyPlan(
          Instantiator.forClass(type), primitives, references, serial, throwable, helpfulNpe);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Sendability.rejecting(
          Sendability.uncopyable(type, "its fields are not open to reflection: " + e.getMessage()));
    }
  }

  /** Whether a closed level has transient fields that its serializable fields do not make up for. */
  private static boolean hasOtherTransients(List<Field> fields) {
    for (Field field : fields) {
      if (Modifier.isTransient(field.getModifiers())
          && !COMPENSATED_TRANSIENTS.contains(
              field.getDeclaringClass().getName() + "." + field.getName())) {
        return true;
      }
    }
    return false;
  }

  @Override
  Object copy(Object source, GraphCopier copier) {
    Object[] values = new Object[names.length];
    Handles h = handles.get();
    String computedMessage = null;
    try {
      if (throwable && !copier.checking) {
        if (helpfulNpe) {
          computedMessage = ((Throwable) source).getMessage();
        }
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
    for (int i = 0; i < serial.length; i++) {
      serial[i].read(source, values, serialBase[i]);
    }
    if (npeMessage >= 0 && values[npeMessage] == null) {
      // The computed message lives in transient fields: the copy gets it as its message.
      values[npeMessage] = computedMessage;
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
    for (int i = 0; i < serial.length; i++) {
      serial[i].write(shell, copies, serialBase[i]);
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
