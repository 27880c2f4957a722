package dev.dartasync;

/**
 * What runs this JVM's async bodies (Java only: Dart has one VM, and no choice to make). Chosen
 * once per JVM, at the first isolate; {@link Dart#carrier()} reports it. Every carrier keeps
 * Dart's order exactly; they differ in cost, in what a blocking JDK call inside a body does, and
 * in what a thread dump shows.
 *
 * <p>Choose one with the system property {@code dartasync.carrier} (its {@link #propertyValue()}:
 * {@code vthread}, {@code flag-free}); without it the library takes {@link #VTHREAD} when the JVM
 * was started with {@code --add-opens java.base/java.lang=ALL-UNNAMED}, else {@link #FLAG_FREE},
 * and then says so once in a warning (logger {@code dev.dartasync.Dart}, logged only when slf4j has
 * a backend).
 */
public enum CarrierKind {
  /**
   * Each body is a virtual thread whose scheduler is its isolate's own thread: a hand-off is a
   * continuation run on that thread, the fastest of the carriers. A blocking JDK call inside a body
   * (sleep, a lock, a socket read) parks only that body, and the isolate runs other work meanwhile.
   * Needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}, since the JDK has no public way to
   * give a virtual thread a scheduler.
   */
  VTHREAD("vthread"),
  /**
   * Each body is an ordinary virtual thread on the JDK's own scheduler, and one baton passed from
   * thread to thread lets exactly one of them run at a time. Needs no flag. A hand-off costs an
   * unpark and a park of virtual threads, each waking a second thread of the JDK's scheduler (a
   * ping-pong hand-off about ten times the {@link #VTHREAD} cost on 2 cores); a blocking JDK
   * call inside a body keeps the baton, so the whole isolate waits for it, as a synchronous call
   * does in Dart; the isolate's own thread is a virtual thread too, and every body of every isolate
   * is a virtual thread of the JDK's one scheduler (one thread per core, no preemption): bodies
   * busy with CPU work on as many isolates as cores hold up all the others until they finish. An
   * await inside a class initializer holds one of the scheduler's threads until it resumes; should
   * such awaits hold every one of them, nothing could resume them: {@code Dart.run} on a platform
   * thread then throws an {@link IllegalStateException} naming the cause (within about 2.5 s), and
   * it is logged as an ERROR.
   */
  FLAG_FREE("flag-free");

  private final String propertyValue;

  CarrierKind(String propertyValue) {
    this.propertyValue = propertyValue;
  }

  /** The value of the {@code dartasync.carrier} system property that chooses this carrier. */
  public String propertyValue() {
    return propertyValue;
  }
}
