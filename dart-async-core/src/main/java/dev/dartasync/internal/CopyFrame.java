package dev.dartasync.internal;

/**
 * The copy of one object in progress: {@link GraphCopier} keeps a stack of frames instead of
 * recursing, so a long chain of objects cannot overflow the thread's stack, and the stack is the
 * retaining path when an unsendable object turns up. A frame forwards its source's references in
 * order; when one needs a frame of its own, the frame pauses until that child's copy is {@linkplain
 * #accept accepted}.
 */
abstract class CopyFrame {

  /** The object being copied. */
  final Object source;

  /** Whether the copy only exists once the frame finishes (the plan publishes no shell). */
  boolean builds;

  CopyFrame(Object source) {
    this.source = source;
  }

  /**
   * Forwards the remaining references through {@link GraphCopier#resolve}.
   *
   * @return {@code true} when all are copied; {@code false} when a child frame was opened (its copy
   *     arrives through {@link #accept})
   */
  abstract boolean advance(GraphCopier copier);

  /** Receives the copy of the reference whose child frame just finished, and moves past it. */
  abstract void accept(Object copy);

  /**
   * The finished copy, once {@link #advance} returned {@code true}: the published shell itself
   * when the frame was opened with one.
   */
  abstract Object finish();

  /**
   * The retaining-path line for the reference being copied now, without the {@code " <- "}:
   * {@code next in Instance of 'Node' (from com.example)}.
   */
  abstract String location();
}
