package dev.dartasync.semantics;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.runZoned;
import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.busyWait;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** docs/semantics.md §5: uncaught errors in the root zone, error zones, runZonedGuarded. */
class UncaughtErrorTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();

  @Nested
  @DisplayName("§5.1 root zone")
  class RootZone {

    @Test
    @DisplayName("the 'a' / boom example: Dart.run throws the original error; 'b' never prints")
    void boomExample() {
      StateError boom = new StateError("boom");
      Throwable thrown =
          uncaught(
              () -> {
                scheduleMicrotask(() -> log.add("a"));
                DFuture.error(boom); // no listener
                scheduleMicrotask(() -> log.add("b"));
              });
      assertSame(boom, thrown, "Dart.run must throw the original error object");
      log.assertOutput("a");
    }

    @Test
    @DisplayName("an uncaught error is rethrown from a priority microtask, before already-queued microtasks")
    void priorityBeforeQueuedMicrotasks() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                scheduleMicrotask(
                    () -> {
                      log.add("m0");
                      Completer<Integer> c = Completer.sync();
                      c.completeError(boom); // uncaught right now
                      log.add("m0 end"); // the current microtask still finishes
                    });
                scheduleMicrotask(() -> log.add("m1"));
                scheduleMicrotask(() -> log.add("m2"));
                Timer.run(() -> log.add("timer"));
              });
      assertSame(boom, thrown);
      log.assertOutput("m0 m0 end");
    }

    @Test
    @DisplayName("an uncaught error reported by main itself precedes main's own queued microtasks")
    void priorityFromMainBody() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                scheduleMicrotask(() -> log.add("queued before"));
                Completer<Integer> c = Completer.sync();
                c.completeError(boom);
                log.add("main continues");
              });
      assertSame(boom, thrown);
      log.assertOutput("main continues");
    }

    @Test
    @DisplayName("two uncaught errors from one microtask: the first reported one stops the isolate")
    void firstOfTwoPriorityErrors() {
      DartException first = new DartException("first");
      DartException second = new DartException("second");
      Throwable thrown =
          uncaught(
              () -> {
                scheduleMicrotask(() -> log.add("queued"));
                Completer<Integer> a = Completer.sync();
                Completer<Integer> b = Completer.sync();
                a.completeError(first);
                b.completeError(second);
              });
      assertSame(first, thrown);
      log.assertOutput("");
    }

    @Test
    @DisplayName("a timer callback's error is fatal immediately: no microtask drain, no further timers")
    void timerErrorIsFatalImmediately() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                Timer.run(
                    () -> {
                      log.add("t1");
                      scheduleMicrotask(() -> log.add("t1's microtask"));
                      throw boom;
                    });
                Timer.run(() -> log.add("t2"));
              });
      assertSame(boom, thrown);
      log.assertOutput("t1");
    }

    @Test
    @DisplayName("a timer callback's error also stops the rest of its batch")
    void timerErrorStopsBatch() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                new Timer(
                    Duration.ofMillis(1),
                    () -> {
                      log.add("t1");
                      throw boom;
                    });
                new Timer(Duration.ofMillis(1), () -> log.add("t2"));
                busyWait(15);
              });
      assertSame(boom, thrown);
      log.assertOutput("t1");
    }

    @Test
    @DisplayName("a microtask's error is fatal immediately: the next microtask never runs")
    void microtaskErrorIsFatal() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                scheduleMicrotask(
                    () -> {
                      throw boom;
                    });
                scheduleMicrotask(() -> log.add("never"));
              });
      assertSame(boom, thrown);
      log.assertOutput("");
    }

    @Test
    @DisplayName("a checked exception stays the original object (Dart.run rethrows it unwrapped)")
    void checkedExceptionUnwrapped() {
      java.io.IOException io = new java.io.IOException("disk");
      Throwable thrown =
          uncaught(
              () -> {
                DFuture.error(io);
              });
      assertSame(io, thrown);
    }

    @Test
    @DisplayName("an error that reaches the end of a then-chain is reported there, once")
    void reportedAtEndOfChain() {
      DartException boom = new DartException("boom");
      Throwable thrown =
          uncaught(
              () -> {
                DFuture.<Integer>error(boom)
                    .then(v -> v + 1)
                    .whenComplete(() -> log.add("whenComplete"));
              });
      assertSame(boom, thrown);
      log.assertOutput("whenComplete");
    }
  }

  @Nested
  @DisplayName("§5.2 runZonedGuarded")
  class Guarded {

    @Test
    @DisplayName("catches async errors from futures, timers, microtasks and bodies in the zone")
    void catchesAsyncErrors() {
      List<Throwable> caught = new ArrayList<>();
      DartException fromFuture = new DartException("future");
      DartException fromTimer = new DartException("timer");
      DartException fromMicrotask = new DartException("microtask");
      DartException fromFutureRun = new DartException("Future()");
      DartException fromBody = new DartException("body");
      Dart.run(
          () -> {
            runZonedGuarded(
                () -> {
                  DFuture.error(fromFuture);
                  Timer.run(
                      () -> {
                        throw fromTimer;
                      });
                  scheduleMicrotask(
                      () -> {
                        throw fromMicrotask;
                      });
                  DFuture.run(
                      () -> {
                        throw fromFutureRun;
                      });
                  async(
                      () -> {
                        await(DFuture.delayed(Duration.ofMillis(1)));
                        throw fromBody;
                      });
                  Timer.run(() -> log.add("later timer still runs"));
                },
                (e, st) -> caught.add(e));
            log.add("main done");
          });
      assertEquals(List.of(fromFuture, fromMicrotask, fromTimer, fromFutureRun, fromBody), caught);
      log.assertOutput("main done later timer still runs");
    }

    @Test
    @DisplayName("the handler gets the error's stack trace and runs in the parent zone")
    void handlerRunsInParentZone() {
      StackTrace trace = StackTrace.fromString("#0 here\n");
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            Zone outer = Zone.current();
            Zone[] inner = new Zone[1];
            runZonedGuarded(
                () -> {
                  inner[0] = Zone.current();
                  DFuture.error(boom, trace);
                },
                (e, st) -> {
                  assertSame(boom, e);
                  assertSame(trace, st);
                  assertSame(outer, Zone.current(), "the handler runs in the parent zone");
                  ex.finish(1);
                });
            assertTrue(inner[0] != outer);
            assertSame(inner[0], inner[0].errorZone());
          });
    }

    @Test
    @DisplayName("a synchronous throw from body goes to onError and runZonedGuarded returns null")
    void syncThrowFromBody() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            String r =
                runZonedGuarded(
                    () -> {
                      log.add("body");
                      if (log.lines().size() > 0) {
                        throw boom;
                      }
                      return "value";
                    },
                    (e, st) -> {
                      assertSame(boom, e);
                      log.add("onError");
                    });
            assertNull(r);
            log.add("returned null");
            assertEquals("value", runZonedGuarded(() -> "value", (e, st) -> ex.expectUnreached()));
          });
      log.assertOutput("body onError returned null");
    }

    @Test
    @DisplayName("onError throwing for a synchronous body error: the throw propagates to the caller")
    void syncThrowHandlerThrowsPropagates() {
      DartException fromBody = new DartException("x");
      DartException fromHandler = new DartException("y");
      Dart.run(
          () -> {
            try {
              runZonedGuarded(
                  () -> {
                    throw fromBody;
                  },
                  (e, st) -> {
                    throw fromHandler;
                  });
              ex.expectUnreached();
            } catch (DartException e) {
              assertSame(fromHandler, e);
              ex.finish(1);
            }
          });
    }

    @Test
    @DisplayName("a handler throwing a new error sends it to the parent zone's handler")
    void handlerThrowingGoesToParent() {
      DartException boom = new DartException("boom");
      DartException fromHandler = new DartException("from handler");
      Dart.run(
          () -> {
            runZonedGuarded(
                () ->
                    runZonedGuarded(
                        () -> {
                          DFuture.error(boom);
                        },
                        (e, st) -> {
                          assertSame(boom, e);
                          ex.expect(1);
                          throw fromHandler;
                        }),
                (e, st) -> {
                  assertSame(fromHandler, e);
                  ex.finish(2);
                });
          });
    }

    @Test
    @DisplayName("a handler rethrowing the identical error sends it to the parent with the original stack")
    void handlerRethrowKeepsStack() {
      DartException boom = new DartException("boom");
      StackTrace trace = StackTrace.fromString("#0 original\n");
      Dart.run(
          () -> {
            runZonedGuarded(
                () ->
                    runZonedGuarded(
                        () -> {
                          DFuture.error(boom, trace);
                        },
                        (e, st) -> {
                          ex.expect(1);
                          throw (DartException) e;
                        }),
                (e, st) -> {
                  assertSame(boom, e);
                  assertSame(trace, st);
                  ex.finish(2);
                });
          });
    }

    @Test
    @DisplayName("a handler throwing in a zone whose parent is the root stops the isolate")
    void handlerThrowingToRootIsFatal() {
      DartException boom = new DartException("boom");
      DartException fromHandler = new DartException("from handler");
      Throwable thrown =
          uncaught(
              () -> {
                runZonedGuarded(
                    () -> {
                      DFuture.error(boom);
                    },
                    (e, st) -> {
                      throw fromHandler;
                    });
              });
      assertSame(fromHandler, thrown);
    }

    @Test
    @DisplayName("runZoned without a handler shares the parent's error zone")
    void runZonedSharesErrorZone() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            runZonedGuarded(
                () -> {
                  Zone guarded = Zone.current();
                  runZoned(
                      () -> {
                        assertTrue(Zone.current().inSameErrorZone(guarded));
                        assertSame(guarded, Zone.current().errorZone());
                        DFuture.error(boom);
                        return null;
                      });
                },
                (e, st) -> {
                  assertSame(boom, e);
                  ex.finish(1);
                });
          });
    }
  }

  @Nested
  @DisplayName("§5.2 callbacks run in the zone current at registration")
  class RegistrationZone {

    @Test
    @DisplayName("then, timer, microtask and await continuations run in their registration zone")
    void callbacksRunInRegistrationZone() {
      List<String> wrong = new ArrayList<>();
      Dart.run(
          () -> {
            Zone root = Zone.current();
            Completer<Integer> c = new Completer<>(); // created in the root zone
            Zone[] z = new Zone[1];
            runZonedGuarded(
                () -> {
                  z[0] = Zone.current();
                  Runnable check =
                      () -> {
                        if (Zone.current() != z[0]) {
                          wrong.add("ran in " + Zone.current());
                        }
                      };
                  c.future().thenAccept(v -> check.run());
                  Timer.run(check);
                  new Timer(Duration.ofMillis(1), check);
                  scheduleMicrotask(check);
                  async(
                      () -> {
                        check.run();
                        await(c.future());
                        check.run();
                        await(DFuture.delayed(Duration.ofMillis(1)));
                        check.run();
                        await((Object) null);
                        check.run();
                        log.add("body done");
                      });
                },
                (e, st) -> wrong.add("error " + e));
            assertSame(root, Zone.current(), "runZonedGuarded restores the zone");
            Timer.run(() -> c.complete(1)); // completed from the root zone
          });
      assertEquals(List.of(), wrong);
      log.assertOutput("body done");
    }
  }

  @Nested
  @DisplayName("§2.1/§5.2 errors do not cross error zones")
  class ErrorZones {

    @Test
    @DisplayName("a listener in another error zone never completes; the error goes to the source zone")
    void listenerInOtherErrorZoneNeverCompletes() {
      DartException boom = new DartException("boom");
      List<String> zoneA = new ArrayList<>();
      List<String> zoneB = new ArrayList<>();
      Dart.run(
          () -> {
            @SuppressWarnings({"unchecked", "rawtypes"})
            Completer<Integer>[] c = new Completer[1];
            runZonedGuarded(() -> c[0] = new Completer<>(), (e, st) -> zoneA.add("A " + e));
            DFuture<?>[] derived = new DFuture<?>[1];
            runZonedGuarded(
                () ->
                    derived[0] =
                        c[0]
                            .future()
                            .then(
                                v -> {
                                  ex.expectUnreached();
                                  return null;
                                },
                                e -> {
                                  ex.expectUnreached();
                                  return null;
                                }),
                (e, st) -> zoneB.add("B " + e));
            c[0].completeError(boom);
            await(DFuture.delayed(Duration.ofMillis(5)));
            assertFalse(derived[0].isDone(), "the listener's future never completes");
          });
      assertEquals(List.of("A Exception: boom"), zoneA);
      assertEquals(List.of(), zoneB);
    }

    @Test
    @DisplayName("an await in another error zone on a failing future never resumes")
    void awaitInOtherErrorZoneNeverResumes() {
      DartException boom = new DartException("boom");
      List<String> zoneA = new ArrayList<>();
      Dart.run(
          () -> {
            @SuppressWarnings({"unchecked", "rawtypes"})
            Completer<Integer>[] c = new Completer[1];
            runZonedGuarded(() -> c[0] = new Completer<>(), (e, st) -> zoneA.add("A " + e));
            runZonedGuarded(
                () -> {
                  async(
                      () -> {
                        try {
                          await(c[0].future());
                        } catch (Throwable e) {
                          ex.expectUnreached();
                        }
                        ex.expectUnreached();
                      });
                },
                (e, st) -> ex.expectUnreached());
            Timer.run(() -> c[0].completeError(boom));
          });
      assertEquals(List.of("A Exception: boom"), zoneA);
    }

    @Test
    @DisplayName("an await in another error zone on an already-failed future never resumes either")
    void awaitCompletedErrorInOtherErrorZoneNeverResumes() {
      DartException boom = new DartException("boom");
      List<String> zoneA = new ArrayList<>();
      Dart.run(
          () -> {
            @SuppressWarnings({"unchecked", "rawtypes"})
            DFuture<Integer>[] failed = new DFuture[1];
            runZonedGuarded(
                () -> {
                  Completer<Integer> c = Completer.sync();
                  c.future().ignore();
                  c.completeError(boom);
                  failed[0] = c.future();
                },
                (e, st) -> zoneA.add("A " + e));
            runZonedGuarded(
                () -> {
                  async(
                      () -> {
                        try {
                          await(failed[0]);
                        } catch (Throwable e) {
                          ex.expectUnreached();
                        }
                        ex.expectUnreached();
                      });
                },
                (e, st) -> ex.expectUnreached());
          });
      assertEquals(List.of("A Exception: boom"), zoneA);
    }

    @Test
    @DisplayName("values do cross error zones")
    void valuesCross() {
      Dart.run(
          () -> {
            @SuppressWarnings({"unchecked", "rawtypes"})
            Completer<Integer>[] c = new Completer[1];
            runZonedGuarded(() -> c[0] = new Completer<>(), (e, st) -> ex.expectUnreached());
            runZonedGuarded(
                () -> c[0].future().thenAccept(v -> log.add("B got " + v)),
                (e, st) -> ex.expectUnreached());
            c[0].complete(7);
          });
      log.assertOutput("B got 7");
    }

    @Test
    @DisplayName("a listener in the same error zone (runZoned child) does receive the error")
    void sameErrorZoneReceives() {
      DartException boom = new DartException("boom");
      Dart.run(
          () -> {
            runZonedGuarded(
                () -> {
                  Completer<Integer> c = new Completer<>();
                  runZoned(
                      () ->
                          c.future()
                              .catchError(
                                  e -> {
                                    assertSame(boom, e);
                                    ex.finish(1);
                                    return 0;
                                  }));
                  c.completeError(boom);
                },
                (e, st) -> ex.expectUnreached());
          });
    }
  }
}
