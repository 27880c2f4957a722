package dev.dartasync.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.internal.Testing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Completers and listeners used from plain platform threads (Completer's and DFuture's thread
 * contract): the "already completed" check is atomic on the calling thread, the completion and
 * every callback run on the isolate's thread.
 *
 * <p>The isolate's thread is the thread that called {@link Dart#run}: it carries the event loop.
 * The main body itself runs on a virtual thread carried by it; callbacks run either on the loop
 * thread or on a body carried by it, so they are recognised by {@link Testing#currentIsolate()} being
 * the main body's loop, and by the thread being the loop thread or a virtual one (never a foreign
 * platform thread).
 *
 * <p>A pending future does not keep an isolate alive, a pending timer does: each test keeps the
 * isolate alive with a periodic timer that the main body cancels when everything arrived.
 */
class ForeignThreadTest {

  private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(20);

  /** Keeps the isolate alive until {@code done} holds (checked every 2 ms), or gives up. */
  private static Timer keepAliveUntil(BooleanSupplier done, AtomicReference<String> gaveUp) {
    long start = System.nanoTime();
    return Timer.periodic(
        Duration.ofMillis(2),
        t -> {
          if (done.getAsBoolean()) {
            t.cancel();
          } else if (System.nanoTime() - start > GIVE_UP_NANOS) {
            gaveUp.set("gave up waiting after 20 s");
            t.cancel();
          }
        });
  }

  private static void checkOnIsolate(
      Object loop, Thread loopThread, Set<String> violations, String what) {
    Thread current = Thread.currentThread();
    if (Testing.currentIsolate() != loop) {
      violations.add(what + ": not on the isolate (Testing.currentIsolate() differs)");
    }
    if (current != loopThread && !current.isVirtual()) {
      violations.add(what + ": ran on foreign platform thread " + current.getName());
    }
  }

