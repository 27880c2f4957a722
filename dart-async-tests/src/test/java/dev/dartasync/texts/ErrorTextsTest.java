package dev.dartasync.texts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.DartException;
import dev.dartasync.IndexError;
import dev.dartasync.RangeError;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.TimeoutException;
import dev.dartasync.UnsupportedError;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The texts of Dart's error and exception classes (docs/semantics.md §2.3, §2.4, §8). */
class ErrorTextsTest {

    @Nested
    class StateErrors {
        @Test
        void badState() {
            StateError e = new StateError("Future already completed");
            assertEquals("Bad state: Future already completed", e.toString());
            assertEquals("Future already completed", e.message());
            assertEquals("Future already completed", e.getMessage());
            assertInstanceOf(IllegalStateException.class, e);
        }

        @Test
        void thrownAndCaughtKeepsTheText() {
            IllegalStateException caught = assertThrows(IllegalStateException.class, () -> {
                throw new StateError("ads down");
            });
            assertEquals("Bad state: ads down", caught.toString());
        }
    }

    @Nested
    class ArgumentErrors {
        @Test
        void messageOnly() {
            assertEquals("Invalid argument(s): m", new ArgumentError("m").toString());
            assertEquals("Invalid argument(s)", new ArgumentError().toString());
            assertInstanceOf(IllegalArgumentException.class, new ArgumentError("m"));
        }

        @Test
        void messageAndName() {
            ArgumentError e = new ArgumentError(
                    "The error handler of Future.then must return a value of the returned future's type",
                    "onError");
            assertEquals("Invalid argument(s) (onError): The error handler of Future.then must return a "
                    + "value of the returned future's type", e.toString());
            assertEquals("onError", e.name());
            assertNull(e.invalidValue());
        }

        @Test
        void valueWithName() {
            assertEquals("Invalid argument (name): 5", ArgumentError.value(5, "name").toString());
            assertEquals("Invalid argument (x): -2.5", ArgumentError.value(-2.5, "x").toString());
            assertEquals("Invalid argument (x): 1.0", ArgumentError.value(1.0, "x").toString());
            assertEquals("Invalid argument (x): true", ArgumentError.value(true, "x").toString());
            assertEquals("Invalid argument (foo): null", ArgumentError.value(null, "foo").toString());
        }

        @Test
        void valueWithNameAndMessage() {
            ArgumentError e = ArgumentError.value("v", "name", "msg");
            assertEquals("Invalid argument (name): msg: \"v\"", e.toString());
            assertEquals("v", e.invalidValue());
            assertEquals("name", e.name());
            assertEquals("msg", e.message());
        }

        @Test
        void valueWithoutName() {
            assertEquals("Invalid argument: 7", ArgumentError.value(7).toString());
            assertEquals("Invalid argument: m: 7", ArgumentError.value(7, null, "m").toString());
        }

        @Test
        void valueOfAnObjectIsNotItsToString() {
            // Error.safeToString never calls toString on other objects: "Instance of 'C'".
            Object future = new Completing();
            assertEquals("Invalid argument: Cannot complete a future with itself: Instance of 'Completing'",
                    ArgumentError.value(future, null, "Cannot complete a future with itself").toString());
            assertEquals("Invalid argument (x): Instance of 'StateError'",
                    ArgumentError.value(new StateError("s"), "x").toString());
            assertEquals("Invalid argument (x): Instance of 'Object'",
                    ArgumentError.value(new Object(), "x").toString());
            assertEquals("Invalid argument (x): Instance of 'List'",
                    ArgumentError.value(List.of(1), "x").toString());
        }

        @Test
        void stringValuesAreJsonQuoted() {
            assertEquals("Invalid argument (s): \"a\\\"b\\\\c\\n\\t\\u0001\"",
                    ArgumentError.value("a\"b\\c\n\t\u0001", "s").toString());
            assertEquals("Invalid argument (s): \"\u00e9\"", ArgumentError.value("\u00e9", "s").toString());
            assertEquals("Invalid argument (s): \"\\ud800x\"", ArgumentError.value("\ud800x", "s").toString());
        }

