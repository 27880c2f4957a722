package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.StackTrace;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The continuation of one async body as a zone sees it: the VM's {@code
 * _SuspendState._thenCallback} and {@code _errorCallback} (async_patch.dart). At the body's first
 * await they are registered with the current zone's registerUnaryCallback and
 * registerBinaryCallback, if that zone has such handlers (once per body, not per await); every
 * resumption then runs them through the awaiting zone's runUnary (a value) or runBinary (an
 * error), as the {@code _thenAwait} listener does.
 *
 * <p>The root path pays nothing: a body started in a zone without register, run or microtask
 * handlers has a null {@code Body.awaitCallbacks}; the await fast path never looks at it (a routed
 * body is never resumed in tail position), and the slower paths test it once. An await of a
 * foreign DFuture goes through that future's {@code then}, unregistered.
 */
final class AwaitCallbacks {

  /** Not registered, but routed through the zone: the plain callbacks, made when needed. */
  static final AwaitCallbacks ROUTED = new AwaitCallbacks(null, null);

  /** Started in a zone that may see awaits; the first await decides. */
  static final AwaitCallbacks UNDECIDED = new AwaitCallbacks(null, null);

  static final int REGISTER_BITS =
      ZoneImpl.bit(ZoneImpl.REGISTER_UNARY_CALLBACK)
          | ZoneImpl.bit(ZoneImpl.REGISTER_BINARY_CALLBACK);

  static final int RUN_BITS = ZoneImpl.bit(ZoneImpl.RUN_UNARY) | ZoneImpl.bit(ZoneImpl.RUN_BINARY);

  /** The registered value continuation (the plain one if the zone registers only errors). */
  private final Function<Object, Object> onValue;

  /** The registered error continuation (the plain one if the zone registers only values). */
  private final BiFunction<Throwable, StackTrace, Object> onError;

  private AwaitCallbacks(
      Function<Object, Object> onValue, BiFunction<Throwable, StackTrace, Object> onError) {
    this.onValue = onValue;
    this.onError = onError;
  }

  /**
   * The initial {@code Body.awaitCallbacks} of a body started in {@code zone}: null (the body is
   * never routed) unless the zone has register, run or microtask handlers. A body's awaits all
   * happen in the zone it started in (await is refused inside {@code zone.run}).
   */
  static AwaitCallbacks atStart(ZoneImpl zone) {
    return zone.customizes(REGISTER_BITS | RUN_BITS | ZoneImpl.MICROTASK_BITS) ? UNDECIDED : null;
  }

  /**
   * At the body's first await: registers the callbacks if the zone has register handlers, as the
   * VM's {@code _createAsyncCallbacks} does, or marks the body {@link #ROUTED}. Later: nothing.
   */
  static void decide(Body body, ZoneImpl zone) {
    if (body.awaitCallbacks == UNDECIDED) {
      body.awaitCallbacks = zone.customizes(REGISTER_BITS) ? register(body, zone) : ROUTED;
    }
  }

  /**
   * Called by {@code await} of a completed future or a value, where the ordinary path would
   * schedule the resuming microtask itself. For a body a zone sees, awaits the VM's way instead,
   * through a {@code _thenAwait} listener on the future (or on a completed future holding the
   * value; {@code _awaitHelper}), and returns true. Such a body is never resumed "in tail", so it
   * never reaches the await fast path before this. (A pending future always takes {@link
   * FutureImpl#thenAwait}, which decides too.)
   */
  static boolean awaitThroughZone(Body body, ZoneImpl zone, Object awaited) {
    if (body.awaitCallbacks == null) {
      return false;
    }
    decide(body, zone);
    FutureImpl<?> future =
        awaited instanceof FutureImpl<?> f ? f : FutureImpl.completedIn(zone, awaited);
    future.thenAwait(body, body.awaitCount);
    return true;
  }

  private static AwaitCallbacks register(Body body, ZoneImpl zone) {
    Function<Object, Object> value = plainValue(body);
    BiFunction<Throwable, StackTrace, Object> error = plainError(body);
    if (zone.customizes(ZoneImpl.bit(ZoneImpl.REGISTER_UNARY_CALLBACK))) {
      value = ZoneHandlers.registerUnaryCallback(zone, zone, value);
    }
    if (zone.customizes(ZoneImpl.bit(ZoneImpl.REGISTER_BINARY_CALLBACK))) {
      error = ZoneHandlers.registerBinaryCallback(zone, zone, error);
    }
    return new AwaitCallbacks(value, error);
  }

  /**
   * Whether resuming {@code body} from {@code zone} must go through the zone (registered
   * callbacks, or a run handler in the zone) instead of resuming it directly.
   */
  static boolean routed(Body body, ZoneImpl zone) {
    return body.awaitCallbacks != null || zone.customizes(RUN_BITS);
  }

  /**
   * Resumes await number {@code await} of {@code body} with {@code value}, {@code zone} being the
   * zone the body awaited in (current now): through the zone if {@link #routed}, else directly. An
   * await listener on a future does this, and so does an {@code async*} body's resumption at a
   * yield, which has no future.
   */
  static void resumeAwait(Body body, int await, ZoneImpl zone, Object value) {
    if (routed(body, zone)) {
      if (body.isResumable(await)) {
        resumeWithValue(body, zone, value);
      }
    } else {
      body.resume(await, value);
    }
  }

  /** Resumes {@code body} with {@code value} through {@code zone}'s runUnary. */
  static void resumeWithValue(Body body, ZoneImpl zone, Object value) {
    AwaitCallbacks callbacks = body.awaitCallbacks;
    Function<Object, Object> f =
        callbacks != null && callbacks.onValue != null ? callbacks.onValue : plainValue(body);
    ZoneHandlers.runUnary(zone, zone, f, value);
  }

  /** Resumes {@code body} with {@code error} through {@code zone}'s runBinary. */
  static void resumeWithError(Body body, ZoneImpl zone, AsyncError error) {
    AwaitCallbacks callbacks = body.awaitCallbacks;
    BiFunction<Throwable, StackTrace, Object> f =
        callbacks != null && callbacks.onError != null ? callbacks.onError : plainError(body);
    ZoneHandlers.runBinary(zone, zone, f, error.error(), error.stackTrace());
  }

  private static Function<Object, Object> plainValue(Body body) {
    return value -> {
      body.resume(body.awaitCount, value); // Checked before the zone was asked (isResumable).
      return null;
    };
  }

  private static BiFunction<Throwable, StackTrace, Object> plainError(Body body) {
    return (error, stackTrace) -> {
      body.resume(body.awaitCount, Outcome.failure(error));
      return null;
    };
  }
}
