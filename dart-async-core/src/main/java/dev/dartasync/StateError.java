package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code StateError}: the operation is not allowed in the current state of the object.
 *
 * <p>{@link #toString()} is {@code Bad state: <message>}, e.g. completing a completer twice throws
 * {@code Bad state: Future already completed}. {@link #getMessage()} is the message alone.
 */
public class StateError extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String message;

    /**
     * Creates a state error with a message describing the problem.
     *
     * @param message the description, e.g. {@code "Future already completed"}
     * @throws ArgumentError {@code Invalid argument(s) (message): Must not be null}
     */
    public StateError(String message) {
        super(Checks.notNull(message, "message"));
        this.message = message;
    }

    /**
     * The message given at construction.
     *
     * @return the message, e.g. {@code "Future already completed"}
     */
    public String message() {
        return message;
    }

    /**
     * Dart's text: {@code Bad state: <message>}.
     *
     * @return e.g. {@code Bad state: Future already completed}
     */
    @Override
    public String toString() {
        return TextAudit.record("StateError", "Bad state: " + message);
    }
}