        @Test
        void notNull() {
            assertEquals("Invalid argument(s) (x): Must not be null", ArgumentError.notNull("x").toString());
            assertEquals("Invalid argument(s): Must not be null", ArgumentError.notNull().toString());
            ArgumentError thrown = assertThrows(ArgumentError.class, () -> ArgumentError.checkNotNull(null, "arg"));
            assertEquals("Invalid argument(s) (arg): Must not be null", thrown.toString());
            assertEquals("ok", ArgumentError.checkNotNull("ok", "arg"));
        }
    }

    @Nested
    class RangeErrors {
        @Test
        void notGreaterThanOrEqual() {
            RangeError e = RangeError.range(-1, 0, null, "index");
            assertEquals("RangeError (index): Invalid value: Not greater than or equal to 0: -1", e.toString());
            assertEquals(-1, e.invalidValue());
            assertEquals(0, e.start());
            assertNull(e.end());
            assertInstanceOf(ArgumentError.class, e);
            assertInstanceOf(IllegalArgumentException.class, e);
        }

        @Test
        void everyExplanation() {
            assertEquals("RangeError (x): Invalid value: Not less than or equal to 5: 7",
                    RangeError.range(7, null, 5, "x").toString());
            assertEquals("RangeError (x): Invalid value: Not in inclusive range 0..5: 7",
                    RangeError.range(7, 0, 5, "x").toString());
            assertEquals("RangeError (x): Invalid value: Only valid value is 3: 7",
                    RangeError.range(7, 3, 3, "x").toString());
            assertEquals("RangeError (x): Invalid value: Valid value range is empty: 7",
                    RangeError.range(7, 3, 2, "x").toString());
            assertEquals("RangeError (x): Invalid value: 7", RangeError.range(7, null, null, "x").toString());
            assertEquals("RangeError: Invalid value: Not in inclusive range 0..5: 7",
                    RangeError.range(7, 0, 5).toString());
            assertEquals("RangeError (x): too big: Not in inclusive range 0..5: 7",
                    RangeError.range(7, 0, 5, "x", "too big").toString());
        }

        @Test
        void valueAndMessageForms() {
            assertEquals("RangeError (x): Value not in range: 7", RangeError.value(7, "x").toString());
            assertEquals("RangeError: Value not in range: 2.5", RangeError.value(2.5).toString());
            assertEquals("RangeError: m", new RangeError("m").toString());
        }

        @Test
        void checks() {
            assertEquals(5, RangeError.checkNotNegative(5));
            assertEquals("RangeError (index): Invalid value: Not greater than or equal to 0: -1",
                    assertThrows(RangeError.class, () -> RangeError.checkNotNegative(-1)).toString());
            assertEquals("RangeError (count): Invalid value: Not greater than or equal to 0: -3",
                    assertThrows(RangeError.class, () -> RangeError.checkNotNegative(-3, "count")).toString());
            assertEquals(4, RangeError.checkValueInInterval(4, 0, 5, "x"));
            assertEquals("RangeError (x): Invalid value: Not in inclusive range 0..5: 7",
                    assertThrows(RangeError.class, () -> RangeError.checkValueInInterval(7, 0, 5, "x")).toString());
            assertEquals(5, RangeError.checkValidRange(2, null, 5));
            assertEquals(4, RangeError.checkValidRange(2, 4, 5));
            assertEquals("RangeError (end): Invalid value: Not in inclusive range 2..5: 9",
                    assertThrows(RangeError.class, () -> RangeError.checkValidRange(2, 9, 5)).toString());
            assertEquals("RangeError (start): Invalid value: Not in inclusive range 0..5: -1",
                    assertThrows(RangeError.class, () -> RangeError.checkValidRange(-1, null, 5)).toString());
        }

        @Test
        void indexErrors() {
            IndexError e = IndexError.withLength(5, 3, "index");
            assertEquals("RangeError (index): Index out of range: index should be less than 3: 5", e.toString());
            assertEquals(5, e.invalidValue());
            assertEquals(3, e.length());
            assertEquals(0, e.start());
            assertEquals(2, e.end());
            assertInstanceOf(RangeError.class, e);
            assertEquals("RangeError (index): Index out of range: no indices are valid: 0",
                    IndexError.withLength(0, 0, "index").toString());
            assertEquals("RangeError (index): Index out of range: index must not be negative: -1",
                    IndexError.withLength(-1, 3, "index").toString());
            assertEquals("RangeError: Index out of range: index should be less than 3: 5",
                    IndexError.withLength(5, 3).toString());
        }

