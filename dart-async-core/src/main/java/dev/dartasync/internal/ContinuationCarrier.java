package dev.dartasync.internal;

import dev.dartasync.CarrierKind;

/**
 * The continuation carrier (opt-in): every body is one of the JDK's bare continuations ({@link
 * ContinuationSeam}), run directly by the isolate's own platform thread, with no thread of its
 * own. A switch is a continuation's yield and run (87 to 102 ns bare against 139 to 160 ns for the
 * virtual-thread carrier's, measured; a whole ping-pong hand-off through futures, 160 to 200 ns,
 * is about the same under both), and a suspended body with its future costs about 480 B of heap
 * against 900 B (200,000 bodies on one pending future, after GC).
 *
 * <p><b>Protocol.</b> {@link #launch} makes the body's continuation and queues the body on the
 * ready queue; {@link #runMounted} runs it on the loop's stack; {@link #suspend}, on the body's
 * stack, yields it back there. Nothing else makes a body runnable: there is no JDK scheduler in
 * between, so no continuation ever arrives from another thread.
 *
 * <p><b>What differs.</b> A body runs on the isolate's thread itself: {@code
 * Thread.currentThread()} is that thread (a pooled isolate's thread of the current turn, so it may
 * change between awaits), the body sees its ThreadLocals, its interrupt flag (interrupting the
 * thread stops the isolate) and its ScopedValue bindings (the JDK keeps them in the thread, not in
 * the continuation: one held across an await leaks to the isolate's other bodies; restoring them
 * per body would need {@code --add-opens java.base/java.lang} too), and a blocking JDK call inside
 * a body blocks the whole isolate, as a synchronous call does in Dart. A body that awaits, or
 * starts or resumes another body, inside a class initializer or under a native frame cannot yield (the JDK says it is pinned): the await or
 * hand-over fails at once in that body ({@link #PINNED_AWAIT}, {@link #PINNED_HAND_OVER}), and the
 * isolate goes on.
 */
final class ContinuationCarrier extends Carrier {

  static final String PINNED_AWAIT =
      "An await (or an async* yield) inside a class initializer (a static field or static "
          + "block) or under a native frame cannot suspend on the continuation carrier: the async "
          + "body cannot leave the isolate's thread there. Await outside these, e.g. compute the "
          + "value before the class is first used.";

  static final String PINNED_HAND_OVER =
      "Starting or resuming an async body inside a class initializer (a static field or static "
          + "block) or under a native frame cannot suspend the running body on the continuation "
          + "carrier: it cannot leave the isolate's thread there, so the other body did not run "
          + "yet (it runs when this one suspends or ends). Start it outside these, e.g. before the "
          + "class is first used.";

  ContinuationCarrier(EventLoop loop, Thread thread) {
    super(loop, thread);
  }

  @Override
  CarrierKind kind() {
    return CarrierKind.CONTINUATION;
  }

  @Override
  void launch(Body body) {
    body.continuation = ContinuationSeam.newContinuation(body);
    body.thread = thread;
    wake(body);
  }

  @Override
  Body runMounted(Body body, boolean first) {
    // A pooled isolate's thread changes from turn to turn, and checks compare body.thread with the
    // calling thread: it is the thread that runs the body now.
    body.thread = Thread.currentThread();
    ContinuationSeam.run(body.continuation);
    if (body.state == Body.State.DONE) {
      body.continuation = null; // Its stack chunks go with it, even while the body is referenced.
    }
    return body;
  }

  /**
   * Yields the body's continuation back to {@link #runMounted}; returns when it runs again as a
   * resumption. If it cannot yield (pinned), nothing was suspended: the body's state goes back to
   * RUNNING, an await's arranged resumption is abandoned (it will find no taker), and the error
   * is thrown in the body.
   */
  @Override
  void suspend(Body body) {
    do {
      try {
        ContinuationSeam.yieldNow();
      } catch (IllegalStateException | OutOfMemoryError e) {
        throw couldNotSuspend(body, e);
      }
    } while (body.state != Body.State.RESUMING); // A run that was not a resumption: yield again.
  }

  private RuntimeException couldNotSuspend(Body body, Throwable cause) {
    Body.State why = body.abandonSuspension();
    if (cause instanceof IllegalStateException
        && String.valueOf(cause.getMessage()).startsWith("Pinned")) {
      return new IllegalStateException(
          why == Body.State.AWAITING ? PINNED_AWAIT : PINNED_HAND_OVER, cause);
    }
    return Sneaky.<RuntimeException>rethrow(cause);
  }
}
