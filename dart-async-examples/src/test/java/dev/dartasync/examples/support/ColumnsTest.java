package dev.dartasync.examples.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnsTest {

    @Test
    void timesAreWrittenAsTheLectureWritesThem() {
        assertEquals("27.6 ms", Columns.millis(27.61));
        assertEquals("0.05 ms", Columns.millis(0.049));
        assertEquals("1234.0 ms", Columns.millis(1234));
        assertEquals("-0.03 ms", Columns.millis(-0.03));
        assertEquals("0.00 ms", Columns.millis(-0.001), "never -0.00 ms");
        assertEquals("27 ms", Columns.wholeMillis(27.4));
        assertEquals("ab    | x", Columns.join(List.of(Columns.left("ab", 5), "x")));
        assertEquals("  ab", Columns.right("ab", 4));
    }
}
