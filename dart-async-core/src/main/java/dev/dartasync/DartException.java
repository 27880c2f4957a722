package dev.dartasync;

import dev.dartasync.internal.DartText;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code Exception(message)}: the plain exception Dart code throws with
 * {@code throw Exception('disk full')}.
 *
 * <p>{@link #toString()} is {@code Exception: <message>}, or just {@code Exception} without a message,
 * e.g. {@code Exception: disk full while saving 42}. The message may be any object; it is rendered
 * with {@link DartText#toDartString(Object)}, as Dart's {@code "$message"} does.
 */
public class DartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Object message;

    /** Creates an exception without a message: {@code Exception}. */
    public DartException() {
        super();
        this.message = null;
    }

    /**
     * Creates an exception with a message: {@code Exception: <message>}.
     *
     * @param message the message, usually a string; {@code null} for none
     */
    public DartException(Object message) {
        super(message == null ? null : DartText.toDartString(message));
        this.message = message;
    }

    /**
     * The message given at construction.
     *
     * @return the message, or {@code null}
     */
    public Object message() {
        return message;
    }

    /**
     * Dart's text: {@code Exception: <message>}, or {@code Exception} when there is no message.
     *
     * @return e.g. {@code Exception: disk full while saving 42}
     */
    @Override
    public String toString() {
        return TextAudit.record(
                "DartException",
                message == null ? "Exception" : "Exception: " + DartText.toDartString(message));
    }
}
