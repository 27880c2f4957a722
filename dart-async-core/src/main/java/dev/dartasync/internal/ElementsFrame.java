package dev.dartasync.internal;

/**
 * A frame over an array of references read from the source up front (a collection's elements, a
 * map's keys and values, a record's components, a lambda's captured values, an array's slots).
 * Each reference is replaced in place by its copy; {@link Builder} then makes the result from the
 * copies, knowing whether any copy differs from its source (if none does, an immutable container
 * of shared values can itself be shared). References to shared values are skipped in a tight loop
 * ({@link GraphCopier#skipShared}) instead of one step each.
 *
 * <p>When the message is only {@linkplain GraphCopier#checking checked}, the frame walks the same
 * references but makes no shell and builds nothing, and its items are never written.
 */
final class ElementsFrame extends CopyFrame {

  /** Makes the empty copy that is published before the references are copied (cycles reach it). */
  @FunctionalInterface
  interface Shell {
    /**
     * @param source the object being copied
     * @param items the references read from it, not yet copied
     */
    Object make(Object source, Object[] items);
  }

  /** Makes the copy of {@code source} from the copied references. */
  @FunctionalInterface
  interface Builder {
    /**
     * @param shell the object published to cycles when the frame opened, or {@code null}
     * @param copies the copies, in the order the references were read
     * @param changed whether any copy is not the very object it copies
     */
    Object build(Object source, Object shell, Object[] copies, boolean changed);
  }

  /** Names the holder of reference {@code index} for the retaining path. */
  @FunctionalInterface
  interface Locator {
    String locate(Object source, Object[] items, int index);
  }

  private final Object[] items;
  private final Shell shellMaker;
  private final Builder builder;
  private final Locator locator;
  private Object shell;
  private int index;
  private boolean changed;

  /**
   * @param items the references to copy, in a fresh array the frame may overwrite with the copies
   *     (when only checking, it may be the source's own array: a check writes nothing)
   * @param shellMaker makes the published copy, or {@code null} when the copy can only be built
   *     once everything it holds is copied (records, lambdas, unmodifiable collections)
   */
  ElementsFrame(Object source, Object[] items, Shell shellMaker, Builder builder, Locator locator) {
    super(source);
    this.items = items;
    this.shellMaker = shellMaker;
    this.builder = builder;
    this.locator = locator;
    this.builds = shellMaker == null;
  }

  /**
   * Starts the copy at {@code first}: the references before it are known to be shared.
   *
   * @return this frame
   */
  ElementsFrame from(int first) {
    this.index = first;
    return this;
  }

  /** Makes the shell, if the plan publishes one, and returns it (else {@code null}). */
  Object publish() {
    if (shellMaker != null) {
      shell = shellMaker.make(source, items);
    }
    return shell;
  }

  /** Moves past the leading shared references; whether none is left to copy. */
  boolean skipShared(GraphCopier copier) {
    index = copier.skipShared(items, index);
    return index == items.length;
  }

  @Override
  boolean advance(GraphCopier copier) {
    Object[] items = this.items;
    // The index field is current during resolve: a rejection reads it for the retaining path.
    while (!skipShared(copier)) {
      Object item = items[index];
      Object copy = copier.resolve(item);
      if (copy == GraphCopier.PENDING) {
        return false;
      }
      if (copy != item) {
        items[index] = copy;
        changed = true;
      }
      index++;
    }
    return true;
  }

  @Override
  void accept(Object copy) {
    if (copy != items[index]) {
      items[index] = copy;
      changed = true;
    }
    index++;
  }

  @Override
  Object finish() {
    return builder.build(source, shell, items, changed);
  }

  @Override
  String location() {
    return locator.locate(source, items, index);
  }
}
