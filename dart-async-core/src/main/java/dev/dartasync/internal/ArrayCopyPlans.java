package dev.dartasync.internal;

/**
 * Arrays: a primitive array is copied at once ({@link Object#clone()}, a {@code System.arraycopy}
 * of the whole array); an array of references is cloned (same component type) and each slot is
 * then replaced by its copy, the clone being published first so that an array holding itself stays
 * a cycle. Slots holding shared values are left as the clone has them, without a step each, so an
 * array of boxes or strings costs one clone and one scan. A check walks the array itself.
 */
final class ArrayCopyPlans {
  private ArrayCopyPlans() {}

  private static final CopyPlan PRIMITIVES =
      new CopyPlan() {
        @Override
        Object copy(Object source, GraphCopier copier) {
          return copier.copyNow(source, ArrayCopyPlans::clonePrimitives);
        }
      };

  private static final CopyPlan REFERENCES =
      new CopyPlan() {
        @Override
        Object copy(Object source, GraphCopier copier) {
          Object[] array = (Object[]) source;
          return copier.open(
              new ElementsFrame(
                  source,
                  copier.checking ? array : array.clone(),
                  (from, clone) -> clone,
                  (from, clone, copies, changed) -> clone,
                  (from, items, index) -> RetainingPath.inArray((Object[]) from, index)));
        }
      };

  static CopyPlan forArray(Class<?> type) {
    return type.getComponentType().isPrimitive() ? PRIMITIVES : REFERENCES;
  }

  private static Object clonePrimitives(Object array) {
    if (array instanceof byte[] a) {
      return a.clone();
    } else if (array instanceof int[] a) {
      return a.clone();
    } else if (array instanceof long[] a) {
      return a.clone();
    } else if (array instanceof double[] a) {
      return a.clone();
    } else if (array instanceof char[] a) {
      return a.clone();
    } else if (array instanceof float[] a) {
      return a.clone();
    } else if (array instanceof short[] a) {
      return a.clone();
    } else {
      return ((boolean[]) array).clone();
    }
  }
}
