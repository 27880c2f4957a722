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
}
