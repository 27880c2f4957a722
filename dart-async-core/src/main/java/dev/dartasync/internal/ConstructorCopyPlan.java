package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
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
 */
final class ConstructorCopyPlan extends CopyPlan {

  private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);

  private final MethodHandle readAll;
  private final String[] names;
  private final MethodHandle constructor;
  private final boolean lambda;
  private final ElementsFrame.Builder build = this::build;
  private final ElementsFrame.Locator locate = this::locate;

  private ConstructorCopyPlan(
      MethodHandle readAll, String[] names, MethodHandle constructor, boolean lambda) {
    this.readAll = readAll;
    this.names = names;
    this.constructor = constructor;
    this.lambda = lambda;
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
      List<MethodHandle> getters = new ArrayList<>();
      String[] names = new String[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        var accessor = components[i].getAccessor();
        accessor.setAccessible(true);
        getters.add(FieldHandles.method(accessor));
        names[i] = components[i].getName();
        types[i] = components[i].getType();
      }
      Constructor<?> canonical = type.getDeclaredConstructor(types);
      return new ConstructorCopyPlan(
          FieldHandles.readAll(getters), names, spread(canonical), false);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return closed(type, e);
    }
  }

  static CopyPlan forLambda(Class<?> type) {
    Field[] fields =
        Arrays.stream(type.getDeclaredFields())
            .filter(f -> !Modifier.isStatic(f.getModifiers()))
            .sorted(Comparator.comparingInt(ConstructorCopyPlan::capturedIndex))
            .toArray(Field[]::new);
    if (fields.length == 0) {
      return CopyPlan.SHARED;
    }
    try {
      List<MethodHandle> getters = new ArrayList<>();
      String[] names = new String[fields.length];
      for (int i = 0; i < fields.length; i++) {
        fields[i].setAccessible(true);
        getters.add(FieldHandles.getter(fields[i]));
        names[i] = fields[i].getName();
      }
      Constructor<?>[] constructors = type.getDeclaredConstructors();
      if (constructors.length != 1 || constructors[0].getParameterCount() != fields.length) {
        return Sendability.rejecting(
            Sendability.uncopyable(type, "the lambda's class has an unexpected shape"));
      }
      return new ConstructorCopyPlan(
          FieldHandles.readAll(getters), names, spread(constructors[0]), true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return closed(type, e);
    }
  }

  @Override
  Object copy(Object source, GraphCopier copier) {
    Object[] values = new Object[names.length];
    try {
      readAll.invokeExact(source, values);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
    return copier.open(new ElementsFrame(source, values, null, build, locate));
  }

  private Object build(Object source, Object shell, Object[] copies, boolean changed) {
    if (!changed) {
      return source;
    }
    try {
      return (Object) constructor.invokeExact(copies);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  private String locate(Object source, Object[] items, int index) {
    if (lambda) {
      return RetainingPath.inLambda(source.getClass(), names[index], items[index]);
    }
    return RetainingPath.inInstance(names[index], source.getClass());
  }

  private static MethodHandle spread(Constructor<?> constructor) throws IllegalAccessException {
    constructor.setAccessible(true);
    MethodHandle handle = MethodHandles.lookup().unreflectConstructor(constructor);
    return handle
        .asSpreader(Object[].class, constructor.getParameterCount())
        .asType(SPREAD);
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