  @Test
  @DisplayName("(a) 1,000 Completers completed from 1,000 platform threads at once: each value once, on the isolate thread")
  void thousandCompletersFromThousandThreads() throws Exception {
    int n = 1000;
    Thread loopThread = Thread.currentThread(); // Dart.run runs the loop on this thread
    AtomicIntegerArray deliveries = new AtomicIntegerArray(n);
    AtomicInteger delivered = new AtomicInteger();
    Set<String> violations = ConcurrentHashMap.newKeySet();
    AtomicReference<String> gaveUp = new AtomicReference<>();
    CountDownLatch startGate = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    AtomicReference<Thread> mainBodyThread = new AtomicReference<>();
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          mainBodyThread.set(Thread.currentThread());
          for (int i = 0; i < n; i++) {
            int index = i;
            Completer<Integer> c = new Completer<>();
            c.future()
                .thenAccept(
                    v -> {
                      checkOnIsolate(loop, loopThread, violations, "then callback " + index);
                      if (v != index) {
                        violations.add("completer " + index + " delivered " + v);
                      }
                      deliveries.incrementAndGet(index);
                      delivered.incrementAndGet();
                    });
            Thread t =
                Thread.ofPlatform()
                    .name("completer-" + i)
                    .start(
                        () -> {
                          try {
                            startGate.await();
                            c.complete(index);
                          } catch (Throwable e) {
                            violations.add("thread " + index + " threw " + e);
                          }
                        });
            threads.add(t);
          }
          keepAliveUntil(() -> delivered.get() == n, gaveUp);
          startGate.countDown(); // all 1,000 threads complete at once
        });
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(20));
    }
    assertEquals(null, gaveUp.get());
    assertEquals(Set.of(), violations);
    assertEquals(n, delivered.get());
    for (int i = 0; i < n; i++) {
      assertEquals(1, deliveries.get(i), "deliveries of completer " + i);
    }
    assertNotNull(mainBodyThread.get());
    assertTrue(mainBodyThread.get().isVirtual(), "the main body runs on a body (virtual) thread");
  }

  @Test
  @DisplayName("(b) one Completer raced by 1,000 threads: one complete succeeds, 999 get 'Bad state: Future already completed', one listener run")
  void oneCompleterRacedByThousandThreads() throws Exception {
    int n = 1000;
    Thread loopThread = Thread.currentThread();
    AtomicInteger succeeded = new AtomicInteger();
    AtomicInteger alreadyCompleted = new AtomicInteger();
    AtomicInteger finishedThreads = new AtomicInteger();
    AtomicInteger listenerRuns = new AtomicInteger();
    AtomicInteger winner = new AtomicInteger(-1);
    AtomicReference<Integer> deliveredValue = new AtomicReference<>();
    Set<String> violations = ConcurrentHashMap.newKeySet();
    AtomicReference<String> gaveUp = new AtomicReference<>();
    CountDownLatch startGate = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          Completer<Integer> c = new Completer<>();
          c.future()
              .thenAccept(
                  v -> {
                    checkOnIsolate(loop, loopThread, violations, "listener");
                    listenerRuns.incrementAndGet();
                    deliveredValue.set(v);
                  });
          // Futures are made on the isolate (factories need one); the odd threads race
          // complete(future) against the even threads' complete(value).
          List<DFuture<Integer>> sources = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            int index = i;
            sources.add(DFuture.sync(() -> index));
          }
          for (int i = 0; i < n; i++) {
            int index = i;
            threads.add(
                Thread.ofPlatform()
                    .start(
                        () -> {
                          try {
                            startGate.await();
                            if (index % 2 == 0) {
                              c.complete(index);
                            } else {
                              c.completeWith(sources.get(index)); // the future form races too
                            }
                            succeeded.incrementAndGet();
                            winner.set(index);
                          } catch (StateError e) {
                            if ("Bad state: Future already completed".equals(e.toString())) {
                              alreadyCompleted.incrementAndGet();
                            } else {
                              violations.add("unexpected text: " + e);
                            }
                          } catch (Throwable e) {
                            violations.add("thread " + index + " threw " + e);
                          } finally {
                            finishedThreads.incrementAndGet();
                          }
                        }));
          }
          keepAliveUntil(() -> finishedThreads.get() == n && listenerRuns.get() >= 1, gaveUp);
          startGate.countDown();
        });
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(20));
    }
    assertEquals(null, gaveUp.get());
    assertEquals(Set.of(), violations);
    assertEquals(1, succeeded.get(), "exactly one complete() succeeds");
    assertEquals(n - 1, alreadyCompleted.get());
    assertEquals(1, listenerRuns.get(), "the listener runs once");
    assertEquals(winner.get(), deliveredValue.get(), "the winner's value is delivered");
  }

  @Test
  @DisplayName("(c) then() registered from a foreign thread runs its callback on the isolate thread")
  void thenFromForeignThread() throws Exception {
    Thread loopThread = Thread.currentThread();
    Set<String> violations = ConcurrentHashMap.newKeySet();
    AtomicReference<String> gaveUp = new AtomicReference<>();
    AtomicInteger pendingRuns = new AtomicInteger();
    AtomicInteger completedRuns = new AtomicInteger();
    AtomicReference<Object> pendingValue = new AtomicReference<>();
    AtomicReference<Object> completedValue = new AtomicReference<>();
    CountDownLatch registered = new CountDownLatch(2);
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          Completer<String> pending = new Completer<>();
          DFuture<String> done = DFuture.sync(() -> "already");
          Thread foreign =
              Thread.ofPlatform()
                  .name("registrar")
                  .start(
                      () -> {
                        pending
                            .future()
                            .thenAccept(
                                v -> {
                                  checkOnIsolate(loop, loopThread, violations, "pending then");
                                  pendingValue.set(v);
                                  pendingRuns.incrementAndGet();
                                });
                        registered.countDown();
                        done.thenAccept(
                            v -> {
                              checkOnIsolate(loop, loopThread, violations, "late then");
                              completedValue.set(v);
                              completedRuns.incrementAndGet();
                            });
                        registered.countDown();
                      });
          long start = System.nanoTime();
          Timer.periodic(
              Duration.ofMillis(2),
              t -> {
                if (registered.getCount() == 0 && !pending.isCompleted()) {
                  pending.complete("later"); // after the foreign registration was posted
                }
                if (pendingRuns.get() == 1 && completedRuns.get() == 1) {
                  t.cancel();
                } else if (System.nanoTime() - start > GIVE_UP_NANOS) {
                  gaveUp.set("gave up");
                  t.cancel();
                }
              });
          assertFalse(foreign == Thread.currentThread());
        });
    assertEquals(null, gaveUp.get());
    assertEquals(Set.of(), violations);
    assertEquals("later", pendingValue.get());
    assertEquals("already", completedValue.get());
    assertEquals(1, pendingRuns.get());
    assertEquals(1, completedRuns.get());
  }

  @Test
  @DisplayName("(c) a body awaiting a future completed from a foreign thread resumes on the isolate, in the completion event")
  void awaitForeignCompletion() throws Exception {
    Thread loopThread = Thread.currentThread();
    Set<String> violations = ConcurrentHashMap.newKeySet();
    AtomicReference<String> gaveUp = new AtomicReference<>();
    AtomicInteger result = new AtomicInteger();
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          Completer<Integer> c = new Completer<>();
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      Thread.sleep(5);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    c.complete(7);
                  });
          Timer keepAlive = keepAliveUntil(() -> result.get() != 0, gaveUp);
          int v = Dart.await(c.future());
          checkOnIsolate(loop, loopThread, violations, "main body after await");
          result.set(v);
          keepAlive.cancel();
        });
    assertEquals(null, gaveUp.get());
    assertEquals(Set.of(), violations);
    assertEquals(7, result.get());
  }

  @Test
  @DisplayName("(c) Zone.scheduleMicrotask from a foreign thread: the task is posted and runs on the isolate in that zone")
  void scheduleMicrotaskFromForeignThread() throws Exception {
    Thread loopThread = Thread.currentThread();
    Set<String> violations = ConcurrentHashMap.newKeySet();
    AtomicReference<String> gaveUp = new AtomicReference<>();
    AtomicInteger runs = new AtomicInteger();
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          dev.dartasync.Zone[] zone = new dev.dartasync.Zone[1];
          Dart.runZonedGuarded(
              () -> {
                zone[0] = dev.dartasync.Zone.current();
              },
              (e, st) -> violations.add("error " + e));
          Thread.ofPlatform()
              .start(
                  () ->
                      zone[0].scheduleMicrotask(
                          () -> {
                            checkOnIsolate(loop, loopThread, violations, "foreign microtask");
                            if (dev.dartasync.Zone.current() != zone[0]) {
                              violations.add("microtask ran outside its zone");
                            }
                            runs.incrementAndGet();
                          }));
          keepAliveUntil(() -> runs.get() == 1, gaveUp);
        });
    assertEquals(null, gaveUp.get());
    assertEquals(Set.of(), violations);
    assertEquals(1, runs.get());
  }

  @Test
  @DisplayName("§7.4 a pending foreign completion does not keep the isolate alive (Completer's documented contract)")
  void foreignCompletionDoesNotKeepAlive() throws Exception {
    AtomicInteger callbackRuns = new AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Thread> completer = new AtomicReference<>();
    Dart.run(
        () -> {
          Completer<Integer> c = new Completer<>();
          c.future().thenAccept(v -> callbackRuns.incrementAndGet());
          completer.set(
              Thread.ofPlatform()
                  .start(
                      () -> {
                        try {
                          release.await(); // only after Dart.run returned
                          c.complete(1); // the isolate is gone: nothing runs, nothing throws
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                        }
                      }));
        });
    // Dart.run returned although the completer thread had not completed yet.
    assertEquals(0, callbackRuns.get());
    release.countDown();
    completer.get().join(TimeUnit.SECONDS.toMillis(20));
    assertEquals(0, callbackRuns.get(), "no callback runs after the isolate ended");
  }
}
