package dev.dartasync.internal;

/**
 * A frame over an array of references read from the source up front (a collection's elements, a
 * map's keys and values, a record's components, a lambda's captured values, an array's slots).
 * Each reference is replaced in place by its copy; {@link Builder} then makes the result from the
 * copies, knowing whether any copy differs from its source (if none does, an immutable container
 * of shared values can itself be shared).
 */
final class ElementsFrame extends CopyFrame {

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
  private final Object shell;
  private final Builder builder;
  private final Locator locator;
  private int index;
  private boolean changed;

  ElementsFrame(Object source, Object[] items, Object shell, Builder builder, Locator locator) {
    super(source);
    this.items = items;
    this.shell = shell;
    this.builder = builder;
    this.locator = locator;
  }

  @Override
  boolean advance(GraphCopier copier) {
    Object[] items = this.items;
    // The index field is current during resolve: a rejection reads it for the retaining path.
    for (; index < items.length; index++) {
      Object item = items[index];
      Object copy = copier.resolve(item);
      if (copy == GraphCopier.PENDING) {
        return false;
      }
      if (copy != item) {
        items[index] = copy;
        changed = true;
      }
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
