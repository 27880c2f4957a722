package dev.dartasync.internal;

import dev.dartasync.AwaitForAction;

/**
 * An {@code await for} loop over an {@code async*} generator's stream, run by the generator
 * (docs/architecture.md §12, "async* under await for without a switch"): one per {@link AwaitFor}
 * loop.
 *
 * <p><b>What Dart does.</b> The generator's {@code yield v} is its controller's synchronous {@code
 * add(v)}: the subscription's {@code sendData} calls the iterator's {@code onData}, which completes
 * the {@code moveNext} future the loop awaits, and the loop's continuation runs right there, inside
 * {@code add}, on the generator's stack, until its next suspension. If that is the next {@code
 * await moveNext()}, the generator then goes on with its yield (schedules itself, suspends).
 *
 * <p><b>What we do.</b> The same, literally: while the consumer body is parked on the {@code
 * moveNext} future ({@link #parkedOn}), {@code onData} called inside such an {@code add} runs the
 * loop body ({@link #action}) on the generator's thread, in the consumer's zone, and then the
 * loop's next {@code moveNext} on the same future (the consumer stays parked on it). No thread
 * switch per element; before, each element cost two (the consumer was resumed and parked again).
 *
 * <ul>
 *   <li>{@code break} or a throw in the loop body: the outcome is {@linkplain #takeEnd kept here}
 *       and the consumer is resumed through the future; there it leaves the loop as it would have
 *       (cancel, awaited, then return or rethrow). The generator sees the cancel at its yield.
 *   <li>An await in the loop body (or a blocking JDK call, during which the loop goes on as in an
 *       await; not an await the pinned-carrier watchdog failed) suspends the generator's thread
 *       with the loop body on it: in
 *       Dart the consumer suspends and the generator goes on to wait at its yield, paused, which
 *       nothing can observe but the order of what follows. When the loop body goes on with the next
 *       {@code moveNext}, the generator schedules itself exactly where Dart's resume would; when it
 *       ends, the generator is first put at its yield ({@link AsyncStarController#drivenEnd}), so
 *       that the cancel resumes it one microtask later, as in Dart.
 *   <li>Not driven (today's path, the consumer resumed on its own thread): a consumer or generator
 *       whose zone sees awaits, a consumer that is itself an {@code async*} body (its yields must
 *       run on its own thread), the add of anything but the generator's own yield, an isolate that
 *       is stopping, or {@linkplain #enabled off}.
 *   <li>{@code Isolate.exit} in the loop body unwinds the generator's stack instead of the
 *       consumer's (no handler sees it either way; the consumer stays parked and is collected).
 * </ul>
 *
 * The one difference a program can see: {@code Thread.currentThread()} in the loop body is the
 * generator's virtual thread (ThreadLocals included); zone values are the consumer's.
 */
final class LoopDriver<T> {
  /** Off only in tests that compare the two paths; read once per element. */
  static volatile boolean enabled = true;

  /** The loop body. */
  final AwaitForAction<? super T> action;

  /** The generator whose stream the loop's iterator listens to (directly, nothing between). */
  final AsyncStarController<?> generator;

  /** The body running the loop; set when it parks. */
  Body consumer;

  /** The {@code moveNext} future the consumer is parked on, or null while it runs. */
  FutureImpl<Boolean> parkedOn;

  /** The driven loop body returned false ({@code break}). */
  private boolean broke;

  /** What the driven loop body threw. */
  private Throwable error;

  LoopDriver(AwaitForAction<? super T> action, AsyncStarController<?> generator) {
    this.action = action;
    this.generator = generator;
  }

  /**
   * Called by the consumer as it parks on {@code future}: arms the driver unless this consumer
   * must be resumed on its own thread (an {@code async*} body, or a zone that sees its awaits).
   * Returns whether it armed.
   */
  boolean arm(Body body, FutureImpl<Boolean> future) {
    if (body.isGenerator() || body.awaitCallbacks != null) {
      return false;
    }
    consumer = body;
    parkedOn = future;
    return true;
  }

  /**
   * Called by the iterator's {@code onData} with the future it would complete: the body of {@link
   * #generator} if the loop body may run here, on the stack of its yield; else null.
   */
  Body mayDrive(FutureImpl<Boolean> future) {
    if (parkedOn != future || !enabled || !InlineDelivery.enabled) {
      return null;
    }
    Body c = consumer;
    Body gen = generator.drivingBody();
    if (gen == null
        || c.state != Body.State.AWAITING
        || gen.carrier != c.carrier
        || gen.awaitCallbacks != null
        || c.carrier.loop.zone != c.zone
        || c.carrier.loop.stopping()) {
      return null;
    }
    return gen;
  }

  /**
   * Runs the loop body with {@code value} on the generator's stack, then the loop's next step: the
   * next {@code moveNext} on the same future, or the consumer resumed to leave the loop.
   */
  void drive(StreamIteratorImpl<T> iterator, T value, FutureImpl<Boolean> future, Body gen) {
    // The consumer's zone is current already (mayDrive): the zone the iterator listened in.
    EventLoop loop = gen.carrier.loop;
    int savedInCallback = gen.inCallback;
    int awaitsBefore = gen.awaitCount;
    long takenBefore = loop.microtasksTakenByBodies;
    // The loop body is the consumer's code, not a callback: it may await (on this thread).
    gen.inCallback = 0;
    boolean more;
    Throwable thrown = null;
    try {
      more = action.run(value);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e); // Exit or kill: nothing more runs (see the class comment).
      thrown = e;
      more = false;
    } finally {
      gen.inCallback = savedInCallback;
    }
    if (more) {
      iterator.rearm(future);
      return; // The consumer stays parked on the same future: the next element may follow.
    }
    end(future, thrown, gen, awaitsBefore, loop.microtasksTakenByBodies != takenBefore);
  }

  /**
   * The driven loop body ended the loop (broke, or threw {@code thrown}): resumes the consumer to
   * leave it. Apart from {@link #drive}, which then stays small enough to inline.
   */
  private void end(
      FutureImpl<Boolean> future, Throwable thrown, Body gen, int awaitsBefore, boolean tookTask) {
    if (tookTask || suspendedSince(gen, awaitsBefore) || generator.blockedInAdd()) {
      // The loop body suspended (an await, a microtask it ran instead of suspending, as an inner
      // await for's buffered element, or a blocking JDK call, during which the loop goes on as
      // in an await): the resumed path's generator went on to wait at its yield then.
      generator.drivenEnd();
    }
    broke = thrown == null;
    error = thrown;
    future.complete(true); // Resumes the consumer, which leaves the loop (AwaitFor.run).
  }

  /**
   * Whether one of the awaits {@code body} began after await number {@code before} suspended: an
   * await the pinned-carrier watchdog failed never did (the body ran on without unmounting, and on
   * the resumed path the generator stayed where it was). Usually decided by the first one.
   */
  private static boolean suspendedSince(Body body, int before) {
    int last = body.awaitCount;
    for (int a = before; a != last; ) {
      a = a + 1 == 0 ? 1 : a + 1; // The numbering of Body.beginAwait, which skips 0.
      if (!body.wasAbandoned(a)) {
        return true;
      }
    }
    return false;
  }

  /**
   * In the consumer, back from its {@code moveNext}: whether a driven loop body ended the loop;
   * if it threw, throws that.
   */
  boolean takeEnd() {
    Throwable e = error;
    boolean ended = broke || e != null;
    broke = false;
    error = null;
    if (e != null) {
      throw Sneaky.<RuntimeException>rethrow(e);
    }
    return ended;
  }
}
