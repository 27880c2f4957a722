package dev.dartasync.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Row 10: one copy of a message, a 10 M-element {@code ArrayList<Integer>} or a 10 MB {@code
 * byte[]} (built once per trial), per invocation; the workloads are in {@link CopyWorkloads}.
 *
 * <p>Ours: {@code SendPort.send}, whose copy is made on the sender's thread before it returns
 * (the boxed integers are immutable, so they are shared and the copy is a new list of the same
 * references, as Dart shares its small integers); and {@code Isolate.run} of a computation that
 * captures the message (copy, new isolate, answer). Beside it: the physical floor ({@code new
 * ArrayList<>(list)}, {@code byte[].clone()}) and Java serialization written to a byte array and
 * read back (for the list, on a tenth of it: see {@link CopyWorkloads#SERIALIZED_LIST_SIZE}).
 *
 * <p>Every copy allocates 10 to 160 MB. The forks pre-touch their heap, so that no implementation
 * pays for the operating system's first touch of fresh heap pages during warm-up (a fresh 10 MB
 * array costs several times its copy in page faults on this machine) and the figures do not depend
 * on how much of the heap the warm-up has cycled through.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_OPENS, Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
public class MessageCopyBench {

  List<Integer> list;
  List<Integer> tenthOfList;
  byte[] bytes;

  @Setup(Level.Trial)
  public void build() {
    list = CopyWorkloads.list(CopyWorkloads.LIST_SIZE);
    tenthOfList = CopyWorkloads.list(CopyWorkloads.SERIALIZED_LIST_SIZE);
    bytes = CopyWorkloads.bytes();
  }

  // ---- 10 M List<Integer> -----------------------------------------------------------------

  @Benchmark
  public void dartAsyncSendList() {
    CopyWorkloads.sendToOwnPort(list);
  }

  @Benchmark
  public int dartAsyncIsolateRunList() {
    return CopyWorkloads.isolateRunCapturing(list);
  }

  @Benchmark
  public List<Integer> arrayListCopy() {
    return new ArrayList<>(list);
  }

  /** On a list of 1 M elements, a tenth (see {@link CopyWorkloads#SERIALIZED_LIST_SIZE}). */
  @Benchmark
  public Object serializationTenthOfList() {
    return CopyWorkloads.serializationRoundTrip(tenthOfList);
  }

  // ---- 10 MB byte[] -----------------------------------------------------------------------

  @Benchmark
  public void dartAsyncSendBytes() {
    CopyWorkloads.sendToOwnPort(bytes);
  }

  @Benchmark
  public int dartAsyncIsolateRunBytes() {
    return CopyWorkloads.isolateRunCapturing(bytes);
  }

  @Benchmark
  public byte[] byteArrayClone() {
    return bytes.clone();
  }

  @Benchmark
  public Object serializationBytes() {
    return CopyWorkloads.serializationRoundTrip(bytes);
  }
}
