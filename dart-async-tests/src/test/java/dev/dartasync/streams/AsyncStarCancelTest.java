package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cancelling an {@code async*} subscription (docs/semantics.md §3.4; async_patch.dart {@code
 * onCancel}, {@code close}; SDK tests/language/async_star/cancel_while_paused_at_yield_test.dart).
 */
class AsyncStarCancelTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("cancel at a yield ends the body there, runs finally, and cancel() completes after it")
  void cancelAtYieldRunsFinallyAndCancelWaits() {
    // onCancel: cancellationFuture created; suspended at a yield -> scheduleGenerator; the resumed
    // yield sees !hasListener and returns; close() completes the cancellation future.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          sink.yield(1);
                          ex.expectUnreached(); // the yield returns like `return`
                        } finally {
                          ex.expect(4);
                        }
                      })
                  .listen(
                      v -> {
                        ex.expect(1);
                        scheduleMicrotask(
                            () -> {
                              ex.expect(2);
                              DFuture<Void> cancelled = sub.get().cancel();
                              ex.expect(3); // finally has not run yet: one microtask later
                              cancelled.then(x -> {
                                ex.expect(5);
                                return null;
                              });
                            });
                      },
                      (Throwable e) -> ex.expectUnreached(),
                      ex::expectUnreached));
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("cancel inside onData: the yield returns at once, finally runs synchronously")
  void cancelInsideOnDataReturnsFromTheYield() {
    // add() delivers synchronously; after it, !controller.hasListener -> add returns true -> return.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          AtomicReference<DFuture<Void>> cancelled = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          sink.yield(1);
                          ex.expectUnreached();
                        } finally {
                          ex.expect(3); // after onData returned
                        }
                      })
                  .listen(
                      v -> {
                        ex.expect(1);
                        cancelled.set(sub.get().cancel());
                        ex.expect(2);
                        cancelled.get().then(x -> {
                          ex.expect(4);
                          return null;
                        });
                      }));
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("cancel while the body awaits: it runs on to its next yield and returns there")
  void cancelWhileAwaitingEndsAtNextYield() {
    // onCancel does not resume a body suspended at an await; its next yield's add() finds no
    // listener and returns.
    Dart.run(
        () -> {
          Completer<Void> gate = new Completer<>();
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          ex.expect(1);
                          await(gate.future());
                          ex.expect(4); // the body runs on after the await
                          sink.yield(1); // dropped: nobody listens; returns here
                          ex.expectUnreached();
                        } finally {
                          ex.expect(5);
                        }
                      })
                  .listen(v -> ex.expectUnreached()));
          scheduleMicrotask(
              () -> {
                ex.expect(2);
                sub.get().cancel().then(x -> {
                  ex.expect(6);
                  return null;
                });
                ex.expect(3);
                gate.complete(null);
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("an error escaping the body after cancel completes the cancel future with it")
  void errorAfterCancelFailsTheCancelFuture() {
    // async_patch.dart addError: a pending cancellationFuture is completed with the error.
    DartException boom = new DartException("cleanup failed");
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          sink.yield(1);
                        } finally {
                          throw boom;
                        }
                      })
                  .listen(
                      v ->
                          sub.get()
                              .cancel()
                              .catchError(
                                  e -> {
                                    ex.checkSame(boom, e, "error");
                                    ex.expect(1);
                                    return null;
                                  }),
                      (Throwable e) -> ex.expectUnreached()));
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("cancel after the body ended returns a completed future")
  void cancelAfterDone() {
    // onCancel returns null once the controller is closed -> the subscription's null future.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar((AsyncStarSink<Integer> sink) -> {})
                  .listen(
                      v -> ex.expectUnreached(),
                      (Throwable e) -> ex.expectUnreached(),
                      () -> {
                        ex.expect(1);
                        sub.get().cancel().then(x -> {
                          ex.expect(2);
                          return null;
                        });
                      }));
        });
    ex.finish(3);
  }
  @Test
  @DisplayName("a body cancelled while paused at a yield ends its virtual thread")
  void cancelledBodyDoesNotLeakItsThread() throws InterruptedException {
    // A paused subscription holds the body at its yield; cancel resumes it there so that it
    // returns: its thread must end, not stay parked.
    AtomicReference<Thread> bodyThread = new AtomicReference<>();
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        bodyThread.set(Thread.currentThread());
                        sink.yield(1);
                      })
                  .listen(
                      v -> {
                        sub.get().pause();
                        scheduleMicrotask(
                            () -> {
                              ex.expect(1);
                              sub.get().cancel().then(x -> {
                                ex.expect(2);
                                return null;
                              });
                            });
                      }));
        });
    bodyThread.get().join(java.time.Duration.ofSeconds(5));
    ex.check(!bodyThread.get().isAlive(), "the body's thread ended");
    ex.finish(3);
  }
}
