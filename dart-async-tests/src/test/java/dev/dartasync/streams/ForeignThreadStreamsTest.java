package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.LogCapture;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream, subscription and controller members called from a thread that is not the isolate's
 * (docs/semantics.md §12.15): commands (pause, resume, cancel, add, close, …) are posted to the
 * isolate as one event each, their hooks and handlers run there in the order of the isolate's
 * events, and the futures they return complete there; {@code listen} and {@code asFuture} are
 * refused with a {@code StateError} before anything changes; a call posted after the isolate ended
 * is logged.
 *
 * <p>Each foreign call is made from a timer callback, which runs on the isolate's own thread and
 * blocks it while the foreign thread runs: a posted call therefore runs after that timer event and
 * its microtasks, which the steps below pin.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class ForeignThreadStreamsTest {

  @RegisterExtension final Expect ex = new Expect();
  @RegisterExtension final LogCapture logs = new LogCapture();

  private static final String FOREIGN = "foreign";

  /** Runs {@code action} on a new platform thread named "foreign", waits for it, returns its result. */
  private static <R> R onForeignThread(Supplier<R> action) {
    AtomicReference<R> result = new AtomicReference<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                result.set(action.get());
              } catch (Throwable e) {
                thrown.set(e);
              }
            },
            FOREIGN);
    thread.start();
    try {
      thread.join();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    if (thrown.get() != null) {
      throw new AssertionError("the foreign call threw " + thrown.get(), thrown.get());
    }
    return result.get();
  }

  private static void onForeignThreadRun(Runnable action) {
    onForeignThread(
        () -> {
          action.run();
          return null;
        });
  }

  /** What the foreign call {@code action} threw (it must throw). */
  private static Throwable thrownOnForeignThread(Runnable action) {
    return onForeignThread(
        () -> {
          try {
            action.run();
          } catch (Throwable e) {
            return e;
          }
          throw new AssertionError("the foreign call did not throw");
        });
  }

  private void checkOnIsolate(String what) {
    ex.check(!Thread.currentThread().getName().equals(FOREIGN), what + " ran on the foreign thread");
  }

  @Test
  @DisplayName("pause/resume from another thread: onPause/onResume run on the isolate, after the current event")
  void pauseAndResumeOfAControllerSubscription() {
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(
                  null,
                  () -> {
                    ex.expect(3);
                    checkOnIsolate("onPause");
                  },
                  () -> {
                    ex.expect(6);
                    checkOnIsolate("onResume");
                  },
                  null);
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expectUnreached());
          Timer.run(
              () -> {
                onForeignThreadRun(s::pause);
                ex.expect(1);
                ex.check(!s.isPaused(), "paused before the posted pause ran");
                scheduleMicrotask(() -> ex.expect(2)); // This event's microtasks come first.
                Timer.run(
                    () -> {
                      ex.expect(4);
                      ex.check(s.isPaused() && c.isPaused(), "paused after the posted pause");
                      onForeignThreadRun(s::resume);
                      ex.expect(5);
                    });
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("cancel from another thread: onCancel runs on the isolate, and the returned future completes")
  void cancelOfAControllerSubscription() {
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(
                  null,
                  null,
                  null,
                  () -> {
                    ex.expect(4);
                    checkOnIsolate("onCancel");
                  });
          StreamSubscription<Integer> s =
              c.stream()
                  .listen(
                      v -> {
                        ex.expect(2); // Added on the isolate before the posted cancel ran.
                        ex.checkEquals(1, v, "value");
                      });
          Timer.run(
              () -> {
                DFuture<Void> cancelled = onForeignThread(s::cancel);
                ex.expect(1);
                ex.check(c.hasListener(), "cancelled before the posted cancel ran");
                c.add(1); // Delivered in a microtask of this event: before the cancel.
                scheduleMicrotask(() -> ex.expect(3));
                cancelled.then(
                    v -> {
                      ex.expect(5);
                      checkOnIsolate("the cancel future's callback");
                      ex.check(!c.hasListener(), "still listening after the cancel");
                      return null;
                    });
              });
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("close from another thread: the done event arrives, and a later close on the isolate completes")
  void closeOfAController() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream()
              .listen(
                  v -> {
                    ex.expect(3);
                    ex.checkEquals(7, v, "value");
                  },
                  (Throwable e) -> ex.expectUnreached(),
                  () -> {
                    ex.expect(4);
                    checkOnIsolate("onDone");
                  });
          Timer.run(
              () -> {
                DFuture<Void> closed =
                    onForeignThread(
                        () -> {
                          c.add(7);
                          return c.close();
                        });
                ex.expect(1);
                ex.check(!c.isClosed(), "closed before the posted close ran");
                scheduleMicrotask(() -> ex.expect(2));
                closed.then(
                    v -> {
                      ex.expect(5);
                      ex.check(c.isClosed(), "not closed");
                      c.close() // Hung before: the foreign close had left no done event.
                          .then(
                              w -> {
                                ex.expect(6);
                                return null;
                              });
                      return null;
                    });
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("pipe into a controller from another thread: posted as the controller's addStream, then closed on the isolate")
  void pipeIntoAControllerFromAnotherThread() {
    Dart.run(
        () -> {
          StreamController<Integer> source = new StreamController<>();
          source.onListen(
              () -> {
                ex.expect(3);
                checkOnIsolate("the source's onListen");
                source.add(7);
                source.close();
              });
          StreamController<Integer> target = new StreamController<>();
          target
              .stream()
              .listen(
                  v -> {
                    ex.expect(4);
                    ex.checkEquals(7, v, "value");
                    checkOnIsolate("onData");
                  },
                  () -> {
                    ex.expect(5);
                    checkOnIsolate("onDone");
                  });
          Timer.run(
              () -> {
                DFuture<?> piped = onForeignThread(() -> source.stream().pipe(target));
                ex.expect(1);
                ex.check(!source.hasListener(), "listened before the posted addStream ran");
                scheduleMicrotask(() -> ex.expect(2));
                piped.then(
                    v -> {
                      ex.expect(6);
                      ex.check(target.isClosed(), "the target is not closed");
                      return null;
                    });
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("listen and asFuture from another thread: a StateError before anything changes")
  void listenAndAsFutureAreRefused() {
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(() -> ex.expect(2), null, null, null);
          Throwable refused = thrownOnForeignThread(() -> c.stream().listen(v -> {}));
          ex.expect(1);
          ex.checkEquals(StateError.class, refused.getClass(), "error class");
          ex.checkEquals(
              "Bad state: DStream.listen was called on thread 'foreign', which does not belong to"
                  + " the isolate that owns this stream: it must run on that isolate. Call it from"
                  + " code that isolate runs (for example, complete a Completer of the isolate and"
                  + " call it in a then callback there).",
              refused.toString(),
              "text");
          ex.check(!c.hasListener(), "listened by the refused call");
          StreamSubscription<Integer> s =
              c.stream()
                  .listen(
                      v -> {
                        ex.expect(4);
                        ex.checkEquals(1, v, "value");
                      }); // onListen now, once.
          Throwable asFuture = thrownOnForeignThread(() -> s.asFuture(0));
          ex.expect(3);
          ex.check(
              asFuture instanceof StateError
                  && asFuture
                      .toString()
                      .startsWith(
                          "Bad state: StreamSubscription.asFuture was called on thread 'foreign',"),
              "refused asFuture: " + asFuture);
          c.add(1); // Still goes to the onData handler: asFuture changed nothing.
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a call from another thread after the isolate ended is dropped with a WARN")
  void callsAfterTheIsolateEndedAreLogged() throws InterruptedException {
    AtomicReference<StreamController<Integer>> controller = new AtomicReference<>();
    AtomicReference<StreamSubscription<Integer>> subscription = new AtomicReference<>();
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(null, ex::expectUnreached, null, ex::expectUnreached);
          controller.set(c);
          subscription.set(c.stream().listen(v -> ex.expectUnreached()));
        });
    DFuture<Void> closed =
        onForeignThread(
            () -> {
              controller.get().add(1);
              subscription.get().pause();
              return controller.get().close();
            });
    assertFalse(closed.isDone(), "the close future completed");
    // Waiting for it does not hang: its isolate ended, so the wait ends with a clear error.
    IllegalStateException never =
        assertThrows(IllegalStateException.class, () -> closed.get(10, TimeUnit.SECONDS));
    assertEquals(
        "The isolate that owns this future ended before the future completed; it never will.",
        never.getMessage());
    assertEquals(
        List.of(
            "StreamController.add was called on thread 'foreign' after the stream's isolate"
                + " ended; the call was dropped. Calls from other threads run on the isolate as"
                + " events, and do not keep it alive.",
            "StreamSubscription.pause was called on thread 'foreign' after the stream's isolate"
                + " ended; the call was dropped. Calls from other threads run on the isolate as"
                + " events, and do not keep it alive.",
            "StreamController.close was called on thread 'foreign' after the stream's isolate"
                + " ended; the call was dropped. Calls from other threads run on the isolate as"
                + " events, and do not keep it alive."),
        logs.awaitWarnings(3, 5_000));
    assertFalse(controller.get().isClosed(), "the dropped close changed the controller");
  }

  @Test
  @DisplayName("sync broadcast controller: add and close from another thread deliver on the isolate")
  void broadcastAddAndCloseFromAnotherThread() {
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(
                  null,
                  () -> {
                    ex.expect(5);
                    checkOnIsolate("onCancel");
                  },
                  true);
          b.stream()
              .listen(
                  v -> {
                    ex.expect(3);
                    checkOnIsolate("onData");
                    ex.checkEquals(1, v, "value");
                  },
                  (Throwable e) -> ex.expectUnreached(),
                  () -> {
                    ex.expect(4);
                    checkOnIsolate("onDone");
                  });
          Timer.run(
              () -> {
                DFuture<Void> closed =
                    onForeignThread(
                        () -> {
                          b.add(1);
                          return b.close();
                        });
                ex.expect(1);
                scheduleMicrotask(() -> ex.expect(2));
                closed.then(
                    v -> {
                      ex.expect(6);
                      return null;
                    });
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("async* subscription: cancel from another thread ends the body on the isolate")
  void asyncStarCancelFromAnotherThread() {
    Dart.run(
        () -> {
          Completer<Void> gate = new Completer<>();
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          sink.yield(1);
                          await(gate.future());
                          sink.yield(2); // Cancelled meanwhile: returns here.
                          ex.expectUnreached();
                        } finally {
                          ex.expect(5);
                          checkOnIsolate("the body's finally");
                        }
                      })
                  .listen(
                      v -> {
                        ex.expect(1);
                        Timer.run(
                            () -> {
                              DFuture<Void> cancelled = onForeignThread(sub.get()::cancel);
                              ex.expect(2);
                              scheduleMicrotask(() -> ex.expect(3));
                              Timer.run(
                                  () -> {
                                    ex.expect(4);
                                    gate.complete(null);
                                  });
                              cancelled.then(
                                  x -> {
                                    ex.expect(6);
                                    return null;
                                  });
                            });
                      }));
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("map subscription: pause and cancel from another thread reach the source on the isolate")
  void forwardingSubscriptionFromAnotherThread() {
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(
                  null,
                  () -> {
                    ex.expect(2);
                    checkOnIsolate("onPause");
                  },
                  ex::expectUnreached, // Cancelled while paused: no resume.
                  () -> {
                    ex.expect(4);
                    checkOnIsolate("onCancel");
                  });
          StreamSubscription<Integer> s = c.stream().map(x -> x * 10).listen(v -> ex.expectUnreached());
          Timer.run(
              () -> {
                onForeignThreadRun(s::pause);
                ex.expect(1);
                Timer.run(
                    () -> {
                      DFuture<Void> cancelled = onForeignThread(s::cancel);
                      ex.expect(3);
                      cancelled.then(
                          v -> {
                            ex.expect(5);
                            return null;
                          });
                    });
              });
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("a transformer's output sink kept and called from another thread delivers on the isolate")
  void transformerOutputSinkFromAnotherThread() {
    Dart.run(
        () -> {
          AtomicReference<EventSink<Integer>> output = new AtomicReference<>();
          StreamController<Integer> source = new StreamController<>();
          DStream.eventTransformed(
                  source.stream(),
                  (EventSink<Integer> out) -> {
                    output.set(out);
                    return new EventSink<Integer>() {
                      @Override
                      public void add(Integer event) {}

                      @Override
                      public void addError(Throwable error, StackTrace stackTrace) {}

                      @Override
                      public void close() {}
                    };
                  })
              .listen(
                  v -> {
                    ex.expect(3);
                    checkOnIsolate("onData");
                    ex.checkEquals(5, v, "value");
                  },
                  (Throwable e) -> ex.expectUnreached(),
                  () -> {
                    ex.expect(4);
                    checkOnIsolate("onDone");
                  });
          Timer.run(
              () -> {
                onForeignThreadRun(
                    () -> {
                      output.get().add(5);
                      output.get().close();
                    });
                ex.expect(1);
                scheduleMicrotask(() -> ex.expect(2));
              });
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a transformer's output sink from another thread: a null error throws there at once, nothing is posted")
  void transformerOutputSinkNullErrorFromAnotherThread() {
    Dart.run(
        () -> {
          AtomicReference<EventSink<Integer>> output = new AtomicReference<>();
          StreamController<Integer> source = new StreamController<>();
          DStream.eventTransformed(
                  source.stream(),
                  (EventSink<Integer> out) -> {
                    output.set(out);
                    return new EventSink<Integer>() {
                      @Override
                      public void add(Integer event) {}

                      @Override
                      public void addError(Throwable error, StackTrace stackTrace) {}

                      @Override
                      public void close() {}
                    };
                  })
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(3));
          Timer.run(
              () -> {
                Throwable refused = thrownOnForeignThread(() -> output.get().addError(null, null));
                ex.expect(1);
                ex.checkEquals(
                    "Invalid argument(s) (error): Must not be null", refused.toString(), "text");
                Timer.run(
                    () -> {
                      ex.expect(2); // Nothing was posted: no uncaught error stopped the isolate.
                      output.get().close();
                    });
              });
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("errors of a posted call: a close during addStream fails its future; an add after close throws at once")
  void errorsOfPostedCalls() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream().listen(v -> ex.expectUnreached());
          StreamController<Integer> source = new StreamController<>();
          DFuture<Void> adding = c.addStream(source.stream());
          Timer.run(
              () -> {
                DFuture<Void> closed = onForeignThread(c::close); // The check runs on the isolate.
                ex.expect(1);
                closed.catchError(
                    (Throwable e) -> {
                      ex.expect(2);
                      checkOnIsolate("the close future's error");
                      ex.checkEquals(
                          "Bad state: Cannot add event while adding a stream", e.toString(), "text");
                      source.close();
                      return null;
                    });
                adding.then(
                    v -> {
                      ex.expect(3);
                      c.close();
                      Throwable late = thrownOnForeignThread(() -> c.add(1)); // Closed: at once.
                      ex.expect(4);
                      ex.checkEquals(StateError.class, late.getClass(), "error class");
                      ex.checkEquals(
                          "Bad state: Cannot add event after closing", late.toString(), "text");
                      return null;
                    });
              });
        });
    ex.finish(5);
  }
}
