package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code UnsupportedError}: the object does not support the operation at all.
 *
 * <p>{@link #toString()} is {@code Unsupported operation: <message>}, e.g.
 * {@code Unsupported operation: Cannot add to an unmodifiable list}. {@link #getMessage()} is the
 * message alone.
 */
public class UnsupportedError extends UnsupportedOperationException {
    private static final long serialVersionUID = 1L;

    private final String message;

    /**
     * Creates an error for an unsupported operation.
     *
     * @param message the description, e.g. {@code "Cannot add to an unmodifiable list"}
     * @throws ArgumentError {@code Invalid argument(s) (message): Must not be null}
     */
    public UnsupportedError(String message) {
        super(Checks.notNull(message, "message"));
        this.message = message;
    }

    /**
     * The message given at construction.
     *
     * @return the message
     */
    public String message() {
        return message;
    }

    /**
     * Dart's text: {@code Unsupported operation: <message>} ({@code Unsupported operation: null} when
     * the message is {@code null}, as Dart's string interpolation prints it).
     *
     * @return e.g. {@code Unsupported operation: Cannot add to an unmodifiable list}
     */
    @Override
    public String toString() {
        return TextAudit.record("UnsupportedError", "Unsupported operation: " + message);
    }
}
