package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 11: an error that comes without a stack trace ({@code completeError(e)},
 * {@code Future.error(e)}) gets Dart's {@code AsyncError.defaultStackTrace(e)}: the error's own
 * trace if it is a Dart {@code Error} (ours: StateError, ArgumentError and its range errors,
 * UnsupportedError, and java.lang.Error), else {@code StackTrace.empty}, which is what Dart prints
 * for an uncaught one. The Java frames stay reachable through {@link Throwable#getStackTrace()}
 * and {@link StackTrace#of(Throwable)}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DefaultStackTraceTest {

  @Test
  void anExceptionWithoutAStackGetsTheEmptyTrace() {
    StackTrace[] seen =
        Dart.run(
            () -> {
              StackTrace[] traces = new StackTrace[3];
              Completer<String> c = new Completer<>();
              c.completeError(new DartException("no stack"));
              c.future().catchError((e, st) -> {
                traces[0] = st;
                return "";
              });
              DFuture.<String>error(new IOException("io")).catchError((e, st) -> {
                traces[1] = st;
                return "";
              });
              traces[2] = AsyncError.defaultStackTrace(new DartException("x"));
              await(DFuture.delayed(java.time.Duration.ZERO));
              return traces;
            });
    assertEquals("", seen[0].toString());
    assertEquals("", seen[1].toString());
    assertSame(StackTrace.empty(), seen[2]);
  }

  @Test
  void aDartErrorKeepsItsOwnTrace() {
    StateError error = new StateError("with frames");
    assertNotEquals("", AsyncError.defaultStackTrace(error).toString());
    assertEquals(StackTrace.of(error).toString(), AsyncError.defaultStackTrace(error).toString());
    assertNotEquals("", AsyncError.defaultStackTrace(new AssertionError("e")).toString());
  }

  @Test
  void anExplicitStackIsKept() {
    StackTrace given = StackTrace.fromString("#0      main (file.dart:1:1)\n");
    assertSame(given, new AsyncError(new DartException("x"), given).stackTrace());
  }
}
