package dev.dartasync.examples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MedianTest {

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(27.6, Median.of(List.of(30.1, 27.6, 25.0, 90.0, 27.0)));
        assertEquals(2.5, Median.of(List.of(4.0, 1.0, 2.0, 3.0)));
        assertThrows(IllegalArgumentException.class, () -> Median.of(List.of()));
    }
}
