package dev.dartasync.internal;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * The plain-reflection twins of {@link FieldHandles}' combined handles: what a copy plan uses until
 * its handles are built ({@link WarmHandles}). They need nothing spun, so a class's first copy is
 * cheap (numbers in {@link WarmHandles}). The JDK still sets up an accessor per field, spinning a
 * few LambdaForm classes the first time per field type (about 4 ms each in a fresh JVM), shared by
 * all later classes. Per object they are slower than the compiled combined handles (a message of
 * 300,000 small objects: 96 ms through reflection only, 84 ms through the handles, best of 60 in
 * one JVM), which is why a plan switches once its handles are ready. The members must be accessible ({@code setAccessible(true)}); an exception thrown by
 * a called accessor or constructor propagates unwrapped, as through a handle.
 */
final class ReflectiveFields {
  private ReflectiveFields() {}

  /** Stores each field's value (boxed if primitive) in {@code values}, in order. */
  static void readAll(Field[] fields, Object source, Object[] values) throws IllegalAccessException {
    for (int i = 0; i < fields.length; i++) {
      values[i] = fields[i].get(source);
    }
  }

  /** Stores what each accessor returns in {@code values}, in order. */
  static void readAll(Method[] accessors, Object source, Object[] values) throws Throwable {
    for (int i = 0; i < accessors.length; i++) {
      try {
        values[i] = accessors[i].invoke(source);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
  }

  /** Sets each reference field of {@code target} from {@code values}, in order. */
  static void writeAll(Field[] fields, Object target, Object[] values)
      throws IllegalAccessException {
    for (int i = 0; i < fields.length; i++) {
      fields[i].set(target, values[i]);
    }
  }

  /** Copies each primitive field's value from {@code source} to {@code target}, unboxed. */
  static void copyAll(Field[] primitives, Object source, Object target)
      throws IllegalAccessException {
    for (Field f : primitives) {
      Class<?> type = f.getType();
      if (type == int.class) {
        f.setInt(target, f.getInt(source));
      } else if (type == long.class) {
        f.setLong(target, f.getLong(source));
      } else if (type == double.class) {
        f.setDouble(target, f.getDouble(source));
      } else if (type == boolean.class) {
        f.setBoolean(target, f.getBoolean(source));
      } else if (type == byte.class) {
        f.setByte(target, f.getByte(source));
      } else if (type == char.class) {
        f.setChar(target, f.getChar(source));
      } else if (type == short.class) {
        f.setShort(target, f.getShort(source));
      } else {
        f.setFloat(target, f.getFloat(source));
      }
    }
  }

  /** Calls {@code constructor} with {@code arguments}. */
  static Object construct(Constructor<?> constructor, Object[] arguments) throws Throwable {
    try {
      return constructor.newInstance(arguments);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * Fails if {@code field} (accessible, not static) cannot be set, with the text of {@link
   * FieldHandles#writeAll}'s failure: it is a final field of a hidden class or a record, the finals
   * that even {@code setAccessible} does not open. Other fields build nothing here (a setter handle
   * spins a LambdaForm class the first time per field type, and {@link FieldHandles}' constants
   * more: 5 ms in a fresh JVM).
   */
  static void checkSettable(Field field) throws IllegalAccessException {
    Class<?> holder = field.getDeclaringClass();
    if (Modifier.isFinal(field.getModifiers()) && (holder.isHidden() || holder.isRecord())) {
      MethodHandles.lookup().unreflectSetter(field);
    }
  }
}
