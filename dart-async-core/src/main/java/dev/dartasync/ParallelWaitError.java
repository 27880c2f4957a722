package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.DartText;
import dev.dartasync.internal.Futures;
import dev.dartasync.internal.TextAudit;
import io.vavr.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Dart's {@code ParallelWaitError}: the error of waiting for several futures in parallel
 * ({@code futures.wait}, {@code (f1, f2).wait}) when some of them failed.
 *
 * <p>{@link #values()} and {@link #errors()} keep the shape of the waited-for futures: a vavr tuple
 * (the Java shape of a Dart record) or a {@link List}, holding the value of each successful future
 * (else {@code null}) and the {@link AsyncError} of each failed one (else {@code null}).
 *
 * <p>{@link #toString()} follows Dart:
 * <ul>
 *   <li>without a default error: {@code ParallelWaitError}, or {@code ParallelWaitError(2 errors)} when
 *       more than one error is counted;</li>
 *   <li>with a default error (the first error in position order):
 *       {@code ParallelWaitError: <error text>} or {@code ParallelWaitError(2 errors): <error text>},
 *       e.g. {@code ParallelWaitError(2 errors): Bad state: e1}.</li>
 * </ul>
 *
 * <p>Stack trace: like Dart's {@code stackTrace} getter, which returns the default error's stack
 * trace, the Java stack trace of this throwable (as {@code printStackTrace} shows it) is replaced by the
 * frames of the default error's {@link AsyncError#stackTrace()} (or of the error throwable itself when
 * that trace has no frames), and the default error's throwable is the {@link #getCause() cause}.
 * Without a default error it keeps the frames of its construction.
 *
 * <h2>Typed values</h2>
 *
 * Java does not allow a generic subclass of {@link Throwable}, so this class cannot carry Dart's
 * type parameters {@code <V, E>}. The types live on the future that the wait returned instead:
 * {@link #valuesOf(DFuture)} takes that future and returns the values with its type, so a wrong
 * shape is a compile error:
 *
 * <pre>{@code
 * // Dart: try { final (p, f) = await (loadProfile(), loadFeed()).wait; … }
 * //       on ParallelWaitError<(Profile?, int?), (AsyncError?, AsyncError?)> catch (e) {
 * //         final (p, f) = e.values; … }
 * DFuture<Tuple2<Profile, Integer>> both = DFuture.wait(loadProfile(), loadFeed());
 * try {
 *   Tuple2<Profile, Integer> r = await(both);
 * } catch (ParallelWaitError e) {
 *   Tuple2<Profile, Integer> v = e.valuesOf(both);    // Tuple3<…> or Tuple2<Integer, …>: no compile
 *   List<AsyncError> errors = e.errorList();          // by position, null where a future succeeded
 * }
 * }</pre>
 *
 * {@link #values()} and {@link #errors()} are Dart's fields as plain objects, for printing
 * ({@code print(e.values())} prints {@code (null, 12)}).
 */
public final class ParallelWaitError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Object values;
    private final transient Object errors;
    private final int errorCount;
    private final transient AsyncError defaultError;

    /**
     * Creates the error.
     *
     * @param values the values of the successful futures, {@code null} in the failed positions
     * @param errors the errors of the failed futures, {@code null} in the successful positions
     * @param errorCount the number of failed futures; shown in the text when greater than one
     * @param defaultError the error shown in the text and providing the stack trace, or {@code null}
     */
    public ParallelWaitError(Object values, Object errors, int errorCount, AsyncError defaultError) {
        super(null, defaultError == null ? null : defaultError.error());
        this.values = values;
        this.errors = errors;
        this.errorCount = errorCount;
        this.defaultError = defaultError;
        if (defaultError != null) {
            StackTraceElement[] frames = defaultError.stackTrace().frames();
            setStackTrace(frames.length > 0 ? frames : defaultError.error().getStackTrace());
        }
    }

    /**
     * Dart's {@code values} field, untyped: the values of the successful futures in the shape of
     * the waited-for futures (a vavr tuple or a {@link List}, {@code null} where a future failed).
     * For typed values use {@link #valuesOf(DFuture)}.
     *
     * @return e.g. {@code (config, null)} as a {@code Tuple2}
     */
    public Object values() {
        return values;
    }

    /**
     * The values of the successful futures ({@code null} where a future failed), typed by the
     * future that the wait returned: a {@code Tuple2<A, B>} for
     * {@link DFuture#wait(DFuture, DFuture) DFuture.wait(a, b)}, a {@code List<T>} for
     * {@link DFuture#parallelWait}. Pass that very future, not one that passed the error on (an
     * async body that awaited it, a {@code then} chain): only the wait's own future is known to
     * have this error's shape.
     *
     * @param wait the future returned by the record or iterable wait that failed with this error
     * @param <V> the wait's value type, e.g. {@code Tuple2<Profile, Integer>}
     * @return the values, e.g. {@code (null, 12)}
     * @throws ArgumentError {@code Invalid argument(s) (wait): Not the future of the wait that
     *     failed with this error} for any other future (or a null one)
     */
    @SuppressWarnings("unchecked") // Sound: the wait built these values in the shape V.
    public <V> V valuesOf(DFuture<V> wait) {
        Checks.notNull(wait, "wait");
        if (!Futures.isWaitOf(wait, this)) {
            throw new ArgumentError("Not the future of the wait that failed with this error", "wait");
        }
        return (V) values;
    }

    /**
     * Dart's {@code errors} field, untyped: the {@link AsyncError}s of the failed futures in the
     * shape of the waited-for futures ({@code null} where a future succeeded). For typed access use
     * {@link #errorList()}.
     *
     * @return e.g. {@code (null, Bad state: ads down)} as a {@code Tuple2} of {@link AsyncError}s
     */
    public Object errors() {
        return errors;
    }

    /**
     * The errors by position, whatever the shape of the wait: the {@link AsyncError} of each failed
     * future, {@code null} for each that succeeded. Read-only.
     *
     * @return e.g. {@code [null, Bad state: ads down]}; empty if this error was made without errors
     */
    public List<AsyncError> errorList() {
        List<AsyncError> list = new ArrayList<>();
        Iterable<?> slots =
                errors instanceof Tuple tuple ? tuple.toSeq() : errors instanceof List<?> l ? l : List.of();
        for (Object slot : slots) {
            list.add((AsyncError) slot);
        }
        return Collections.unmodifiableList(list);
    }

    /**
     * The number of failed futures.
     *
     * @return the error count given at construction
     */
    public int errorCount() {
        return errorCount;
    }

    /**
     * The error shown by {@link #toString()}: the first error in position order.
     *
     * @return the default error, or {@code null}
     */
    public AsyncError defaultError() {
        return defaultError;
    }

    /**
     * Dart's {@code stackTrace} getter: the default error's stack trace, or this throwable's own.
     *
     * @return the stack trace
     */
    public StackTrace stackTrace() {
        return defaultError != null ? defaultError.stackTrace() : StackTrace.of(this);
    }

    /**
     * Dart's {@code runtimeType} text, which Java erases, so the caller names the value types.
     *
     * <p>For a tuple of n values (n types given):
     * {@code runtimeType(String.class, String.class)} is
     * {@code ParallelWaitError<(String?, String?), (AsyncError?, AsyncError?)>}; for a {@link List} of
     * values (one element type given): {@code ParallelWaitError<List<int?>, List<AsyncError?>>}. Type
     * names follow {@link DartText#dartTypeName(Class)} ({@code Integer} is {@code int}).
     *
     * @param valueTypes the Java types of the values, one per tuple slot, or one element type for a list
     * @return the Dart runtime type text
     * @throws ArgumentError if the number of types does not fit the values, or {@code Invalid
     *     argument(s) (valueTypes): Must not be null} for a null array
     */
    public String runtimeType(Class<?>... valueTypes) {
        Checks.notNull(valueTypes, "valueTypes");
        if (values instanceof List<?>) {
            if (valueTypes.length != 1) {
                throw ArgumentError.value(valueTypes.length, "valueTypes", "A List needs one element type");
            }
            return "ParallelWaitError<List<" + DartText.dartTypeName(valueTypes[0]) + "?>, List<AsyncError?>>";
        }
        if (values instanceof Tuple tuple && tuple.arity() != valueTypes.length) {
            throw ArgumentError.value(valueTypes.length, "valueTypes",
                    "The tuple has " + tuple.arity() + " values");
        }
        StringBuilder valueShape = new StringBuilder("(");
        StringBuilder errorShape = new StringBuilder("(");
        for (int i = 0; i < valueTypes.length; i++) {
            String separator = i == 0 ? "" : ", ";
            valueShape.append(separator).append(DartText.dartTypeName(valueTypes[i])).append('?');
            errorShape.append(separator).append("AsyncError?");
        }
        String close = valueTypes.length == 1 ? ",)" : ")";
        return "ParallelWaitError<" + valueShape + close + ", " + errorShape + close + ">";
    }

    /**
     * Dart's text, e.g. {@code ParallelWaitError(2 errors): Bad state: e1} (see the class documentation).
     *
     * @return the Dart text of this error
     */
    @Override
    public String toString() {
        String count = errorCount > 1 ? "(" + errorCount + " errors)" : "";
        if (defaultError == null) {
            return TextAudit.record("ParallelWaitError", "ParallelWaitError" + count);
        }
        return TextAudit.record(
                "ParallelWaitError",
                "ParallelWaitError" + count + ": " + DartText.toDartString(defaultError.error()));
    }
}
