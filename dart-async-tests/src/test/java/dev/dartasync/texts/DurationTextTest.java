package dev.dartasync.texts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.internal.Testing;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Dart's {@code Duration.toString()}: {@code H:MM:SS.ffffff} (docs/semantics.md §2.3, §8). */
class DurationTextTest {

    @Test
    void millisecondsAndSeconds() {
        assertEquals("0:00:01.500000", Testing.duration(Duration.ofMillis(1500)));
        assertEquals("0:00:00.100000", Testing.duration(Duration.ofMillis(100)));
        assertEquals("0:00:01.000000", Testing.duration(Duration.ofSeconds(1)));
        assertEquals("0:00:00.000000", Testing.duration(Duration.ZERO));
    }

    @Test
    void minutesAndSecondsAreTwoDigitsHoursAreNotPadded() {
        assertEquals("0:00:59.000000", Testing.duration(Duration.ofSeconds(59)));
        assertEquals("0:59:59.000000", Testing.duration(Duration.ofSeconds(3599)));
        assertEquals("1:00:00.000000", Testing.duration(Duration.ofHours(1)));
        assertEquals("100:00:00.000000", Testing.duration(Duration.ofHours(100)));
        // Dart's own documentation example: Duration(days: 1, hours: 1, minutes: 33, microseconds: 500)
        assertEquals("25:33:00.000500",
                Testing.duration(Duration.ofDays(1).plusHours(1).plusMinutes(33).plusNanos(500_000)));
    }

    @Test
    void negativeDurationsHaveALeadingMinus() {
        assertEquals("-0:00:00.000001", Testing.duration(Duration.ofNanos(-1000)));
        assertEquals("-1:30:00.000000", Testing.duration(Duration.ofMinutes(-90)));
        assertEquals("-0:00:01.500000", Testing.duration(Duration.ofMillis(-1500)));
    }

    @Test
    void truncatedToMicroseconds() {
        assertEquals("0:00:00.000001", Testing.duration(Duration.ofNanos(1999)));
        assertEquals("0:00:00.000000", Testing.duration(Duration.ofNanos(999)));
        assertEquals("-0:00:00.000001", Testing.duration(Duration.ofNanos(-1999)));
        assertEquals("0:00:00.000000", Testing.duration(Duration.ofNanos(-999)));
    }

    @Test
    void toDartStringUsesTheDurationFormat() {
        assertEquals("0:00:00.250000", Testing.toDartString(Duration.ofMillis(250)));
    }
}
