package dev.dartasync.api;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad input gets a clear error, and loses nothing. */
class BadInputTest {

  @Test
  @DisplayName("completing twice: Bad state: Future already completed, the first result stays")
  void completeTwice() {
    List<Object> seen = new ArrayList<>();
    Dart.run(
        () -> {
          for (Completer<Integer> c : List.of(new Completer<Integer>(), Completer.<Integer>sync())) {
            c.complete(1);
            StateError e1 = assertThrows(StateError.class, () -> c.complete(2));
            assertEquals("Bad state: Future already completed", e1.toString());
            StateError e2 =
                assertThrows(StateError.class, () -> c.completeError(new RuntimeException("x")));
            assertEquals("Bad state: Future already completed", e2.toString());
            seen.add(await(c.future()));
          }
        });
    assertEquals(List.of(1, 1), seen);
  }

  private static void assertNotNullError(String parameter, Executable call) {
    ArgumentError e = assertThrows(ArgumentError.class, call);
    assertEquals("Invalid argument(s) (" + parameter + "): Must not be null", e.toString());
  }

  @Test
  @DisplayName("null arguments of the future API: Dart's ArgumentError naming the parameter")
  void nullFutureArguments() {
    Dart.run(
        () -> {
          DFuture<Integer> f = DFuture.value(1);
          assertNotNullError("onValue", () -> f.then((Function<Integer, Object>) null));
          assertNotNullError("onError", () -> f.catchError((Function<Throwable, Integer>) null));
          assertNotNullError("action", () -> f.whenComplete((ThrowingRunnable) null));
          assertNotNullError("computation", () -> DFuture.run((ThrowingRunnable) null));
          assertNotNullError("body", () -> async((ThrowingRunnable) null));
          assertNotNullError("error", () -> DFuture.error(null));
          assertNotNullError("futures", () -> DFuture.wait(null));
          assertNotNullError("f2", () -> DFuture.wait(f, null));
        });
  }

  @Test
  @DisplayName("null callbacks of timers, microtasks and zones: Dart's ArgumentError naming them")
  void nullCallbacks() {
    Dart.run(
        () -> {
          assertNotNullError("callback", () -> Dart.scheduleMicrotask(null));
          assertNotNullError("callback", () -> Timer.run(null));
          assertNotNullError("duration", () -> new Timer(null, () -> {}));
          assertNotNullError("callback", () -> new Timer(Duration.ZERO, null));
          assertNotNullError("body", () -> Dart.runZoned((Runnable) null));
          assertNotNullError("onError", () -> Dart.runZonedGuarded(() -> {}, null));
          assertNotNullError("action", () -> Zone.current().run((Runnable) null));
        });
    assertNotNullError("main", () -> Dart.run((ThrowingRunnable) null));
  }

  @Test
  @DisplayName("Dart.run on a thread that already runs a loop: IllegalStateException saying so")
  void nestedRun() {
    String message =
        Dart.run(
            () ->
                assertThrows(IllegalStateException.class, () -> Dart.run(() -> 1)).getMessage());
    assertTrue(message.contains("already runs an event loop"), message);
    String fromBody =
        Dart.run(
            () ->
                await(
                    async(
                        () -> {
                          await(null);
                          return assertThrows(IllegalStateException.class, () -> Dart.run(() -> 1))
                              .getMessage();
                        })));
    assertTrue(fromBody.contains("already runs an event loop"), fromBody);
  }

  @Test
  @DisplayName("a negative duration counts as zero: an ordinary FIFO event, as in Dart")
  void negativeDuration() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Timer.run(() -> log.add("zero"));
          new Timer(Duration.ofMillis(-5), () -> log.add("negative"));
          DFuture.delayed(Duration.ofSeconds(-1), () -> log.add("delayed negative"));
          Dart.scheduleMicrotask(() -> log.add("microtask"));
        });
    assertEquals(List.of("microtask", "zero", "negative", "delayed negative"), log);
  }

  @Test
  @DisplayName("API use on a thread that belongs to no isolate: IllegalStateException saying so")
  void noIsolate() {
    for (Executable call :
        List.<Executable>of(
            () -> DFuture.value(1),
            () -> new Completer<Integer>(),
            () -> Timer.run(() -> {}),
            () -> Dart.scheduleMicrotask(() -> {}),
            () -> async(() -> {}),
            Zone::current)) {
      IllegalStateException e = assertThrows(IllegalStateException.class, call);
      assertTrue(e.getMessage().contains("belongs to no isolate"), e.getMessage());
    }
  }

  @Test
  @DisplayName("await on the loop thread outside a body: IllegalStateException, nothing blocks")
  void awaitOutsideBody() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () ->
            Timer.run(
                () -> {
                  IllegalStateException e =
                      assertThrows(IllegalStateException.class, () -> await(DFuture.value(1)));
                  log.add(e.getMessage());
                }));
    assertEquals(1, log.size());
    assertTrue(log.get(0).contains("outside an async body"), log.get(0));
  }

  @Test
  @DisplayName("Dart.run whose main never completes: a clear error, not a hang")
  void mainNeverCompletes() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Dart.run(() -> await(new Completer<Integer>().future())));
    assertTrue(e.getMessage().contains("ran dry before main's future completed"), e.getMessage());
  }

  @Test
  @DisplayName("Dart futures cannot be cancelled: cancel is false and changes nothing")
  void cancelIsFalse() {
    int value =
        Dart.run(
            () -> {
              DFuture<Integer> f = DFuture.value(7);
              assertFalse(f.cancel(true));
              assertFalse(f.isCancelled());
              return await(f);
            });
    assertEquals(7, value);
  }
}
