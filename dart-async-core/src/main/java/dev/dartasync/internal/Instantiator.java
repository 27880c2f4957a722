package dev.dartasync.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * Creates an instance of a class without running any of its constructors (the copy's fields are
 * all set from the original afterwards, as the Dart VM allocates a copy and fills its slots). Uses
 * {@code sun.reflect.ReflectionFactory} of the {@code jdk.unsupported} module, the way serialization
 * frameworks do, looked up reflectively so that the library compiles without touching an internal
 * API.
 */
final class Instantiator {
  private Instantiator() {}

  private static final Object FACTORY;
  private static final Method NEW_CONSTRUCTOR;

  static {
    Object factory = null;
    Method newConstructor = null;
    try {
      Class<?> type = Class.forName("sun.reflect.ReflectionFactory");
      factory = type.getMethod("getReflectionFactory").invoke(null);
      newConstructor =
          type.getMethod("newConstructorForSerialization", Class.class, Constructor.class);
    } catch (ReflectiveOperationException | LinkageError e) {
      // Without jdk.unsupported, plain objects cannot be copied (their plan says so).
    }
    FACTORY = factory;
    NEW_CONSTRUCTOR = newConstructor;
  }

  /**
   * A constructor that allocates {@code type} and runs only {@code Object}'s constructor.
   *
   * @throws ReflectiveOperationException if the JDK offers none
   */
  static Constructor<?> forClass(Class<?> type) throws ReflectiveOperationException {
    if (NEW_CONSTRUCTOR == null) {
      throw new NoSuchMethodException("sun.reflect.ReflectionFactory (module jdk.unsupported)");
    }
    Constructor<?> constructor =
        (Constructor<?>)
            NEW_CONSTRUCTOR.invoke(FACTORY, type, Object.class.getDeclaredConstructor());
    if (constructor == null) {
      throw new InstantiationException(type.getName());
    }
    return constructor;
  }
}
