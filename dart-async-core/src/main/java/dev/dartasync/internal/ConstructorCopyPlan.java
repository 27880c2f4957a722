package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Records and lambdas: objects whose final fields only a constructor can set. The components (a
 * record's accessors, a lambda's captured values {@code arg$1..arg$n}) are read, copied, and passed
 * to the canonical constructor (for a lambda, the private constructor of its hidden class; reflection
 * may call it for classes in unnamed or open modules). If every component copy is the component
 * itself, the instance is deeply immutable and is shared instead. Because the copy only exists once
 * its components are copied, a record or lambda in a reference cycle cannot be copied.
 *
 * <p>The components are read and the constructor called through reflection until the plan's
 * combined handles are ready ({@link WarmHandles}). The plan is its own frame builder, locator and
 * handle builder rather than holding method references: each of those would spin a class on the
 * first plan of a JVM (about 1 ms apiece there).
 */
final class ConstructorCopyPlan extends CopyPlan
    implements ElementsFrame.Builder,
        ElementsFrame.Locator,
        WarmHandles.Builder<ConstructorCopyPlan.Handles> {

  private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);

  /** Orders a lambda's fields {@code arg$1..arg$n}. */
  private static final Comparator<Field> BY_CAPTURED_INDEX =
      new Comparator<>() {
        @Override
        public int compare(Field a, Field b) {
          return Integer.compare(capturedIndex(a), capturedIndex(b));
        }
      };

  /** The combined reader and the spread constructor. */
  record Handles(MethodHandle readAll, MethodHandle constructor) {}

  /** A record's accessors, or {@code null} for a lambda. */
  private final Method[] accessors;
  /** A lambda's captured fields, or {@code null} for a record. */
  private final Field[] fields;
  private final String[] names;
  private final Constructor<?> constructor;
  private final boolean lambda;
  private final WarmHandles<Handles> handles = new WarmHandles<>(this);

  private ConstructorCopyPlan(
      Method[] accessors, Field[] fields, String[] names, Constructor<?> constructor) {
    this.accessors = accessors;
    this.fields = fields;
    this.names = names;
    this.constructor = constructor;
    this.lambda = fields != null;
    constructor.setAccessible(true);
  }

  static CopyPlan forRecord(Class<?> type) {
    RecordComponent[] components = type.getRecordComponents();
    boolean allShared = true;
    for (RecordComponent component : components) {
      Class<?> t = component.getType();
      allShared &= t.isPrimitive() || Sendability.isSharedValueType(t);
    }
    if (allShared) {
      return CopyPlan.SHARED;
    }
    try {
      Method[] accessors = new Method[components.length];
      String[] names = new String[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        accessors[i] = components[i].getAccessor();
        accessors[i].setAccessible(true);
        names[i] = components[i].getName();
        types[i] = components[i].getType();
      }
      Constructor<?> canonical = type.getDeclaredConstructor(types);
      return new ConstructorCopyPlan(accessors, null, names, canonical);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return closed(type, e);
    }
  }

  static CopyPlan forLambda(Class<?> type) {
    List<Field> captured = new ArrayList<>();
    for (Field field : type.getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers())) {
        captured.add(field);
      }
    }
    if (captured.isEmpty()) {
      return CopyPlan.SHARED;
    }
    Field[] fields = captured.toArray(new Field[0]);
    Arrays.sort(fields, BY_CAPTURED_INDEX);
    try {
      String[] names = new String[fields.length];
      for (int i = 0; i < fields.length; i++) {
        fields[i].setAccessible(true);
        names[i] = fields[i].getName();
      }
      Constructor<?>[] constructors = type.getDeclaredConstructors();
      if (constructors.length != 1 || constructors[0].getParameterCount() != fields.length) {
        return Sendability.rejecting(
            Sendability.uncopyable(type, "the lambda's class has an unexpected shape"));
      }
      return new ConstructorCopyPlan(null, fields, names, constructors[0]);
    } catch (RuntimeException e) {
      return closed(type, e);
    }
  }

  @Override
  Object copy(Object source, GraphCopier copier) {
    Object[] values = new Object[names.length];
    Handles h = handles.get();
    try {
      if (h != null) {
        h.readAll.invokeExact(source, values);
      } else if (lambda) {
        ReflectiveFields.readAll(fields, source, values);
      } else {
        ReflectiveFields.readAll(accessors, source, values);
      }
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return copier.open(new ElementsFrame(source, values, null, this, this));
  }

  /** The copy from the copied components: a new instance, or the source if nothing changed. */
  @Override
  public Object build(Object source, Object shell, Object[] copies, boolean changed) {
    if (!changed) {
      return source;
    }
    Handles h = handles.get();
    try {
      return h != null
          ? (Object) h.constructor.invokeExact(copies)
          : ReflectiveFields.construct(constructor, copies);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  @Override
  public String locate(Object source, Object[] items, int index) {
    if (lambda) {
      return RetainingPath.inLambda(source.getClass(), names[index], items[index]);
    }
    return RetainingPath.inInstance(names[index], source.getClass());
  }

  @Override
  public Handles buildHandles() throws IllegalAccessException {
    List<MethodHandle> getters = new ArrayList<>();
    if (lambda) {
      for (Field field : fields) {
        getters.add(FieldHandles.getter(field));
      }
    } else {
      for (Method accessor : accessors) {
        getters.add(FieldHandles.method(accessor));
      }
    }
    MethodHandle spread =
        MethodHandles.lookup()
            .unreflectConstructor(constructor)
            .asSpreader(Object[].class, constructor.getParameterCount())
            .asType(SPREAD);
    return new Handles(FieldHandles.readAll(getters), spread);
  }

  private static int capturedIndex(Field field) {
    String name = field.getName();
    int dollar = name.lastIndexOf('$');
    try {
      return Integer.parseInt(name.substring(dollar + 1));
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  private static CopyPlan closed(Class<?> type, Exception e) {
    return Sendability.rejecting(
        Sendability.uncopyable(type, "its fields are not open to reflection: " + e.getMessage()));
  }
}
