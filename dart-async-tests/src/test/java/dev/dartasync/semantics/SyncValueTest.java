package dev.dartasync.semantics;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Zone;
import dev.dartasync.junit.Expect;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dart 3.10's {@code Future.syncValue(value)} ({@code future.dart}: {@code _Future<T>()
 * .._setValue(value)}): a future already complete with the value when the factory returns, where
 * {@code Future.value} completes one microtask later (docs/semantics.md §2).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SyncValueTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("§2 syncValue is complete at once: a then added later runs after a microtask queued before it, Future.value's does not")
  void completeAtOnceUnlikeFutureValue() {
    Dart.run(
        () -> {
          // Future.value completes in a microtask queued now (M1); its listener, added before M1
          // runs, runs inside M1. syncValue is complete already: its then() queues a microtask
          // of its own (M3) after the one scheduled before it (M2).
          DFuture<Integer> value = DFuture.value(1);
          DFuture<Integer> sync = DFuture.syncValue(2);
          scheduleMicrotask(() -> ex.expect(2));
          sync.thenAccept(v -> ex.finish(3));
          value.thenAccept(v -> ex.expect(1));
        });
  }

  @Test
  @DisplayName("§2 Future.value in the same place runs its then before the earlier-scheduled microtask's successor")
  void futureValueInTheSamePlaceOrdersDifferently() {
    Dart.run(
        () -> {
          DFuture<Integer> value = DFuture.value(1);
          DFuture<Integer> notSync = DFuture.value(2);
          scheduleMicrotask(() -> ex.finish(3));
          notSync.thenAccept(v -> ex.expect(2));
          value.thenAccept(v -> ex.expect(1));
        });
  }

  @Test
  @DisplayName("§2 await of syncValue returns the value; null is a value; the future is of the current zone")
  void awaitNullAndZone() {
    Dart.run(
        () -> {
          assertEquals("x", await(DFuture.syncValue("x")));
          assertNull(await(DFuture.syncValue(null)));
          Zone zone = Zone.current();
          DFuture<String> f = DFuture.syncValue("z");
          f.thenAccept(v -> assertSame(zone, Zone.current()));
        });
  }

  @Test
  @DisplayName("§2 a DFuture passed to syncValue is the value itself, not awaited (Dart's T, not FutureOr<T>)")
  void aFutureIsTheValue() {
    Dart.run(
        () -> {
          DFuture<Integer> inner = DFuture.error(new IllegalStateException("inner"));
          inner.ignore();
          DFuture<DFuture<Integer>> outer = DFuture.syncValue(inner);
          assertSame(inner, await(outer));
        });
  }

  @Test
  @DisplayName("syncValue outside an isolate is an error naming the call")
  void outsideAnIsolate() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> DFuture.syncValue(1));
    assertEquals(true, e.getMessage() != null && !e.getMessage().isEmpty());
  }
}
