package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 4: {@code Dart.run} called on a virtual thread failed with a bare
 * {@code WrongThreadException}. It is supported: the isolate runs on a platform thread of its own
 * while the calling virtual thread waits, and the value or error comes back to the caller.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class VirtualThreadEntryTest {

  @Test
  void dartRunOnAVirtualThreadRunsTheIsolateAndReturnsItsValue() throws Exception {
    try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
      String v =
          vts.submit(
                  () ->
                      Dart.run(
                          () -> {
                            await(DFuture.delayed(Duration.ofMillis(5)));
                            return "from a virtual caller";
                          }))
              .get(20, TimeUnit.SECONDS);
      assertEquals("from a virtual caller", v);
    }
  }

  @Test
  void anUncaughtErrorReachesTheVirtualCaller() throws Exception {
    StateError boom = new StateError("boom");
    try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
      Throwable thrown =
          vts.submit(
                  () ->
                      assertThrows(
                          StateError.class,
                          () -> Dart.run(() -> DFuture.run(() -> {
                            throw boom;
                          }))))
              .get(20, TimeUnit.SECONDS);
      assertSame(boom, thrown);
    }
  }

  @Test
  void dartRunInsideABodyIsStillRefusedWithAClearMessage() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> Dart.run(() -> Dart.run(() -> "inner")));
    assertEquals(true, e.getMessage().contains("already runs an event loop"), e.getMessage());
  }
}
