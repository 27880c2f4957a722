package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.DartText;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code AsyncError}: an error together with its stack trace, as carried by a failed future
 * (for example in {@link ParallelWaitError#errors()}).
 *
 * <p>{@link #toString()} is the error's own text, Dart's {@code '$error'}: an
 * {@code AsyncError(new StateError("ads down"), s)} prints {@code Bad state: ads down}.
 *
 * <p>Two async errors are equal when they hold the identical error and the identical stack trace.
 */
public final class AsyncError {
    private final Throwable error;
    private final StackTrace stackTrace;

    /**
     * Creates an async error. A {@code null} stack trace is replaced by
     * {@link #defaultStackTrace(Throwable)}, as in Dart.
     *
     * @param error the error; not {@code null}
     * @param stackTrace its stack trace, or {@code null} for the error's own
     * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null} if {@code error} is null
     */
    public AsyncError(Throwable error, StackTrace stackTrace) {
        this.error = Checks.notNull(error, "error");
        this.stackTrace = stackTrace != null ? stackTrace : defaultStackTrace(error);
    }

    /**
     * The stack trace to use for an error that comes without one ({@code completeError(e)},
     * {@code DFuture.error(e)}), Dart's {@code AsyncError.defaultStackTrace}: the stack recorded in
     * a Dart {@code Error} when it was thrown, else {@link StackTrace#empty()}, which is what Dart
     * prints for such an uncaught error (nothing after the error's text).
     *
     * <p>Java difference: every Java throwable records its frames when it is <em>created</em>, and
     * Java cannot tell a thrown one from one that was not. So the Dart {@code Error}s, which in Java
     * are the unchecked throwables other than {@link DartException} and {@link TimeoutException}
     * (StateError, ArgumentError, RangeError, UnsupportedError, NullPointerException,
     * AssertionError, ...), always keep their own frames, and everything else (checked exceptions,
     * DartException: Dart's {@code Exception}s) gets the empty trace. The Java frames stay
     * reachable for debugging: {@link Throwable#getStackTrace()} or {@link StackTrace#of(Throwable)}.
     *
     * @param error the error
     * @return the error's own stack trace for a Dart Error, else the empty one
     * @throws ArgumentError {@code Invalid argument(s) (error): Must not be null}
     */
    public static StackTrace defaultStackTrace(Throwable error) {
        Checks.notNull(error, "error");
        boolean dartError =
            error instanceof Error
                || (error instanceof RuntimeException
                    && !(error instanceof DartException)
                    && !(error instanceof TimeoutException));
        return dartError ? StackTrace.of(error) : StackTrace.empty();
    }

    /**
     * The error.
     *
     * @return the error, never {@code null}
     */
    public Throwable error() {
        return error;
    }

    /**
     * The stack trace of the error.
     *
     * @return the stack trace, never {@code null}
     */
    public StackTrace stackTrace() {
        return stackTrace;
    }

    /**
     * Dart's text: the error's text alone, e.g. {@code Bad state: ads down}.
     *
     * @return {@code DartText.toDartString(error())}
     */
    @Override
    public String toString() {
        return TextAudit.record("AsyncError", DartText.toDartString(error));
    }

    /**
     * Equal to another async error holding the identical error and identical stack trace.
     *
     * @param other any object
     * @return whether {@code other} is an equal async error
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof AsyncError that && that.error == error && that.stackTrace == stackTrace;
    }

    /**
     * A hash of the identities of the error and the stack trace.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return 31 * System.identityHashCode(error) + System.identityHashCode(stackTrace);
    }
}
