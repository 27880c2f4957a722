package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.ErrorCallbackHandler;
import dev.dartasync.StackTrace;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.function.BiFunction;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Port of the SDK's tests/lib/async/zone_error_callback_test.dart, the future half: errors handed
 * to a future by program code ({@code Completer.completeError}, {@code Future.error}) or thrown by
 * an unregistered computation ({@code Future(...)}, {@code Future.microtask}, {@code Future.sync})
 * pass the zone's errorCallback, which may replace error and stack trace. The stream half
 * ({@code StreamController.addError}, {@code map}, {@code where}, ...) waits for streams.
 */
class ZoneErrorCallbackTest {

  @RegisterExtension final Expect ex = new Expect();

  /** Dart's {@code SomeError}: an Error with a fixed text. */
  static final class SomeError extends RuntimeException {
    SomeError(int id) {
      super("SomeError(" + id + ")", null, false, false);
    }

    @Override
    public String toString() {
      return getMessage();
    }
  }

  static final SomeError ERROR1 = new SomeError(1);
  static final SomeError ERROR2 = new SomeError(2);
  static final StackTrace STACK1 = StackTrace.fromString("MockStack(1)");
  static final StackTrace STACK2 = StackTrace.fromString("MockStack(2)");

  /** How many of the expected error callbacks ran (Dart's asyncStart/asyncEnd pairs). */
  private int handled;

  private final BiFunction<Throwable, StackTrace, Object> expectError =
      (e, s) -> {
        ex.checkSame(ERROR1, e, "error");
        ex.checkSame(STACK1, s, "stack trace");
        handled++;
        return null;
      };

  private final BiFunction<Throwable, StackTrace, Object> expectErrorOnly =
      (e, s) -> {
        ex.checkSame(ERROR1, e, "error");
        handled++;
        return null;
      };

  private final BiFunction<Throwable, StackTrace, Object> expectReplaced =
      (e, s) -> {
        ex.checkSame(ERROR2, e, "replaced error");
        ex.checkSame(STACK2, s, "replaced stack trace");
        handled++;
        return null;
      };

  private final ErrorCallbackHandler replace =
      (self, parent, zone, e, s) -> {
        ex.checkSame(ERROR1, e, "error seen by errorCallback (replaced only once)");
        return new AsyncError(ERROR2, STACK2);
      };

  private final ZoneSpecification replaceZoneSpec =
      ZoneSpecification.builder().errorCallback(replace).build();

  private static ZoneSpecification errorCallback(ErrorCallbackHandler handler) {
    return ZoneSpecification.builder().errorCallback(handler).build();
  }

  /** The programmatic errors: five futures, two of them here. */
  private void testProgrammaticErrors(BiFunction<Throwable, StackTrace, Object> expect) {
    Completer<Object> c = new Completer<>();
    c.future().catchError(expect);
    c.completeError(ERROR1, STACK1);

    DFuture.<Object>error(ERROR1, STACK1).catchError(expect);
  }

  /** Errors thrown in computations the library does not register. */
  private void testThrownErrors(BiFunction<Throwable, StackTrace, Object> expect) {
    DFuture.run(
            () -> {
              throw ERROR1;
            })
        .catchError(expect);
    DFuture.microtask(
            () -> {
              throw ERROR1;
            })
        .catchError(expect);
    DFuture.sync(
            () -> {
              throw ERROR1;
            })
        .catchError(expect);
  }

  private static final int ERRORS_PER_ROUND = 5;

  @Test
  @DisplayName("zone_error_callback_test, testNoChange: zones that keep the error deliver it unchanged")
  void noChange() {
    Runnable testTransparent =
        () -> {
          testProgrammaticErrors(expectError);
          testThrownErrors(expectErrorOnly);
        };
    Dart.run(
        () -> {
          // Run directly.
          testTransparent.run();
          // In a zone that does not change callbacks.
          Dart.runZoned(
              testTransparent,
              ZoneSpecification.builder().handleUncaughtError((s, p, z, e, t) -> {}).build());
          // In a zone that delegates to the root.
          Dart.runZoned(testTransparent, errorCallback((s, p, z, e, t) -> p.errorCallback(z, e, t)));
          // In a zone that returns null.
          Dart.runZoned(testTransparent, errorCallback((s, p, z, e, t) -> null));
          // In a zone that returns the same values.
          Dart.runZoned(testTransparent, errorCallback((s, p, z, e, t) -> new AsyncError(e, t)));
          // A zone returning null inside one that replaces: only the innermost acts.
          Dart.runZoned(
              () -> Dart.runZoned(testTransparent, errorCallback((s, p, z, e, t) -> null)),
              replaceZoneSpec);
        });
    assertEquals(6 * ERRORS_PER_ROUND, handled);
  }

  @Test
  @DisplayName("zone_error_callback_test, testWithReplacement: a replacing zone replaces error and stack once")
  void withReplacement() {
    Runnable testReplaced =
        () -> {
          testProgrammaticErrors(expectReplaced);
          testThrownErrors(expectReplaced);
        };
    Dart.run(
        () -> {
          // A zone which replaces errors.
          Dart.runZoned(testReplaced, replaceZoneSpec);
          // Nested replacing zones: only the innermost acts.
          Dart.runZoned(() -> Dart.runZoned(testReplaced, replaceZoneSpec), replaceZoneSpec);
          // Delegation to a parent that replaces.
          Dart.runZoned(
              () ->
                  Dart.runZoned(
                      testReplaced, errorCallback((s, p, z, e, t) -> p.errorCallback(z, e, t))),
              replaceZoneSpec);
        });
    assertEquals(3 * ERRORS_PER_ROUND, handled);
  }

  @Test
  @DisplayName("Future.delayed and Future.doWhile computations that throw also pass errorCallback (future.dart)")
  void delayedAndDoWhile() {
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  DFuture.delayed(
                          Duration.ofMillis(1),
                          () -> {
                            throw ERROR1;
                          })
                      .catchError(expectReplaced);
                  DFuture.doWhile(
                          () -> {
                            throw ERROR1;
                          })
                      .catchError(
                          (e, s) -> {
                            expectReplaced.apply(e, s);
                            return null;
                          });
                },
                replaceZoneSpec));
    assertEquals(2, handled);
  }

  @Test
  @DisplayName("errors thrown by then callbacks and by async bodies do not pass errorCallback (as in Dart's VM)")
  void registeredCallbacksAndBodiesAreNotIntercepted() {
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  DFuture.value(1)
                      .then(
                          v -> {
                            throw ERROR1;
                          })
                      .catchError(expectErrorOnly);
                  Dart.async(
                          () -> {
                            throw ERROR1;
                          })
                      .catchError(expectErrorOnly);
                },
                errorCallback(
                    (s, p, z, e, t) -> {
                      ex.expectUnreached();
                      return null;
                    })));
    assertEquals(2, handled);
  }
}
