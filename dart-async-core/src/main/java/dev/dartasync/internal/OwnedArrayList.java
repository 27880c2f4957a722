package dev.dartasync.internal;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A fixed-size list over an array the copier owns and hands over: {@link #toArray()} returns the
 * array itself instead of a copy, so that {@code addAll} and the copy constructors of {@code
 * ArrayList} and its kin copy the elements once ({@code Arrays.asList} would copy them twice). The
 * array must not be used after it was handed over.
 */
final class OwnedArrayList extends AbstractList<Object> implements RandomAccess {

  private final Object[] array;

  OwnedArrayList(Object[] array) {
    this.array = array;
  }

  @Override
  public Object get(int index) {
    return array[index];
  }

  @Override
  public int size() {
    return array.length;
  }

  @Override
  public Object[] toArray() {
    return array;
  }
}
