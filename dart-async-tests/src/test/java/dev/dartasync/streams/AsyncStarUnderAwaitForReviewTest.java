package dev.dartasync.streams;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.awaitFor;
import static dev.dartasync.testing.CarrierAssumptions.assumeVirtualThreadCarrier;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamSubscription;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.Timer;
import dev.dartasync.internal.Testing;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Review programs for async* under await for (architecture §12): each runs with every fast path
 * off (bodies parked), with inline delivery only (consumer resumed per element) and with the
 * generator running the loop body, and must print the same lines three ways: generator finally
 * blocks that await after a break or throw, two consumers interleaved with a timer, a loop body
 * that starts and awaits another body, pauses another subscription, completes what the generator
 * awaits next, raises uncaught errors in a guarded zone, runs 20,000 elements (stack flat), nests
 * loops over further generators, awaits what only the stopped generator would complete, an
 * immediate kill of an isolate stuck in an endless driven loop or listen, and a pinned await in
 * the loop body (two ways only: a class initializer runs once).
 */
@Timeout(60)
class AsyncStarUnderAwaitForReviewTest {
  private final List<String> log = new ArrayList<>();

  @AfterEach
  void restore() {
    Testing.setLoopDriving(true);
    Testing.setInlineDelivery(true);
  }

  private boolean print(Object line) {
    return log.add(String.valueOf(line));
  }

  private List<String> run(boolean inline, boolean driving, ThrowingRunnable program) {
    log.clear();
    Testing.setInlineDelivery(inline);
    Testing.setLoopDriving(driving);
    try {
      Dart.run(program);
    } catch (Throwable e) {
      log.add("run threw " + e);
    } finally {
      Testing.setLoopDriving(true);
      Testing.setInlineDelivery(true);
    }
    return List.copyOf(log);
  }

  private List<String> three(ThrowingRunnable program) {
    List<String> parked = run(false, false, program);
    List<String> resumed = run(true, false, program);
    List<String> driven = run(true, true, program);
    assertEquals(parked, resumed, "parked vs inline, resumed");
    assertEquals(parked, driven, "parked vs driven");
    return driven;
  }

  private DStream<Integer> count(String name, int n) {
    return Dart.asyncStar(
        (AsyncStarSink<Integer> sink) -> {
          try {
            for (int i = 1; i <= n; i++) {
              print(name + " yield " + i);
              sink.yield(i);
              print(name + " after " + i);
            }
          } finally {
            print(name + " finally");
            await(null);
            print(name + " finally after await");
            await(DFuture.delayed(Duration.ZERO));
            print(name + " finally after timer");
          }
        });
  }

