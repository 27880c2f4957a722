package dev.dartasync.testing;

import dev.dartasync.CarrierKind;
import dev.dartasync.Dart;
import org.junit.jupiter.api.Assumptions;

/**
 * Skips a test whose subject is one carrier's own mechanism (the pinned-carrier watchdog, a
 * blocking call that lets the isolate run on, the custom scheduler's children) when the suite runs
 * under another carrier. What every carrier must do alike is never skipped; what a carrier does
 * differently has its own test under that carrier.
 */
public final class CarrierAssumptions {
  private CarrierAssumptions() {}

  /**
   * Why a test of the pinned-carrier watchdog runs only there: under the flag-free carrier a pinned
   * await holds a JDK scheduler thread instead of the isolate, and if the isolate then needs the
   * class being initialized, that is Java's class-initialization deadlock, which nothing can break.
   */
  public static final String PINNED_WATCHDOG = "fails a pinned await through its watchdog";

  /** Whether this JVM runs the virtual-thread carrier (the default with {@code --add-opens}). */
  public static boolean isVirtualThreadCarrier() {
    return Dart.carrier() == CarrierKind.VTHREAD;
  }

  /** Runs the rest of the test only under the virtual-thread carrier, which {@code why} does. */
  public static void assumeVirtualThreadCarrier(String why) {
    Assumptions.assumeTrue(
        isVirtualThreadCarrier(), () -> "only the virtual-thread carrier " + why);
  }

  /** Runs the rest of the test only under {@code kind}. */
  public static void assumeCarrier(CarrierKind kind, String why) {
    Assumptions.assumeTrue(Dart.carrier() == kind, () -> "only the " + kind + " carrier " + why);
  }
}
