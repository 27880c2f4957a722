package dev.dartasync.bench;

/** JVM settings every benchmark fork shares. */
final class Jvm {
  private Jvm() {}

  /**
   * dart-async's bodies are virtual threads scheduled by the isolate's loop, built through a
   * JDK-internal constructor: every JVM that uses it needs this flag.
   */
  static final String ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED";

  /** A fixed heap, so that heap sizing does not differ between benchmarks. */
  static final String XMS = "-Xms2g";

  static final String XMX = "-Xmx2g";

  /**
   * The heap's pages touched at start: for benchmarks that allocate megabytes per operation, whose
   * warm-up would otherwise time the operating system's first touch of each fresh page.
   */
  static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

  /**
   * The JDK's registry of all virtual threads off, for benchmarks that call {@code Isolate.run}.
   * Its isolate ends through {@code Isolate.exit}, which parks the computation's body for good;
   * with the JDK's default ({@code jdk.trackAllThreads=true}) every such body stays reachable from
   * the registry, with its stack (the copied computation, what it captured, its result): about
   * 1.9 KB per empty {@code Isolate.run}, 10 MB per run that captured a 10 MB array, until the
   * fork runs out of heap. The main README recommends this flag for programs that abandon awaits;
   * the peers of the same class run under it too.
   */
  static final String UNTRACKED = "-Djdk.trackAllThreads=false";
}
