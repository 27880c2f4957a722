package dev.dartasync.internal;

import dev.dartasync.CarrierKind;

/**
 * Chooses the JVM's carrier once, at first use: the {@code dartasync.carrier} system property if
 * set, else {@link CarrierKind#VTHREAD} when {@link CarrierSeam} works (the JVM has the {@code
 * --add-opens} flag), else {@link CarrierKind#FLAG_FREE} with one warning for the JVM (logged only
 * when slf4j has a backend: {@link Log#hasBackend}).
 */
public final class Carriers {
  private Carriers() {}

  /** The system property that forces a carrier. */
  public static final String PROPERTY = "dartasync.carrier";

  /** The warning logged once when the flag-free carrier is taken because the flag is missing. */
  public static final String FLAG_FREE_WARNING =
      "dart-async runs its async bodies on the flag-free carrier, because this JVM was started "
          + "without --add-opens java.base/java.lang=ALL-UNNAMED. Dart's order is the same, but a "
          + "hand-over between async bodies costs several times more, a blocking call inside an "
          + "async body holds up its isolate, and bodies share the JDK's virtual-thread scheduler "
          + "with every other virtual thread. Add the flag for the faster carrier, or choose this "
          + "one with -D"
          + PROPERTY
          + "=flag-free to silence this warning.";

  /** The same warning for a JDK on which the virtual-thread carrier cannot work, flag or not. */
  static String flagFreeBecause(String reason) {
    return "dart-async runs its async bodies on the flag-free carrier: "
        + reason
        + " Choose it with -D"
        + PROPERTY
        + "=flag-free to silence this warning.";
  }

  private static final Log LOG = Log.named("dev.dartasync.Dart");

  /** The chosen carrier, or null if the property asks for one this JVM cannot run. */
  private static final CarrierKind KIND;

  /** Why the carrier asked for cannot run, or null. */
  private static final String REFUSAL;

  static {
    String asked = System.getProperty(PROPERTY);
    CarrierKind kind = null;
    String refusal = null;
    if (asked == null || asked.isBlank()) {
      if (CarrierSeam.available()) {
        kind = CarrierKind.VTHREAD;
      } else {
        kind = CarrierKind.FLAG_FREE;
        if (Log.hasBackend()) { // Advice, not a loss: a program without a backend sees nothing.
          LOG.warn(
              CarrierSeam.lacksOnlyTheFlag()
                  ? FLAG_FREE_WARNING
                  : flagFreeBecause(CarrierSeam.unavailableReason()));
        }
      }
    } else {
      for (CarrierKind k : CarrierKind.values()) {
        if (k.propertyValue().equals(asked.trim())) {
          kind = k;
        }
      }
      if (kind == null) {
        refusal =
            "-D"
                + PROPERTY
                + "="
                + asked
                + " names no carrier; use one of "
                + java.util.Arrays.stream(CarrierKind.values())
                    .map(CarrierKind::propertyValue)
                    .toList()
                + ", or leave it unset.";
      } else if (kind == CarrierKind.VTHREAD && !CarrierSeam.available()) {
        refusal = "-D" + PROPERTY + "=vthread was asked for, but: " + CarrierSeam.unavailableReason();
        kind = null;
      }
    }
    KIND = kind;
    REFUSAL = refusal;
  }

  /**
   * The JVM's carrier.
   *
   * @throws IllegalStateException if the property asks for a carrier this JVM cannot run
   */
  public static CarrierKind kind() {
    if (KIND == null) {
      throw new IllegalStateException(REFUSAL);
    }
    return KIND;
  }

  /** Whether bodies are virtual threads scheduled by the isolate's own thread. */
  static boolean isVirtualThreadCarrier() {
    return KIND == CarrierKind.VTHREAD;
  }

  /**
   * Whether an isolate's own thread is a virtual thread (flag-free) rather than a platform thread
   * (the virtual-thread carrier needs one).
   */
  static boolean loopThreadIsVirtual() {
    return kind() == CarrierKind.FLAG_FREE;
  }

  /** A carrier of the chosen kind for {@code loop}, whose thread is {@code thread} (or null). */
  static Carrier create(EventLoop loop, Thread thread) {
    return switch (kind()) {
      case VTHREAD -> new VirtualThreadCarrier(loop, thread);
      case FLAG_FREE -> new BatonCarrier(loop, thread);
    };
  }
}
