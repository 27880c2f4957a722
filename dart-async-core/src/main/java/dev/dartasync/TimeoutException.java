package dev.dartasync;

import dev.dartasync.internal.DartText;
import dev.dartasync.internal.TextAudit;
import java.time.Duration;

/**
 * Dart's {@code TimeoutException} (from {@code dart:async}): a scheduled timeout happened while
 * waiting for an async result, e.g. {@code future.timeout(limit)} without {@code onTimeout}.
 *
 * <p>{@link #toString()} is {@code TimeoutException}, followed by {@code " after <duration>"} if a
 * duration is known (in Dart's {@code Duration} format, {@link DartText#duration(Duration)}) and by
 * {@code ": <message>"} if there is a message:
 * {@code TimeoutException after 0:00:01.000000: Future not completed}.
 */
public class TimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String message;
    private final Duration duration;

    /**
     * Creates a timeout exception without a duration.
     *
     * @param message the description, or {@code null}
     */
    public TimeoutException(String message) {
        this(message, null);
    }

    /**
     * Creates a timeout exception.
     *
     * @param message the description, e.g. {@code "Future not completed"}, or {@code null}
     * @param duration the time limit that was exceeded, or {@code null}
     */
    public TimeoutException(String message, Duration duration) {
        super(message);
        this.message = message;
        this.duration = duration;
    }

    /**
     * The description of the timeout.
     *
     * @return the message, or {@code null}
     */
    public String message() {
        return message;
    }

    /**
     * The time limit that was exceeded.
     *
     * @return the duration, or {@code null}
     */
    public Duration duration() {
        return duration;
    }

    /**
     * Dart's text: {@code TimeoutException[ after <duration>][: <message>]}.
     *
     * @return e.g. {@code TimeoutException after 0:00:01.000000: Future not completed}
     */
    @Override
    public String toString() {
        String result = "TimeoutException";
        if (duration != null) {
            result += " after " + DartText.duration(duration);
        }
        if (message != null) {
            result += ": " + message;
        }
        return TextAudit.record("TimeoutException", result);
    }
}
