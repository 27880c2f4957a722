package dev.dartasync.examples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TextBarTest {

    @Test
    void barsAreDrawnToTheNearestEighthOfABlock() {
        assertEquals("██▎", TextBar.bar(18, 8));
        assertEquals("████████████████████████████████████████████▎", TextBar.bar(354, 8));
        assertEquals("█", TextBar.bar(8, 8));
        assertEquals("▏", TextBar.bar(1, 8));
        assertEquals("▉", TextBar.bar(7, 8));
        assertEquals("", TextBar.bar(0.4, 8));
        assertEquals("", TextBar.bar(0, 8));
    }

    @Test
    void negativeValuesAndScalesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> TextBar.bar(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> TextBar.bar(1, 0));
    }
}
