package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Combines per-field method handles into one handle per class and purpose, so that copying an
 * object costs a few handle invocations instead of two per field (a handle that is not a constant
 * is not inlined, but the JVM compiles a much-used one into straight-line code). The fields must
 * be accessible ({@code setAccessible(true)}).
 */
final class FieldHandles {
  private FieldHandles() {}

  private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
  private static final MethodType SOURCE_TO_ARRAY =
      MethodType.methodType(void.class, Object.class, Object[].class);
  private static final MethodType SOURCE_TO_TARGET =
      MethodType.methodType(void.class, Object.class, Object.class);
  private static final MethodType TARGET_FROM_ARRAY =
      MethodType.methodType(void.class, Object.class, Object[].class);
  private static final MethodHandle ARRAY_GET = MethodHandles.arrayElementGetter(Object[].class);
  private static final MethodHandle ARRAY_SET = MethodHandles.arrayElementSetter(Object[].class);

  /**
   * {@code (Object source, Object[] values) void}: stores what each getter (taking the source,
   * returning any type) returns into {@code values}, in order.
   */
  static MethodHandle readAll(List<MethodHandle> getters) {
    MethodHandle all = MethodHandles.empty(SOURCE_TO_ARRAY);
    for (int i = 0; i < getters.size(); i++) {
      MethodHandle getter = getters.get(i).asType(MethodType.methodType(Object.class, Object.class));
      // (Object[] values, Object source) -> values[i] = getter(source)
      MethodHandle store = MethodHandles.filterArguments(
          MethodHandles.insertArguments(ARRAY_SET, 1, i), 1, getter);
      all = MethodHandles.foldArguments(
          all, MethodHandles.permuteArguments(store, SOURCE_TO_ARRAY, 1, 0));
    }
    return all;
  }

  /** {@code (Object target, Object[] values) void}: sets each field from {@code values}, in order. */
  static MethodHandle writeAll(List<Field> fields) throws IllegalAccessException {
    MethodHandle all = MethodHandles.empty(TARGET_FROM_ARRAY);
    for (int i = 0; i < fields.size(); i++) {
      MethodHandle setter = LOOKUP.unreflectSetter(fields.get(i)).asType(SOURCE_TO_TARGET);
      MethodHandle element = MethodHandles.insertArguments(ARRAY_GET, 1, i);
      all = MethodHandles.foldArguments(all, MethodHandles.filterArguments(setter, 1, element));
    }
    return all;
  }

  /** {@code (Object source, Object target) void}: copies the fields' values, unboxed. */
  static MethodHandle copyAll(List<Field> fields) throws IllegalAccessException {
    MethodHandle all = MethodHandles.empty(SOURCE_TO_TARGET);
    for (Field field : fields) {
      MethodHandle getter = LOOKUP.unreflectGetter(field);
      MethodHandle setter = LOOKUP.unreflectSetter(field);
      // (target, source) -> target.f = source.f, then swapped to (source, target).
      MethodHandle one = MethodHandles.filterArguments(setter, 1, getter).asType(SOURCE_TO_TARGET);
      all = MethodHandles.foldArguments(
          all, MethodHandles.permuteArguments(one, SOURCE_TO_TARGET, 1, 0));
    }
    return all;
  }

  /** The getter of an accessible field. */
  static MethodHandle getter(Field field) throws IllegalAccessException {
    return LOOKUP.unreflectGetter(field);
  }

  /** The handle of an accessible method. */
  static MethodHandle method(Method method) throws IllegalAccessException {
    return LOOKUP.unreflect(method);
  }
}
