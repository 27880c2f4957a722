package dev.dartasync;

import dev.dartasync.internal.DartText;
import dev.dartasync.internal.TextAudit;

/**
 * Dart's {@code ArgumentError}: a function was passed an unacceptable argument.
 *
 * <p>{@link #toString()} composes the text exactly as Dart does:
 * {@code <name>[ (<argument name>)][: <message>]} and, when the invalid value is known,
 * {@code [<explanation>]: <value>}, where {@code <name>} is {@code Invalid argument(s)} without a value
 * and {@code Invalid argument} with one, and the value is rendered by Dart's {@code Error.safeToString}
 * ({@link DartText#safeToString(Object)}: numbers and booleans plain, strings in double quotes, other
 * objects {@code Instance of 'Type'}). Examples:
 * <ul>
 *   <li>{@code new ArgumentError("m")}: {@code Invalid argument(s): m}</li>
 *   <li>{@code new ArgumentError("m", "x")}: {@code Invalid argument(s) (x): m}</li>
 *   <li>{@code ArgumentError.value(5, "x")}: {@code Invalid argument (x): 5}</li>
 *   <li>{@code ArgumentError.value("a", "x", "msg")}: {@code Invalid argument (x): msg: "a"}</li>
 *   <li>{@code ArgumentError.notNull("x")}: {@code Invalid argument(s) (x): Must not be null}</li>
 * </ul>
 * {@link #getMessage()} is the message alone (Dart's {@code message} field), or {@code null}.
 */
public class ArgumentError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final boolean hasValue;
    private final transient Object invalidValue;
    private final String name;
    private final String message;

    /** Creates an argument error without message, name or value: {@code Invalid argument(s)}. */
    public ArgumentError() {
        this(false, null, null, null);
    }

    /**
     * Creates an argument error with a message: {@code Invalid argument(s): <message>}.
     *
     * @param message the description of the problem, or {@code null}
     */
    public ArgumentError(String message) {
        this(false, null, null, message);
    }

    /**
     * Creates an argument error with a message and the parameter name:
     * {@code Invalid argument(s) (<name>): <message>}.
     *
     * @param message the description of the problem, or {@code null}
     * @param name the name of the parameter that received the invalid argument, or {@code null}
     */
    public ArgumentError(String message, String name) {
        this(false, null, name, message);
    }

    /**
     * The general constructor, for subclasses in this package.
     *
     * @param hasValue whether {@code invalidValue} is known (and part of the text)
     * @param invalidValue the invalid value
     * @param name the parameter name, or {@code null}
     * @param message the message, or {@code null}
     */
    ArgumentError(boolean hasValue, Object invalidValue, String name, String message) {
        super(message);
        this.hasValue = hasValue;
        this.invalidValue = invalidValue;
        this.name = name;
        this.message = message;
    }

    /**
     * Dart's {@code ArgumentError.value(value)}: {@code Invalid argument: <value>}.
     *
     * @param value the invalid value
     * @return the error
     */
    public static ArgumentError value(Object value) {
        return value(value, null, null);
    }

    /**
     * Dart's {@code ArgumentError.value(value, name)}: {@code Invalid argument (<name>): <value>},
     * e.g. {@code Invalid argument (onError): Instance of 'Closure'}.
     *
     * @param value the invalid value
     * @param name the parameter name, or {@code null}
     * @return the error
     */
    public static ArgumentError value(Object value, String name) {
        return value(value, name, null);
    }

    /**
     * Dart's {@code ArgumentError.value(value, name, message)}:
     * {@code Invalid argument (<name>): <message>: <value>}; without a name
     * {@code Invalid argument: <message>: <value>}.
     *
     * @param value the invalid value
     * @param name the parameter name, or {@code null}
     * @param message the description of the problem, or {@code null}
     * @return the error
     */
    public static ArgumentError value(Object value, String name, String message) {
        return new ArgumentError(true, value, name, message);
    }

    /**
     * Dart's {@code ArgumentError.notNull()}: {@code Invalid argument(s): Must not be null}.
     *
     * @return the error
     */
    public static ArgumentError notNull() {
        return notNull(null);
    }

    /**
     * Dart's {@code ArgumentError.notNull(name)}: {@code Invalid argument(s) (<name>): Must not be null}.
     *
     * @param name the parameter name, or {@code null}
     * @return the error
     */
    public static ArgumentError notNull(String name) {
        return new ArgumentError(false, null, name, "Must not be null");
    }

    /**
     * Dart's {@code ArgumentError.checkNotNull(argument, name)}: returns {@code argument} if it is not
     * {@code null}, otherwise throws {@link #notNull(String)}.
     *
     * @param <T> the argument type
     * @param argument the argument to check
     * @param name the parameter name, or {@code null}
     * @return {@code argument}
     * @throws ArgumentError {@code Invalid argument(s) (<name>): Must not be null} if it is {@code null}
     */
    public static <T> T checkNotNull(T argument, String name) {
        if (argument == null) {
            throw notNull(name);
        }
        return argument;
    }

    /**
     * The invalid value, if one was given ({@link #value(Object, String, String)}).
     *
     * @return the invalid value, or {@code null}
     */
    public Object invalidValue() {
        return invalidValue;
    }

    /**
     * The name of the parameter that received the invalid argument.
     *
     * @return the name, or {@code null}
     */
    public String name() {
        return name;
    }

    /**
     * The message describing the problem.
     *
     * @return the message, or {@code null}
     */
    public String message() {
        return message;
    }

    /** Whether the invalid value is known (Dart's {@code _hasValue}). */
    boolean hasValue() {
        return hasValue;
    }

    /** Dart's {@code _errorName}: the first word(s) of the text. */
    String errorName() {
        return hasValue ? "Invalid argument" : "Invalid argument(s)";
    }

    /** Dart's {@code _errorExplanation}: inserted before {@code ": <value>"}. */
    String errorExplanation() {
        return "";
    }

    /**
     * Dart's text, e.g. {@code Invalid argument (x): msg: "a"} (see the class documentation).
     *
     * @return the Dart text of this error
     */
    @Override
    public String toString() {
        String nameString = name == null ? "" : " (" + name + ")";
        String messageString = message == null ? "" : ": " + message;
        String prefix = errorName() + nameString + messageString;
        if (!hasValue) {
            return TextAudit.record("ArgumentError", prefix);
        }
        return TextAudit.record(
                "ArgumentError", prefix + errorExplanation() + ": " + DartText.safeToString(invalidValue));
    }
}
