package dev.dartasync;

/**
 * What runs this JVM's async bodies (Java only: Dart has one VM, and no choice to make). Chosen
 * once per JVM, at the first isolate; {@link Dart#carrier()} reports it. Every carrier keeps
 * Dart's order exactly; they differ in cost, in what a blocking JDK call inside a body does, and
 * in what a thread dump shows.
 *
 * <p>Choose one with the system property {@code dartasync.carrier} (its {@link #propertyValue()}:
 * {@code vthread}, {@code flag-free}, {@code continuation}); without it the library takes {@link
 * #VTHREAD} when the JVM was started with {@code --add-opens java.base/java.lang=ALL-UNNAMED},
 * else {@link #FLAG_FREE}, and then says so once in a warning (logger {@code dev.dartasync.Dart}).
 * {@link #CONTINUATION} is only ever taken when the property asks for it.
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
   * unpark and a park of virtual threads (a few times the {@link #VTHREAD} cost); a blocking JDK
   * call inside a body keeps the baton, so the whole isolate waits for it, as a synchronous call
   * does in Dart; the isolate's own thread is a virtual thread too, so isolates busy with CPU
   * work share the JDK scheduler's threads (one per core).
   */
  FLAG_FREE("flag-free"),
  /**
   * Opt-in: each body is one of the JDK's bare continuations (what a virtual thread runs on, used
   * without the thread), run by its isolate's own platform thread. The lightest carrier: a
   * suspended body takes about half the heap of a {@link #VTHREAD} one (its future included), and
   * the switch itself costs about two thirds of a {@link #VTHREAD} switch, though a whole hand-off
   * between two bodies through their futures costs about the same. Needs {@code --add-exports
   * java.base/jdk.internal.vm=ALL-UNNAMED}, and is used only when {@code
   * dartasync.carrier=continuation} asks for it.
   *
   * <p>What differs, because a body has no thread of its own: {@code Thread.currentThread()} in a
   * body is the isolate's thread (for an isolate of {@code Isolate.spawn}, the pool thread of the
   * current turn, which may change between awaits), so all bodies of an isolate share its
   * ThreadLocals and its interrupt flag (interrupting "a body" interrupts the isolate's thread,
   * which stops the isolate), and its {@code ScopedValue} bindings (a binding held across an await
   * is seen by the isolate's other bodies while the body is suspended, and is not reliable after
   * it: do not hold one across an await); a blocking JDK call inside a body (sleep, a lock, a socket read)
   * blocks the whole isolate, as a synchronous call does in Dart, so a body that blocks on a
   * monitor or lock that another suspended body of its isolate holds across an await blocks that
   * isolate for good (an await inside {@code synchronized} itself works: the monitor stays with
   * the suspended body, on whichever thread it resumes). An await,
   * or a start or resumption of another body, inside a class initializer or under a native frame
   * cannot suspend there: it fails at once in that body with an {@link IllegalStateException} that
   * says so, and the isolate goes on ({@link #VTHREAD} fails such an await after 100 to 200 ms;
   * {@link #FLAG_FREE} lets it wait, holding one of the JDK scheduler's threads).
   */
  CONTINUATION("continuation");

  private final String propertyValue;

  CarrierKind(String propertyValue) {
    this.propertyValue = propertyValue;
  }

  /** The value of the {@code dartasync.carrier} system property that chooses this carrier. */
  public String propertyValue() {
    return propertyValue;
  }
}
