package dev.dartasync.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a row's dart-async line on the continuation carrier inherits: forks of their own with
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED} and {@code
 * -Ddartasync.carrier=continuation} (no {@code --add-opens}), and a check before the first
 * iteration that the fork really runs that carrier. Where the library refuses it (a core without
 * it, or a JVM without the export), the check fails the trial and the report shows the line as
 * "not available" (the heap probe, which tries the same flags, tells it why).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.ADD_EXPORTS_VM, Jvm.CARRIER_CONTINUATION, Jvm.XMS, Jvm.XMX})
public abstract class ContinuationFork {

  /** Fails the trial unless this JVM runs the continuation carrier. */
  @Setup(Level.Trial)
  public void requireCarrier() {
    BenchCarrier.CONTINUATION.require();
  }
}
