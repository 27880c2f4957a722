package dev.dartasync.bench;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One Vert.x 5 instance per trial, with two contexts: a virtual-thread verticle's context
 * ({@link ThreadingModel#VIRTUAL_THREAD}, where {@code Future.await()} suspends a virtual thread)
 * and a plain event-loop context. Only benchmarks that take this state as a parameter start it.
 */
@State(Scope.Benchmark)
public class VertxState {
  public Vertx vertx;
  /** The context of a verticle deployed with the VIRTUAL_THREAD threading model. */
  public Context virtualThreadContext;
  /** An event-loop context (the default threading model). */
  public Context eventLoopContext;

  @Setup(Level.Trial)
  public void start() throws Exception {
    vertx = Vertx.vertx();
    CompletableFuture<Context> vt = new CompletableFuture<>();
    vertx
        .deployVerticle(
            new AbstractVerticle() {
              @Override
              public void start() {
                vt.complete(context);
              }
            },
            new DeploymentOptions().setThreadingModel(ThreadingModel.VIRTUAL_THREAD))
        .toCompletionStage()
        .toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    virtualThreadContext = vt.get(30, TimeUnit.SECONDS);
    CompletableFuture<Context> el = new CompletableFuture<>();
    vertx
        .deployVerticle(
            new AbstractVerticle() {
              @Override
              public void start() {
                el.complete(context);
              }
            })
        .toCompletionStage()
        .toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    eventLoopContext = el.get(30, TimeUnit.SECONDS);
  }

  @TearDown(Level.Trial)
  public void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Runs {@code task} on {@code context} (on a virtual thread for a VIRTUAL_THREAD context). */
  public static <T> T runOn(Context context, Callable<T> task) {
    CompletableFuture<T> result = new CompletableFuture<>();
    context.runOnContext(
        v -> {
          try {
            result.complete(task.call());
          } catch (Throwable e) {
            result.completeExceptionally(e);
          }
        });
    return result.join();
  }

  /** Runs {@code start} on {@code context}; it completes the returned future when its work is done. */
  public static <T> T startOn(Context context, java.util.function.Consumer<CompletableFuture<T>> start) {
    CompletableFuture<T> result = new CompletableFuture<>();
    context.runOnContext(
        v -> {
          try {
            start.accept(result);
          } catch (Throwable e) {
            result.completeExceptionally(e);
          }
        });
    return result.join();
  }
}
