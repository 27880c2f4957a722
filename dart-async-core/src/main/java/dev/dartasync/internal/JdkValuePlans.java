package dev.dartasync.internal;

import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * Small JDK holders whose fields are closed to reflection: {@link EnumSet} (copied at once: its
 * elements are enums), {@link AtomicInteger}, {@link AtomicLong}, {@link AtomicBoolean} (a new atomic
 * with the current value), {@link AtomicReference} (published empty, then set to the copy of its
 * value), {@link Optional} (shared when its value is, else an {@code Optional} of the copy), and
 * {@link StringBuilder} and {@link StringBuffer} (a new one with the same capacity and characters:
 * {@code java.lang}'s fields are closed without {@code --add-opens}, and this is the same copy
 * either way).
 */
final class JdkValuePlans {
  private JdkValuePlans() {}

  /** The plan for {@code type} if it is one of these holders, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    if (EnumSet.class.isAssignableFrom(type) && Sendability.isJdk(type)) {
      return copiedAtOnce(source -> ((EnumSet<?>) source).clone());
    } else if (type == AtomicInteger.class) {
      return copiedAtOnce(source -> new AtomicInteger(((AtomicInteger) source).get()));
    } else if (type == AtomicLong.class) {
      return copiedAtOnce(source -> new AtomicLong(((AtomicLong) source).get()));
    } else if (type == AtomicBoolean.class) {
      return copiedAtOnce(source -> new AtomicBoolean(((AtomicBoolean) source).get()));
    } else if (type == AtomicReference.class) {
      return CopyPlan.of(JdkValuePlans::copyAtomicReference);
    } else if (type == Optional.class) {
      return CopyPlan.of(JdkValuePlans::copyOptional);
    } else if (type == StringBuilder.class) {
      return copiedAtOnce(
          source -> {
            StringBuilder text = (StringBuilder) source;
            return new StringBuilder(text.capacity()).append(text);
          });
    } else if (type == StringBuffer.class) {
      return copiedAtOnce(
          source -> {
            StringBuffer text = (StringBuffer) source;
            return new StringBuffer(text.capacity()).append(text);
          });
    }
    return null;
  }

  private static CopyPlan copiedAtOnce(UnaryOperator<Object> copy) {
    return CopyPlan.of((source, copier) -> copier.copyNow(source, copy));
  }

  private static Object copyAtomicReference(Object source, GraphCopier copier) {
    return copier.open(
        new ElementsFrame(
            source,
            new Object[] {((AtomicReference<?>) source).get()},
            (s, items) -> new AtomicReference<>(),
            (s, shell, copies, changed) -> {
              @SuppressWarnings("unchecked")
              AtomicReference<Object> copy = (AtomicReference<Object>) shell;
              copy.set(copies[0]);
              return copy;
            },
            JdkValuePlans::locateValue));
  }

  private static Object copyOptional(Object source, GraphCopier copier) {
    return copier.open(
        new ElementsFrame(
            source,
            new Object[] {((Optional<?>) source).orElse(null)},
            null,
            (s, shell, copies, changed) -> changed ? Optional.ofNullable(copies[0]) : s,
            JdkValuePlans::locateValue));
  }

  private static String locateValue(Object source, Object[] items, int index) {
    return RetainingPath.inInstance("value", source.getClass());
  }
}
