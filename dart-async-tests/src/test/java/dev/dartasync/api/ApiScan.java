package dev.dartasync.api;

import dev.dartasync.Dart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The public API of dart-async-core as the class files show it: every public type (nested ones
 * too) of the packages {@code dev.dartasync} and {@code dev.dartasync.isolate}, found in the core's
 * classes directory or jar, and their public constructors and methods.
 */
final class ApiScan {
  static final List<String> PACKAGES =
      List.of("dev.dartasync", "dev.dartasync.isolate", "dev.dartasync.fakeasync");

  private ApiScan() {}

  /** Every public type of the API packages, in name order. */
  static List<Class<?>> publicTypes() {
    List<Class<?>> types = new ArrayList<>();
    for (String name : classNames()) {
      Class<?> type;
      try {
        type = Class.forName(name, false, Dart.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      if (isPublicAllTheWay(type) && !type.isSynthetic() && !type.isAnonymousClass()) {
        types.add(type);
      }
    }
    types.sort(Comparator.comparing(Class::getName));
    return types;
  }

  /**
   * The public constructors and methods {@code type} itself declares (inherited ones are found at
   * the type that declares them), without the compiler's bridges and synthetic members, and
   * without an enum's implicit {@code values()} and {@code valueOf(String)}, which are Java's (their
   * contract, {@code NullPointerException: Name is null} included, is the language's, not ours).
   */
  static List<Executable> publicMembers(Class<?> type) {
    List<Executable> members = new ArrayList<>();
    if (!type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
      for (Constructor<?> c : type.getDeclaredConstructors()) {
        if (Modifier.isPublic(c.getModifiers()) && !c.isSynthetic()) {
          members.add(c);
        }
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers())
          && !m.isSynthetic()
          && !m.isBridge()
          && !isImplicitEnumMember(type, m)) {
        members.add(m);
      }
    }
    members.sort(Comparator.comparing(Executable::toGenericString));
    return members;
  }

  private static boolean isImplicitEnumMember(Class<?> type, Method m) {
    if (!type.isEnum() || !Modifier.isStatic(m.getModifiers())) {
      return false;
    }
    return (m.getName().equals("values") && m.getParameterCount() == 0)
        || (m.getName().equals("valueOf")
            && m.getParameterCount() == 1
            && m.getParameterTypes()[0] == String.class);
  }

  private static boolean isPublicAllTheWay(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (!Modifier.isPublic(t.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  /** The binary names of the classes directly in the API packages (not in sub-packages). */
  private static List<String> classNames() {
    Path root;
    try {
      root = Path.of(Dart.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<String> entries = new ArrayList<>();
    try {
      if (Files.isDirectory(root)) {
        try (Stream<Path> files = Files.walk(root)) {
          files.forEach(f -> entries.add(root.relativize(f).toString().replace('\\', '/')));
        }
      } else {
        try (JarFile jar = new JarFile(root.toFile())) {
          jar.stream().forEach(e -> entries.add(e.getName()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> names = new ArrayList<>();
    for (String entry : entries) {
      if (!entry.endsWith(".class") || entry.endsWith("package-info.class") || entry.endsWith("module-info.class")) {
        continue;
      }
      String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
      String pkg = name.substring(0, name.lastIndexOf('.'));
      if (PACKAGES.contains(pkg)) {
        names.add(name);
      }
    }
    return names;
  }
}
