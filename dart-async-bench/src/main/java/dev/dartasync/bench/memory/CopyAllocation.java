package dev.dartasync.bench.memory;

import dev.dartasync.bench.CopyWorkloads;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Row 10's heap figure: bytes allocated by one copy of a message, per copied element, in the
 * probe's child JVM (a kind {@code copy-*} of {@link MemoryFootprint}). The copies are those of the
 * benchmark ({@link CopyWorkloads}): {@code SendPort.send} (in a fresh {@code Dart.run}, as
 * benchmarked), the physical floor, and Java serialization written and read back.
 *
 * <p>Allocated bytes, not retained ones: everything the copy allocates, garbage included (a
 * temporary array, the serialized bytes), as JMH's {@code -prof gc} reports it per operation. It is
 * the JVM's total of allocated bytes over all threads ({@code getTotalThreadAllocatedBytes}; the
 * per-thread count answers -1 on the virtual thread that runs an isolate's main body), read before
 * and after one copy, after three copies for warm-up. Nothing else runs in the child meanwhile.
 */
final class CopyAllocation {
  private CopyAllocation() {}

  static final String PREFIX = "copy-";

  /** The copy kinds, in the probe's list of kinds. */
  static final List<MemoryFootprint.Kind> KINDS =
      List.of(
          kind("copy-list-send", "SendPort.send of the 10 M List<Integer>"),
          kind("copy-list-arraylist", "new ArrayList<>(list), the 10 M list"),
          kind("copy-list-serialization", "Java serialization, written and read back, 1 M list"),
          kind("copy-bytes-send", "SendPort.send of the 10 MB byte[]"),
          kind("copy-bytes-clone", "byte[].clone(), 10 MB"),
          kind("copy-bytes-serialization", "Java serialization, written and read back, 10 MB"));

  private static MemoryFootprint.Kind kind(String id, String how) {
    return new MemoryFootprint.Kind(id, "allocated per copied element", how, List.of());
  }

  /** A copy to measure and the number of elements it copies. */
  private record Copy(Supplier<Object> copy, int elements) {}

  private static Copy copyOf(String kind) {
    return switch (kind) {
      case "copy-list-send" -> {
        List<Integer> list = CopyWorkloads.list(CopyWorkloads.LIST_SIZE);
        yield new Copy(
            () -> {
              CopyWorkloads.sendToOwnPort(list);
              return list;
            },
            list.size());
      }
      case "copy-list-arraylist" -> {
        List<Integer> list = CopyWorkloads.list(CopyWorkloads.LIST_SIZE);
        yield new Copy(() -> new ArrayList<>(list), list.size());
      }
      case "copy-list-serialization" -> {
        List<Integer> list = CopyWorkloads.list(CopyWorkloads.SERIALIZED_LIST_SIZE);
        yield new Copy(() -> CopyWorkloads.serializationRoundTrip(list), list.size());
      }
      case "copy-bytes-send" -> {
        byte[] bytes = CopyWorkloads.bytes();
        yield new Copy(
            () -> {
              CopyWorkloads.sendToOwnPort(bytes);
              return bytes;
            },
            bytes.length);
      }
      case "copy-bytes-clone" -> {
        byte[] bytes = CopyWorkloads.bytes();
        yield new Copy(bytes::clone, bytes.length);
      }
      case "copy-bytes-serialization" -> {
        byte[] bytes = CopyWorkloads.bytes();
        yield new Copy(() -> CopyWorkloads.serializationRoundTrip(bytes), bytes.length);
      }
      default -> throw new IllegalArgumentException("unknown kind: " + kind);
    };
  }

  static final int WARM_UP = 3;

  /** In the child JVM: measures one copy, prints the result line and halts. */
  static void measure(String kind) {
    long start = System.nanoTime();
    Copy copy = copyOf(kind);
    Object last = null;
    for (int i = 0; i < WARM_UP; i++) {
      last = copy.copy().get();
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getTotalThreadAllocatedBytes();
    Object copied = copy.copy().get();
    long after = threads.getTotalThreadAllocatedBytes();
    MemoryFootprint.report(before, after, start, copy.elements(), new Object[] {last, copied});
  }
}
