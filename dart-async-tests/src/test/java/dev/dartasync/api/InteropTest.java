package dev.dartasync.api;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DFuture.fromCompletionStage and toCompletableFuture: Java computations as Dart I/O. */
class InteropTest {

  @Test
  @DisplayName("fromCompletionStage keeps the isolate alive and delivers on the isolate thread")
  void stageResultArrivesAsAnEvent() {
    List<String> log = new ArrayList<>();
    var executor = Executors.newSingleThreadScheduledExecutor();
    try {
      String value =
          Dart.run(
              () -> {
                // An isolate's code runs on its loop thread or on one of its bodies' virtual
                // threads; its identity is its root zone, the same for all of them.
                Zone isolate = Zone.root();
                CompletableFuture<String> slow = new CompletableFuture<>();
                executor.schedule(() -> slow.complete("row 42"), 50, TimeUnit.MILLISECONDS);
                DFuture<String> f = DFuture.fromCompletionStage(slow);
                f.thenAccept(
                    v -> log.add("then on isolate thread: " + (Zone.root() == isolate)));
                return await(f);
              });
      assertEquals("row 42", value);
      assertEquals(List.of("then on isolate thread: true"), log);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  @DisplayName("an already complete stage still arrives as an event: after queued microtasks")
  void completeStageIsStillAnEvent() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Timer.run(() -> log.add("1 earlier event"));
          DFuture.fromCompletionStage(CompletableFuture.completedFuture("x"))
              .thenAccept(v -> log.add("2 stage result " + v));
          scheduleMicrotask(() -> log.add("0 microtask"));
        });
    assertEquals(List.of("0 microtask", "1 earlier event", "2 stage result x"), log);
  }

  @Test
  @DisplayName("a failed stage fails the future with the original cause, unwrapped")
  void failedStage() {
    IOException io = new IOException("connection reset");
    Throwable thrown =
        assertThrows(
            IOException.class,
            () ->
                Dart.run(
                    () ->
                        await(
                            DFuture.fromCompletionStage(
                                CompletableFuture.supplyAsync(
                                    () -> {
                                      throw new java.util.concurrent.CompletionException(io);
                                    })))));
    assertSame(io, thrown);
  }

  @Test
  @DisplayName("toCompletableFuture completes with the value or the error")
  void toCompletableFuture() throws Exception {
    List<CompletableFuture<Integer>> futures = new ArrayList<>();
    Dart.run(
        () -> {
          futures.add(DFuture.value(7).toCompletableFuture());
          DFuture<Integer> failing = DFuture.error(new DartException("nope"));
          futures.add(failing.toCompletableFuture());
        });
    assertEquals(7, futures.get(0).get(1, TimeUnit.SECONDS));
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> futures.get(1).get(1, TimeUnit.SECONDS));
    assertEquals("Exception: nope", e.getCause().toString());
  }
}
