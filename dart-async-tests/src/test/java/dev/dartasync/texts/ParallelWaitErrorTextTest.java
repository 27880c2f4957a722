package dev.dartasync.texts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.DartException;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.internal.Testing;
import io.vavr.Tuple;
import io.vavr.Tuple2;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ParallelWaitError}'s text and runtime type (docs/semantics.md §4.2). */
class ParallelWaitErrorTextTest {

    private static AsyncError async(Throwable error) {
        return new AsyncError(error, null);
    }

    @Test
    void withoutDefaultError() {
        assertEquals("ParallelWaitError", new ParallelWaitError(null, null, 0, null).toString());
        assertEquals("ParallelWaitError", new ParallelWaitError(null, null, 1, null).toString());
        assertEquals("ParallelWaitError(2 errors)", new ParallelWaitError(null, null, 2, null).toString());
    }

    @Test
    void withDefaultError() {
        AsyncError adsDown = async(new StateError("ads down"));
        assertEquals("ParallelWaitError: Bad state: ads down",
                new ParallelWaitError(Tuple.of("config", null), Tuple.of(null, adsDown), 1, adsDown).toString());
        AsyncError e1 = async(new DartException("e1"));
        AsyncError e3 = async(new DartException("e3"));
        ParallelWaitError twoErrors = new ParallelWaitError(Arrays.asList(1, null, 3, null),
                Arrays.asList(null, e1, null, e3), 2, e1);
        assertEquals("ParallelWaitError(2 errors): Exception: e1", twoErrors.toString());
        assertInstanceOf(RuntimeException.class, twoErrors);
    }

    @Test
    void lectureRecordWaitText() {
        AsyncError adsDown = async(new StateError("ads down"));
        ParallelWaitError e = new ParallelWaitError(Tuple.of("config(300 ms)", null), Tuple.of(null, adsDown), 1,
                adsDown);
        assertEquals("record .wait failed after 302 ms: "
                + "ParallelWaitError<(String?, String?), (AsyncError?, AsyncError?)>",
                "record .wait failed after 302 ms: " + e.runtimeType(String.class, String.class));
    }

    @Test
    void runtimeTypes() {
        ParallelWaitError tuple3 = new ParallelWaitError(Tuple.of(null, 1, 2.0), Tuple.of(async(new StateError("x")),
                null, null), 1, null);
        assertEquals("ParallelWaitError<(String?, int?, double?), (AsyncError?, AsyncError?, AsyncError?)>",
                tuple3.runtimeType(String.class, Integer.class, Double.class));
        ParallelWaitError list = new ParallelWaitError(Arrays.asList(1, null), Arrays.asList(null,
                async(new StateError("x"))), 1, null);
        assertEquals("ParallelWaitError<List<int?>, List<AsyncError?>>", list.runtimeType(Integer.class));
        assertEquals("ParallelWaitError<List<String?>, List<AsyncError?>>", list.runtimeType(String.class));
        assertThrows(ArgumentError.class, () -> tuple3.runtimeType(String.class));
        assertThrows(ArgumentError.class, () -> list.runtimeType());
    }

    @Test
    void valuesAndErrorsKeepTheirShape() {
        AsyncError adsDown = async(new StateError("ads down"));
        ParallelWaitError e = new ParallelWaitError(Tuple.of("config", null), Tuple.of(null, adsDown), 1, adsDown);
        Tuple2<?, ?> values = (Tuple2<?, ?>) e.values();
        Tuple2<?, ?> errors = (Tuple2<?, ?>) e.errors();
        assertEquals("config", values._1);
        assertNull(values._2);
        assertNull(errors._1);
        assertSame(adsDown, errors._2);
        assertEquals(java.util.Arrays.asList(null, adsDown), e.errorList());
        assertEquals(1, e.errorCount());
        assertSame(adsDown, e.defaultError());
        assertEquals("(config, null)", Testing.toDartString(values));
        assertEquals("(null, Bad state: ads down)", Testing.toDartString(errors));
    }

    @Test
    void stackTraceIsTheDefaultErrors() {
        StateError error = new StateError("ads down");
        AsyncError adsDown = new AsyncError(error, null);
        ParallelWaitError e = new ParallelWaitError(Tuple.of(null, null), Tuple.of(adsDown, null), 1, adsDown);
        assertSame(adsDown.stackTrace(), e.stackTrace());
        assertArrayEquals(error.getStackTrace(), e.getStackTrace());
        assertSame(error, e.getCause());

        StackTrace fixed = StackTrace.fromString("fixed");
        AsyncError withoutFrames = new AsyncError(error, fixed);
        ParallelWaitError fallback = new ParallelWaitError(List.of(), List.of(), 1, withoutFrames);
        assertSame(fixed, fallback.stackTrace());
        assertArrayEquals(error.getStackTrace(), fallback.getStackTrace());

        ParallelWaitError own = new ParallelWaitError(null, null, 2, null);
        assertNull(own.getCause());
        assertEquals("stackTraceIsTheDefaultErrors", own.getStackTrace()[0].getMethodName());
        assertArrayEquals(own.getStackTrace(), own.stackTrace().frames());
    }
}
