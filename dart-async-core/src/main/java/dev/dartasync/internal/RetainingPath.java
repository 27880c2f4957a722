package dev.dartasync.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The names in the message-copy errors, adapted from the Dart VM's to Java: a class is {@code
 * Library:'<package>' Class: <simple name>} (a lambda's class is {@code Closure}); a retaining-path
 * line names the holder ({@code Instance of 'Node'}, {@code ArrayList len:3}, {@code Closure:
 * Runnable from Worker}), prefixed with the reference that holds the next object ({@code next in},
 * {@code [2] in}, {@code value of key "k" in}, {@code field this in} for a lambda's captured value)
 * and followed by {@code (from <package>)}. A class of the library's internals is named after the
 * public type it stands for ({@link PublicFace}): {@code Library:'dev.dartasync' Class: DFuture}.
 */
final class RetainingPath {
  private RetainingPath() {}

  /** Dart's {@code Class::ToCString()}, in Java terms: {@code Library:'java.lang' Class: Thread}. */
  static String classText(Class<?> type) {
    return "Library:'" + library(type) + "' Class: " + className(type);
  }

  /** The package standing for Dart's library: a lambda's is its declaring class's. */
  static String library(Class<?> type) {
    while (type.isArray()) {
      type = type.getComponentType();
    }
    if (isLambda(type)) {
      type = lambdaHost(type);
    }
    if (PublicFace.isInternal(type)) {
      Class<?> face = PublicFace.of(type);
      return face == null ? "dev.dartasync" : face.getPackageName();
    }
    return type.getPackageName();
  }

  /** A class's short name: {@code Closure} for a lambda, {@code Outer$1} for an anonymous class. */
  static String className(Class<?> type) {
    if (type.isArray()) {
      return className(type.getComponentType()) + "[]";
    }
    if (isLambda(type)) {
      return "Closure";
    }
    if (PublicFace.isInternal(type)) {
      Class<?> face = PublicFace.of(type);
      return face == null ? "Object" : face.getSimpleName();
    }
    String simple = type.getSimpleName();
    if (simple.isEmpty()) {
      String name = type.getName();
      return name.substring(name.lastIndexOf('.') + 1);
    }
    return simple;
  }

  /**
   * The class a lambda was written in: its hidden class is named after it ({@code
   * com.example.Worker$$Lambda/0x…}); the nest host would be the top-level class.
   */
  static Class<?> lambdaHost(Class<?> lambda) {
    String name = lambda.getName();
    try {
      return Class.forName(
          name.substring(0, name.indexOf("$$Lambda")), false, lambda.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return lambda.getNestHost();
    }
  }

  /** Whether {@code type} is the hidden class of a Java lambda or method reference. */
  static boolean isLambda(Class<?> type) {
    return type.isHidden() && type.getName().contains("$$Lambda");
  }

  /** {@code <reference> in Instance of 'Node' (from com.example)}. */
  static String inInstance(String reference, Class<?> type) {
    return reference + " in Instance of '" + className(type) + "'" + from(type);
  }

  /**
   * {@code field <captured> in Closure: Runnable from Worker (from com.example)}, for a value a
   * lambda captured: {@code this} for the declaring class's instance, otherwise the hidden field
   * ({@code arg$2}).
   */
  static String inLambda(Class<?> lambda, String field, Object captured) {
    Class<?> host = lambdaHost(lambda);
    String name = field.equals("arg$1") && host.isInstance(captured) ? "this" : field;
    Class<?>[] interfaces = lambda.getInterfaces();
    String shape = interfaces.length == 0 ? "Object" : className(interfaces[0]);
    return "field " + name + " in Closure: " + shape + " from " + className(host) + from(lambda);
  }

  /** {@code [2] in Object[] len:3}: arrays belong to no package. */
  static String inArray(Object[] array, int index) {
    return "[" + index + "] in " + className(array.getClass()) + " len:" + array.length;
  }

  /**
   * The holder of element {@code index} of a collection: {@code [2] in ArrayList len:3 (from
   * java.util)} for a list, {@code element in HashSet len:2 (from java.util)} otherwise.
   */
  static String inCollection(Collection<?> collection, int index) {
    String reference = collection instanceof List ? "[" + index + "]" : "element";
    return reference + " in " + sized(collection, collection.size());
  }

  /**
   * The holder of a map's key or value: {@code key in HashMap len:2 (from java.util)}, {@code value
   * of key "k" in HashMap len:2 (from java.util)}; the key is rendered as Dart's {@code
   * Error.safeToString} renders it.
   */
  static String inMap(Map<?, ?> map, boolean isKey, Object key) {
    String reference = isKey ? "key" : "value of key " + DartText.safeToString(key);
    return reference + " in " + sized(map, map.size());
  }

  /** {@code <reference> in TreeMap len:2 (from java.util)}: a container's own reference. */
  static String inContainer(String reference, Object container, int size) {
    return reference + " in " + sized(container, size);
  }

  private static String sized(Object container, int size) {
    Class<?> type = container.getClass();
    return className(type) + " len:" + size + from(type);
  }

  private static String from(Class<?> type) {
    String library = library(type);
    return library.isEmpty() ? "" : " (from " + library + ")";
  }
}
