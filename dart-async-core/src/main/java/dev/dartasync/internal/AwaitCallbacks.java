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
 * <p>The root path allocates nothing: a body whose first await is in a zone without register
 * handlers gets the shared {@link #PLAIN} marker, and the library resumes it directly unless the
 * awaiting zone has a run handler ({@link #routed}).
 */
final class AwaitCallbacks {

  /** Not registered: the plain resume functions, made when a run handler needs them. */
  static final AwaitCallbacks PLAIN = new AwaitCallbacks(null, null);

  static final int REGISTER_BITS =
      ZoneImpl.bit(ZoneImpl.REGISTER_UNARY_CALLBACK) | ZoneImpl.bit(ZoneImpl.REGISTER_BINARY_CALLBACK);

  static final int RUN_BITS = ZoneImpl.bit(ZoneImpl.RUN_UNARY) | ZoneImpl.bit(ZoneImpl.RUN_BINARY);

  /** The registered value continuation, or null for the plain one. */
  private final Function<Object, Object> onValue;

  /** The registered error continuation, or null for the plain one. */
  private final BiFunction<Throwable, StackTrace, Object> onError;

  private AwaitCallbacks(
      Function<Object, Object> onValue, BiFunction<Throwable, StackTrace, Object> onError) {
    this.onValue = onValue;
    this.onError = onError;
  }

  /** At every await of {@code body} in {@code zone}: the first one fixes the callbacks. */
  static void atAwait(Body body, ZoneImpl zone) {
    if (body.awaitCallbacks == null) {
      body.awaitCallbacks = zone.customizes(REGISTER_BITS) ? register(body, zone) : PLAIN;
    }
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
    AwaitCallbacks callbacks = body.awaitCallbacks;
    return (callbacks != null && callbacks != PLAIN) || zone.customizes(RUN_BITS);
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
      body.resumeWithValue(value);
      return null;
    };
  }

  private static BiFunction<Throwable, StackTrace, Object> plainError(Body body) {
    return (error, stackTrace) -> {
      body.resumeWithError(new AsyncError(error, stackTrace));
      return null;
    };
  }
}
