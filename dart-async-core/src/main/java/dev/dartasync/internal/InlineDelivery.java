package dev.dartasync.internal;

/**
 * Await-for delivery without a park (docs/architecture.md §12, "await for without a park"): one
 * per {@link StreamIteratorImpl} that an {@link AwaitFor} loop drives, reused for every element.
 *
 * <p><b>What Dart does.</b> A buffered element reaches an {@code await for} body in one microtask
 * M: the subscription's {@code sendData} marks itself in a callback, calls the iterator's {@code
 * onData}, which completes the {@code moveNext} future, and the body's loop iteration S runs right
 * there, inside that completion, until its next suspension. Then the rest of M runs: the
 * iterator's pause check ({@code pause()} unless S already called {@code moveNext} again), and the
 * end of each {@code sendData} on the stack (leave the callback, report pause changes to the
 * source's hooks, schedule the next buffered element). With one virtual thread per body, S runs
 * on the body's thread while M runs on the loop's, so each element cost a park and a resume of the
 * body (two carrier switches, about 300 ns).
 *
 * <p><b>What we do.</b> The same order, with the rest of M <i>deferred</i> instead of run under S:
 *
 * <ol>
 *   <li>While M runs with this object {@linkplain EventLoop#inline installed}, the iterator's
 *       {@code onData} takes the value and {@linkplain #trigger triggers}; from then on each
 *       {@code sendData} that returns on the way out of M {@linkplain #defer defers} its end here
 *       instead of running it. Nothing else runs on the way out: only operators whose delivery is
 *       their last statement (map, where, …) may sit between M's subscription and the iterator
 *       ({@link BufferingStreamSubscription#inlineSource}).
 *   <li>S runs: either the body was running M itself on its own stack ({@link #tryDeliver}: M was
 *       the next thing to run anyway) or M ran on the loop and the body is resumed in tail
 *       position when M returns.
 *   <li>At the body's next suspension (any await, its end, a blocking JDK call) the deferred
 *       rest runs, innermost first ({@link #runDeferred}), exactly where Dart runs it.
 * </ol>
 *
 * A body that runs M itself again at its next {@code moveNext} (nothing else queued before M, no
 * other body waiting) never parks: the park and resume become a microtask's worth of work.
 */
final class InlineDelivery {
  /**
   * Off only in tests that compare the two paths: every await-for element then parks its body, as
   * before this class existed. Read once per element.
   */
  static volatile boolean enabled = true;

  /** The iterator whose {@code moveNext} future this delivery completes. */
  final StreamIteratorImpl<?> iterator;

  /** The {@code moveNext} future the triggering value completes, once M has returned. */
  FutureImpl<Boolean> future;

  /** The body running the await-for loop; set when a delivery is prepared. */
  Body body;

  /** Set by the iterator's {@code onData} during M: frames returning now defer their end. */
  private boolean triggered;

  /** The iterator's pause check is deferred (runs first: it is the innermost frame). */
  private boolean pauseCheck;

  /** Subscriptions whose {@code sendData} end was deferred, innermost first. */
  private BufferingStreamSubscription<?>[] frames = new BufferingStreamSubscription<?>[2];

  /** The {@code wasInputPaused} each deferred {@code sendData} saw on entry. */
  private boolean[] wasInputPaused = new boolean[2];

  /** How many frames are deferred. */
  private int count;

  InlineDelivery(StreamIteratorImpl<?> iterator) {
    this.iterator = iterator;
  }

  /** Whether the iterator took a value during the delivery now running. */
  boolean triggered() {
    return triggered;
  }

  /**
   * The iterator's {@code onData} took a value instead of completing {@code moveNextFuture}: the
   * rest of M is deferred from here on, and the future completes when M has returned.
   */
  void trigger(FutureImpl<Boolean> moveNextFuture) {
    future = moveNextFuture;
    triggered = true;
    pauseCheck = true;
  }

  /**
   * Runs M, the delivery microtask of {@code events}, through this delivery: called by M itself,
   * which the waiting body either runs on its own stack ({@link StreamIteratorImpl}) or the loop
   * runs while the body is parked on the {@code moveNext} future. If the value reached the
   * iterator, the rest of M is left for the body's next suspension and the future completes
   * now: on the body's own stack it has no listener yet (the body reads it); from the loop, it
   * resumes the body in tail position (M does nothing more), so that the body may take the next
   * element on its own stack.
   */
  <T> void deliver(PendingEvents<T> events, EventDispatch<T> dispatch) {
    Carrier carrier = body.carrier;
    EventLoop loop = carrier.loop;
    boolean onBody = carrier.mounted == body;
    if (!onBody && !loop.zone.mayElideMicrotask()) {
      // A zone that wraps its microtasks may act after M: the body must run inside M, as before.
      events.handleNext(dispatch);
      return;
    }
    InlineDelivery saved = loop.inline;
    loop.inline = this;
    try {
      events.handleNext(dispatch);
    } finally {
      loop.inline = saved;
    }
    if (!triggered) {
      return; // The value did not reach the iterator (filtered, or buffered on the way).
    }
    FutureImpl<Boolean> moveNext = future;
    future = null;
    InlineDelivery other = loop.deferred;
    if (other != null && other != this) {
      loop.deferred = null;
      other.runDeferred(); // Cannot happen (see EventLoop.deferred); kept safe all the same.
    }
    loop.deferred = this;
    if (onBody) {
      moveNext.complete(true);
    } else {
      Body savedTail = carrier.enterTail(body);
      try {
        moveNext.complete(true);
      } finally {
        carrier.exitTail(savedTail);
      }
    }
  }

  /**
   * {@code body} suspends (an await, its end, a blocking call): runs the rest of the delivery it
   * took last, if that is still waiting.
   */
  static void runDeferredOf(EventLoop loop, Body body) {
    InlineDelivery d = loop.deferred;
    if (d != null && d.body == body) {
      loop.deferred = null;
      d.runDeferred();
    }
  }

  /** A {@code sendData} returning after the trigger: its end runs at the body's suspension. */
  void defer(BufferingStreamSubscription<?> frame, boolean inputPausedOnEntry) {
    if (count == frames.length) {
      frames = java.util.Arrays.copyOf(frames, count * 2);
      wasInputPaused = java.util.Arrays.copyOf(wasInputPaused, count * 2);
    }
    frames[count] = frame;
    wasInputPaused[count] = inputPausedOnEntry;
    count++;
  }

  /** Runs the deferred rest of M, innermost first, then forgets it. */
  void runDeferred() {
    triggered = false;
    if (pauseCheck) {
      pauseCheck = false;
      iterator.pauseUnlessMoved();
    }
    int n = count;
    count = 0;
    for (int i = 0; i < n; i++) {
      BufferingStreamSubscription<?> frame = frames[i];
      frames[i] = null;
      frame.endCallback(wasInputPaused[i]);
    }
  }
}
