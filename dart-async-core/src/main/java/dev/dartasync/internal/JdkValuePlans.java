package dev.dartasync.internal;

import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Small JDK holders whose fields are closed to reflection: {@link EnumSet} (copied at once: its
 * elements are enums), {@link AtomicInteger}, {@link AtomicLong}, {@link AtomicBoolean} (a new atomic
 * with the current value), {@link AtomicReference} (published empty, then set to the copy of its
 * value), and {@link Optional} (shared when its value is, else an {@code Optional} of the copy).
 */
final class JdkValuePlans {
  private JdkValuePlans() {}

  /** The plan for {@code type} if it is one of these holders, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    if (EnumSet.class.isAssignableFrom(type) && Sendability.isJdk(type)) {
      return CopyPlan.of(
          (source, copier) -> copier.remember(source, ((EnumSet<?>) source).clone()));
    } else if (type == AtomicInteger.class) {
      return CopyPlan.of(
          (source, copier) ->
              copier.remember(source, new AtomicInteger(((AtomicInteger) source).get())));
    } else if (type == AtomicLong.class) {
      return CopyPlan.of(
          (source, copier) -> copier.remember(source, new AtomicLong(((AtomicLong) source).get())));
    } else if (type == AtomicBoolean.class) {
      return CopyPlan.of(
          (source, copier) ->
              copier.remember(source, new AtomicBoolean(((AtomicBoolean) source).get())));
    } else if (type == AtomicReference.class) {
      return CopyPlan.of(JdkValuePlans::copyAtomicReference);
    } else if (type == Optional.class) {
      return CopyPlan.of(JdkValuePlans::copyOptional);
    }
    return null;
  }

  private static Object copyAtomicReference(Object source, GraphCopier copier) {
    AtomicReference<Object> shell = new AtomicReference<>();
    return copier.open(
        new ElementsFrame(
            source,
            new Object[] {((AtomicReference<?>) source).get()},
            shell,
            (s, copy, copies, changed) -> {
              shell.set(copies[0]);
              return shell;
            },
            (s, items, index) -> RetainingPath.inInstance("value", s.getClass())),
        shell);
  }

  private static Object copyOptional(Object source, GraphCopier copier) {
    return copier.open(
        new ElementsFrame(
            source,
            new Object[] {((Optional<?>) source).orElse(null)},
            null,
            (s, shell, copies, changed) -> changed ? Optional.ofNullable(copies[0]) : s,
            (s, items, index) -> RetainingPath.inInstance("value", s.getClass())),
        null);
  }
}
