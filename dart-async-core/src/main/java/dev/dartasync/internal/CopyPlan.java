package dev.dartasync.internal;

import java.util.function.BiFunction;

/**
 * How {@link MessageCopy} copies the instances of one class: computed once per class by {@link
 * Sendability} and cached. A plan either shares the instance ({@link #SHARED}), copies it at once
 * (primitive arrays, enum sets: {@link GraphCopier#copyNow}), opens a {@link CopyFrame} that copies
 * the instance's references one by one ({@link GraphCopier#open}), or rejects it with Dart's
 * {@code ArgumentError} ({@link GraphCopier#reject}). The same plan serves a {@linkplain
 * GraphCopier#checking check}: {@code copyNow} and {@code open} then copy nothing.
 */
abstract class CopyPlan {

  /** Deeply immutable values: the receiver gets the same instance. */
  static final CopyPlan SHARED =
      new CopyPlan() {
        @Override
        Object copy(Object source, GraphCopier copier) {
          return source;
        }
      };

  /** A plan whose {@link #copy} is {@code copy}. */
  static CopyPlan of(BiFunction<Object, GraphCopier, Object> copy) {
    return new CopyPlan() {
      @Override
      Object copy(Object source, GraphCopier copier) {
        return copy.apply(source, copier);
      }
    };
  }

  /**
   * Copies {@code source}, an instance of this plan's class not seen before in this message.
   *
   * @return the copy, or {@link GraphCopier#PENDING} after opening a frame
   */
  abstract Object copy(Object source, GraphCopier copier);
}
