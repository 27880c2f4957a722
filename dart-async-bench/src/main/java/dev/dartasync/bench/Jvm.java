package dev.dartasync.bench;

/** JVM settings every benchmark fork shares, and the flags that choose each carrier. */
final class Jvm {
  private Jvm() {}

  /**
   * dart-async's default carrier ({@code vthread}) makes its bodies virtual threads scheduled by
   * the isolate's loop, built through a JDK-internal constructor: every JVM that uses it needs
   * this flag.
   */
  static final String ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED";

  /**
   * The default carrier by name: with it, a fork that lacks {@link #ADD_OPENS} fails at its first
   * isolate instead of running on the flag-free carrier (which the library would take, with a
   * warning), so a figure labelled {@code vthread} cannot be another carrier's.
   */
  static final String CARRIER_VTHREAD = "-Ddartasync.carrier=vthread";

  /** The flag-free carrier (ordinary virtual threads and one baton): run without {@link #ADD_OPENS}. */
  static final String CARRIER_FLAG_FREE = "-Ddartasync.carrier=flag-free";

  /** A fixed heap, so that heap sizing does not differ between benchmarks. */
  static final String XMS = "-Xms2g";

  static final String XMX = "-Xmx2g";

  /**
   * The heap's pages touched at start: for benchmarks that allocate megabytes per operation, whose
   * warm-up would otherwise time the operating system's first touch of each fresh page.
   */
  static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
}
