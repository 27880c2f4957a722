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
 * What a row's dart-async line on the flag-free carrier inherits: forks of their own, without
 * {@code --add-opens} and with {@code -Ddartasync.carrier=flag-free}, and a check before the
 * first iteration that the fork really runs that carrier (JMH cannot vary a fork's flags with a
 * {@code @Param}, hence a subclass per row: {@code PingPongBench.FlagFree} and the like, calling
 * the same workload method as the row's default line).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.CARRIER_FLAG_FREE, Jvm.XMS, Jvm.XMX})
public abstract class FlagFreeFork {

  /** Fails the trial unless this JVM runs the flag-free carrier. */
  @Setup(Level.Trial)
  public void requireCarrier() {
    BenchCarrier.FLAG_FREE.require();
  }
}
