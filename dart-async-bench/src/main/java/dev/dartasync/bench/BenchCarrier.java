package dev.dartasync.bench;

import dev.dartasync.Dart;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The carriers the benchmarks measure dart-async under, each with the JVM flags that choose it
 * (the same flags as the JMH classes' {@code @Fork(jvmArgsAppend)}, from {@link Jvm}). A carrier
 * is chosen once per JVM, so each one's figures come from JVMs of their own.
 *
 * <p>The carriers are named by their {@code dartasync.carrier} value, as the report prints them. A
 * carrier the library refuses in a JVM (the default one where the JDK's internal constructor it
 * needs cannot be reached) has its figures say "not available".
 */
public enum BenchCarrier {
  /** The default: bodies are virtual threads scheduled by the isolate's own thread. */
  VTHREAD("vthread", List.of(Jvm.ADD_OPENS, Jvm.CARRIER_VTHREAD)),
  /** Ordinary virtual threads on the JDK's scheduler passing one baton; no flag at all. */
  FLAG_FREE("flag-free", List.of(Jvm.CARRIER_FLAG_FREE));

  /** Its {@code dartasync.carrier} value, as {@code CarrierKind.propertyValue()} gives it. */
  public final String value;

  /** The JVM flags that choose it (and nothing else: no heap size). */
  public final List<String> jvmFlags;

  BenchCarrier(String value, List<String> jvmFlags) {
    this.value = value;
    this.jvmFlags = jvmFlags;
  }

  /** "dart-async (vthread)": how the tables and the chart name ours on this carrier. */
  public String label() {
    return "dart-async (" + value + ")";
  }

  /** The carrier whose {@code dartasync.carrier} value is {@code value}, or null. */
  public static BenchCarrier byValue(String value) {
    for (BenchCarrier c : values()) {
      if (c.value.equals(value)) {
        return c;
      }
    }
    return null;
  }

  /**
   * Checks that this JVM runs this carrier; call it before measuring anything that claims it.
   *
   * @throws NotAvailable if the library refuses the carrier in this JVM (the default carrier where
   *     the JDK's internal constructor cannot be reached)
   * @throws IllegalStateException if the JVM runs another carrier
   */
  public void require() {
    String actual;
    try {
      actual = Dart.carrier().propertyValue();
    } catch (IllegalStateException refused) {
      throw new NotAvailable(this, refused.getMessage());
    }
    if (!actual.equals(value)) {
      throw new IllegalStateException(
          "this measurement claims the "
              + value
              + " carrier, but this JVM runs "
              + actual
              + " (JVM flags: "
              + ManagementFactory.getRuntimeMXBean().getInputArguments()
              + ")");
    }
  }

  /** The library refused the carrier in this JVM: its figures are "not available". */
  public static final class NotAvailable extends IllegalStateException {
    /** The library's own words (a line), for the report. */
    public final String reason;

    NotAvailable(BenchCarrier carrier, String reason) {
      super("carrier " + carrier.value + " is not available in this JVM: " + reason);
      this.reason = reason;
    }
  }
}
