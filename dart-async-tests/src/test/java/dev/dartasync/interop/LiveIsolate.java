package dev.dartasync.interop;

import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.internal.Testing;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An isolate kept running on a thread of its own, for tests whose driver (the TCK) calls from
 * outside: {@link #call} runs code on the isolate and waits for its result.
 */
final class LiveIsolate implements AutoCloseable {
  private final CompletableFuture<Object> loop = new CompletableFuture<>();
  private final CompletableFuture<Void> stop = new CompletableFuture<>();
  private final Thread thread;

  LiveIsolate() {
    thread =
        new Thread(
            () ->
                Dart.run(
                    () -> {
                      loop.complete(Testing.currentIsolate());
                      await(DFuture.fromCompletionStage(stop));
                    }),
            "live-isolate");
    thread.setDaemon(true);
    thread.start();
  }

  /** Runs {@code code} on the isolate's thread and returns its result (waits at most 10 s). */
  <T> T call(Callable<T> code) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      Testing.post(
          loop.get(10, TimeUnit.SECONDS),
          () -> {
            try {
              result.complete(code.call());
            } catch (Throwable e) {
              result.completeExceptionally(e);
            }
          });
      return result.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Lets the isolate end once nothing else holds it. Not waited for: a TCK subscriber left
   * subscribed holds it open, and the thread is a daemon.
   */
  @Override
  public void close() {
    stop.complete(null);
  }
}
