package dev.dartasync.examples.support;

import dev.dartasync.RangeError;
import dev.dartasync.StateError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;

/** Dart's {@code List} constructors the lecture uses. */
public final class DartLists {
  private DartLists() {}

  /**
   * Dart's {@code List<E>.generate(length, generator)}: a growable list (an {@link ArrayList}) whose
   * element {@code i} is {@code generator(i)}, built in index order. A Dart {@code List<int>} holds
   * small integers unboxed; its Java port, a {@code List<Integer>}, holds boxed ones.
   */
  public static <E> List<E> generate(int length, IntFunction<? extends E> generator) {
    RangeError.checkNotNegative(length);
    List<E> list = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      list.add(generator.apply(i));
    }
    return list;
  }

  /**
   * Dart's {@code Iterable.reduce(combine)}: combines the elements in order, starting with the
   * first.
   *
   * @throws StateError {@code Bad state: No element} if {@code list} is empty
   */
  public static <E> E reduce(List<E> list, BinaryOperator<E> combine) {
    if (list.isEmpty()) {
      throw new StateError("No element");
    }
    E value = list.getFirst();
    for (int i = 1; i < list.size(); i++) {
      value = combine.apply(value, list.get(i));
    }
    return value;
  }
}