        @Test
        void indexCheckNamesTheIndex() {
            assertEquals(2, IndexError.check(2, 3));
            IndexError e = assertThrows(IndexError.class, () -> IndexError.check(3, 3));
            assertEquals("RangeError (index): Index out of range: index should be less than 3: 3", e.toString());
            List<String> list = List.of("a");
            IndexError withIndexable = assertThrows(IndexError.class,
                    () -> IndexError.check(1, list.size(), list, "i", "no such element"));
            assertEquals("RangeError (i): no such element: index should be less than 1: 1", withIndexable.toString());
            assertSame(list, withIndexable.indexable());
        }
    }

    @Nested
    class OtherErrors {
        @Test
        void unsupported() {
            UnsupportedError e = new UnsupportedError("Cannot add to an unmodifiable list");
            assertEquals("Unsupported operation: Cannot add to an unmodifiable list", e.toString());
            assertEquals("Cannot add to an unmodifiable list", e.message());
            assertInstanceOf(UnsupportedOperationException.class, e);
        }

        @Test
        void dartException() {
            assertEquals("Exception: disk full while saving 42",
                    new DartException("disk full while saving 42").toString());
            assertEquals("Exception", new DartException().toString());
            assertEquals("Exception: 42", new DartException(42).toString());
            assertEquals("Exception: 1.0", new DartException(1.0).toString());
            assertEquals("disk full", new DartException("disk full").getMessage());
            assertEquals("disk full", new DartException("disk full").message());
        }

        @Test
        void timeout() {
            TimeoutException e = new TimeoutException("Future not completed", Duration.ofSeconds(1));
            assertEquals("TimeoutException after 0:00:01.000000: Future not completed", e.toString());
            assertEquals("Future not completed", e.message());
            assertEquals(Duration.ofSeconds(1), e.duration());
            assertEquals("TimeoutException after 0:00:00.500000: No stream event",
                    new TimeoutException("No stream event", Duration.ofMillis(500)).toString());
            assertEquals("TimeoutException", new TimeoutException(null, null).toString());
            assertEquals("TimeoutException: m", new TimeoutException("m").toString());
            assertEquals("TimeoutException after 0:00:02.000000",
                    new TimeoutException(null, Duration.ofSeconds(2)).toString());
        }
    }

    @Nested
    class AsyncErrors {
        @Test
        void printsTheErrorAlone() {
            StateError error = new StateError("ads down");
            assertEquals("Bad state: ads down", new AsyncError(error, StackTrace.empty()).toString());
            assertEquals("Exception: boom", new AsyncError(new DartException("boom"), null).toString());
        }

        @Test
        void nullStackTraceIsTheErrorsOwn() {
            StateError error = new StateError("x");
            AsyncError async = new AsyncError(error, null);
            assertArrayEquals(error.getStackTrace(), async.stackTrace().frames());
            assertEquals(AsyncError.defaultStackTrace(error).toString(), async.stackTrace().toString());
            StackTrace given = StackTrace.fromString("given");
            assertSame(given, new AsyncError(error, given).stackTrace());
        }

        @Test
        void equalityIsIdentityOfErrorAndStack() {
            StateError error = new StateError("x");
            StackTrace stack = StackTrace.empty();
            assertEquals(new AsyncError(error, stack), new AsyncError(error, stack));
            assertEquals(new AsyncError(error, stack).hashCode(), new AsyncError(error, stack).hashCode());
            assertNotEquals(new AsyncError(error, stack), new AsyncError(new StateError("x"), stack));
            assertNotEquals(new AsyncError(error, stack), new AsyncError(error, StackTrace.fromString("")));
        }

        @Test
        void errorMustNotBeNull() {
            ArgumentError e = assertThrows(ArgumentError.class, () -> new AsyncError(null, StackTrace.empty()));
            assertEquals("Invalid argument(s) (error): Must not be null", e.toString());
        }
    }

    /** Stands for a future in the "complete a future with itself" text. */
    private static final class Completing {
        @Override
        public String toString() {
            return "not used by safeToString";
        }
    }
}