  @Test
  void finallyWithAwaitsAfterBreak() {
    for (int mode = 0; mode < 3; mode++) {
      int m = mode;
      three(
          () -> {
            try {
              awaitFor(
                  count("g", 5),
                  v -> {
                    print("got " + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    if (m == 1) await(null);
                    if (m == 2) await(DFuture.delayed(Duration.ZERO));
                    if (v == 2 && m == 1) throw new DartException("boom");
                    return v < 2;
                  });
            } catch (DartException e) {
              print("caught " + e.getMessage());
            }
            print("end");
          });
    }
  }

  @Test
  void twoConsumersInterleaved() {
    three(
        () -> {
          DFuture<Void> a =
              Dart.async(
                  () -> {
                    awaitFor(
                        count("A", 4),
                        v -> {
                          print("A got " + v);
                          if (v == 2) await(null);
                          return true;
                        });
                    print("A end");
                  });
          DFuture<Void> b =
              Dart.async(
                  () -> {
                    awaitFor(
                        count("B", 4),
                        v -> {
                          print("B got " + v);
                          if (v == 3) await(DFuture.delayed(Duration.ZERO));
                          return true;
                        });
                    print("B end");
                  });
          Timer.run(() -> print("timer"));
          await(a);
          await(b);
        });
  }

  @Test
  void loopBodyStartsBodyAndAwaitsIt() {
    three(
        () -> {
          awaitFor(
              count("g", 3),
              v -> {
                print("got " + v);
                Completer<String> c = new Completer<>();
                DFuture<Void> started =
                    Dart.async(
                        () -> {
                          print("inner start " + v);
                          await(null);
                          print("inner resumed " + v);
                          c.complete("c" + v);
                        });
                print("after start " + v);
                print(await(c.future()));
                await(started);
                print("inner done " + v);
                return true;
              });
          print("end");
        });
  }

  @Test
  void loopBodyPausesAnotherSubscription() {
    three(
        () -> {
          StreamSubscription<Integer> other =
              count("o", 4).listen(v -> print("o got " + v));
          awaitFor(
              count("g", 4),
              v -> {
                print("got " + v);
                if (v == 1) other.pause();
                if (v == 3) other.resume();
                return true;
              });
          print("end");
          await(other.asFuture());
          print("other done");
        });
  }

  @Test
  void generatorAwaitsWhatTheLoopBodyCompletes() {
    three(
        () -> {
          Completer<String> c = Completer.sync();
          Completer<String> d = new Completer<>();
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(1);
                    print("gen awaits c");
                    print("gen got " + await(c.future()));
                    sink.yield(2);
                    print("gen awaits d");
                    print("gen got " + await(d.future()));
                    sink.yield(3);
                  });
          awaitFor(
              gen,
              v -> {
                print("got " + v);
                if (v == 1) {
                  await(null);
                  c.complete("from loop");
                  print("completed c");
                }
                if (v == 2) {
                  Dart.scheduleMicrotask(() -> d.complete("from microtask"));
                  await(DFuture.delayed(Duration.ZERO));
                }
                return true;
              });
          print("end");
        });
  }

  @Test
  void uncaughtErrorsInTheLoopBodysZone() {
    three(
        () -> {
          Completer<Void> done = new Completer<>();
          Dart.runZonedGuarded(
              () -> {
                Dart.async(
                    () -> {
                      try {
                        awaitFor(
                            count("g", 3),
                            v -> {
                              print("got " + v);
                              DFuture.error(new DartException("uncaught " + v));
                              Dart.scheduleMicrotask(
                                  () -> {
                                    throw new DartException("micro " + v);
                                  });
                              if (v == 2) await(null);
                              if (v == 3) throw new DartException("thrown " + v);
                              return true;
                            });
                      } finally {
                        print("consumer finally");
                        done.complete(null);
                      }
                    });
              },
              (e, st) -> print("zone caught " + e.getMessage()));
          await(done.future());
          await(DFuture.delayed(Duration.ofMillis(1)));
          print("end");
        });
  }

  @Test
  void deepSequence() {
    three(
        () -> {
          long[] sum = new long[1];
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    for (int i = 1; i <= 20000; i++) {
                      sink.yield(i);
                    }
                  });
          awaitFor(
              gen,
              v -> {
                sum[0] += v;
                if (v % 5000 == 0) {
                  print("at " + v + " depth " + (Thread.currentThread().getStackTrace().length < 400));
                  await(null);
                }
                return true;
              });
          print("sum " + sum[0]);
        });
  }

  @Test
  void nestedAwaitForOverTwoGeneratorsAlternately() {
    three(
        () -> {
          DStream<Integer> inner = count("i", 6);
          dev.dartasync.StreamIterator<Integer> it = new dev.dartasync.StreamIterator<>(inner);
          awaitFor(
              count("o", 3),
              v -> {
                print("o got " + v);
                await(it.moveNext());
                print("i current " + it.current());
                awaitFor(count("n" + v, 2), x -> print("n" + v + " got " + x) && x < 2);
                return true;
              });
          await(it.cancel());
          print("end");
        });
  }

  private String killInfinite(boolean inline, boolean driving, int priority, boolean underListen) {
    Testing.setInlineDelivery(inline);
    Testing.setLoopDriving(driving);
    try {
      return Dart.run(
          () -> {
            dev.dartasync.isolate.ReceivePort port = new dev.dartasync.isolate.ReceivePort();
            dev.dartasync.isolate.Isolate child =
                await(
                    dev.dartasync.isolate.Isolate.spawn(
                        (dev.dartasync.isolate.SendPort p) -> {
                          DStream<Integer> gen =
                              Dart.asyncStar(
                                  (AsyncStarSink<Integer> sink) -> {
                                    for (int i = 1; ; i++) {
                                      sink.yield(i);
                                    }
                                  });
                          if (underListen) {
                            gen.listen(v -> { if (v == 1000) p.send("running"); });
                          } else {
                            awaitFor(
                                gen,
                                v -> {
                                  if (v == 1000) p.send("running");
                                  return true;
                                });
                          }
                        },
                        port.sendPort(),
                        dev.dartasync.isolate.SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
            dev.dartasync.StreamIterator<Object> messages = new dev.dartasync.StreamIterator<>(port);
            List<Object> got = new ArrayList<>();
            while (await(messages.moveNext())) {
              got.add(messages.current());
              if ("running".equals(messages.current())) {
                child.kill(priority);
              }
              if ("exit".equals(messages.current())) {
                break;
              }
            }
            await(messages.cancel());
            return got.toString();
          });
    } finally {
      Testing.setLoopDriving(true);
      Testing.setInlineDelivery(true);
    }
  }

  @Test
  @Timeout(30)
  void killAnInfiniteLoop() {
    for (boolean listen : new boolean[] {false, true}) {
      for (int priority : new int[] {dev.dartasync.isolate.Isolate.IMMEDIATE}) {
        String parked = killInfinite(false, false, priority, listen);
        String driven = killInfinite(true, true, priority, listen);
        assertEquals(parked, driven);
      }
    }
  }

  @Test
  void generatorFinallyThrowsAfterBreak() {
    for (int mode = 0; mode < 2; mode++) {
      int m = mode;
      three(
          () -> {
            DStream<Integer> gen =
                Dart.asyncStar(
                    (AsyncStarSink<Integer> sink) -> {
                      try {
                        sink.yield(1);
                        sink.yield(2);
                      } finally {
                        print("gen finally");
                        await(null);
                        throw new DartException("finally failed");
                      }
                    });
            try {
              awaitFor(
                  gen,
                  v -> {
                    print("got " + v);
                    if (m == 1) await(null);
                    return false;
                  });
            } catch (DartException e) {
              print("caught " + e.getMessage());
            }
            print("end");
          });
    }
  }

  @Test
  void loopBodyAwaitsWhatOnlyTheGeneratorCompletes() {
    three(
        () -> {
          Completer<String> c = new Completer<>();
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(1);
                    print("gen after 1");
                    c.complete("never");
                  });
          Dart.async(
              () -> {
                awaitFor(
                    gen,
                    v -> {
                      print("got " + v);
                      print(await(c.future()));
                      return true;
                    });
                print("loop end");
              });
          await(DFuture.delayed(Duration.ofMillis(20)));
          print("main end");
        });
  }

  /**
   * Each class's initializer awaits, a pinned park that the watchdog fails (edges/PinnedBodyTest);
   * one class per way, since an initializer runs once per JVM.
   */
  static final class Pinned0 {
    static final String V = await(DFuture.delayed(Duration.ofMillis(20), () -> "v"));
  }

  static final class Pinned1 {
    static final String V = await(DFuture.delayed(Duration.ofMillis(20), () -> "v"));
  }

  private List<String> pinnedThenBreak(boolean driving) {
    return run(
        true,
        driving,
        () -> {
          DStream<Integer> gen = count("g", 3);
          awaitFor(
              gen,
              v -> {
                try {
                  print(driving ? Pinned1.V : Pinned0.V);
                } catch (ExceptionInInitializerError e) {
                  print("pinned");
                }
                Dart.scheduleMicrotask(() -> print("m" + v));
                return false;
              });
          print("end");
        });
  }

  /** An await the watchdog failed is no suspension: the break cancels in the yield, as resumed. */
  @Test
  void pinnedAwaitInLoopBodyThenBreak() {
    assumeVirtualThreadCarrier(CarrierAssumptions.PINNED_WATCHDOG);
    assertEquals(pinnedThenBreak(false), pinnedThenBreak(true));
  }
}
