package dev.dartasync.internal;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The public type a class of this package stands for in user-visible texts: no internal class
 * name may reach a user's text, so {@code Instance of '…'} and the message copier's {@code
 * Library:'…' Class: …} name {@code DFuture} for {@code FutureImpl}, {@code DStream} for a
 * controller's stream, {@code StreamSubscription} for a subscription, {@code Zone} for a zone. The
 * face is the first type of {@code dev.dartasync} or {@code dev.dartasync.isolate} found among the
 * class's supertypes, nearest first (superclasses before interfaces at each step); computed once
 * per class.
 */
final class PublicFace {
  private PublicFace() {}

  private static final String INTERNAL = PublicFace.class.getPackageName();

  private static final ClassValue<Class<?>> FACES =
      new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> type) {
          return find(type);
        }
      };

  /** Whether {@code type} belongs to this package (a lambda written here included). */
  static boolean isInternal(Class<?> type) {
    return type.getPackageName().equals(INTERNAL);
  }

  /**
   * The public type {@code type} stands for if it is a class of this package, otherwise {@code
   * null} (also for a class of this package that implements no public type).
   */
  static Class<?> of(Class<?> type) {
    return isInternal(type) ? FACES.get(type) : null;
  }

  private static Class<?> find(Class<?> type) {
    Deque<Class<?>> queue = new ArrayDeque<>();
    queue.add(type);
    while (!queue.isEmpty()) {
      Class<?> next = queue.poll();
      if (isPublicApi(next)) {
        return next;
      }
      if (next.getSuperclass() != null) {
        queue.add(next.getSuperclass());
      }
      for (Class<?> face : next.getInterfaces()) {
        queue.add(face);
      }
    }
    return null;
  }

  private static boolean isPublicApi(Class<?> type) {
    String pkg = type.getPackageName();
    return java.lang.reflect.Modifier.isPublic(type.getModifiers())
        && (pkg.equals("dev.dartasync") || pkg.equals("dev.dartasync.isolate"));
  }
}
