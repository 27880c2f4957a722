package dev.dartasync.streams;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.awaitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamIterator;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.Zone;
import dev.dartasync.internal.Testing;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import dev.dartasync.testing.CarrierAssumptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@code async*} generator consumed by await for runs the loop body inside its yield, on its
 * own stack, as Dart resumes the loop synchronously inside the generator's add (VM async_patch.dart
 * {@code _AsyncStarStreamController.add}, stream_impl.dart {@code _StreamIterator._onData}). Each
 * program runs with that path off (the consumer resumed on its own thread per element) and on,
 * and must print the same lines; several also check Dart's order line by line.
 */
@Timeout(60)
class AsyncStarUnderAwaitForTest {

  private final List<String> log = new ArrayList<>();

  @AfterEach
  void restore() {
    Testing.setLoopDriving(true);
  }

  private boolean print(Object line) {
    return log.add(String.valueOf(line));
  }

  private List<String> run(boolean driving, ThrowingRunnable program) {
    log.clear();
    Testing.setLoopDriving(driving);
    try {
      Dart.run(program);
    } finally {
      Testing.setLoopDriving(true);
    }
    return List.copyOf(log);
  }

  /** Runs {@code program} with the generator driving the loop and without: the same lines. */
  private List<String> same(ThrowingRunnable program) {
    List<String> resumed = run(false, program);
    List<String> driven = run(true, program);
    assertEquals(resumed, driven, "consumer resumed per element vs loop body run in the yield");
    return driven;
  }

  private DStream<Integer> count(int n) {
    return Dart.asyncStar(
        (AsyncStarSink<Integer> sink) -> {
          try {
            for (int i = 1; i <= n; i++) {
              print("yield " + i);
              sink.yield(i);
              print("after " + i);
            }
          } finally {
            print("gen finally");
          }
        });
  }

  /** Body mounts per element of 1,000, the loop summing them. */
  private double mountsPerElement(boolean driving) {
    double[] perElement = new double[1];
    run(
        driving,
        () -> {
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    for (int i = 1; i <= 1000; i++) {
                      sink.yield(i);
                    }
                  });
          long before = Testing.bodyMounts();
          long[] sum = new long[1];
          awaitFor(gen, v -> (sum[0] += v) > 0);
          assertEquals(500_500, sum[0]);
          perElement[0] = (Testing.bodyMounts() - before) / 1000.0;
        });
    return perElement[0];
  }

  @Test
  @DisplayName("1,000 elements: no hand-off per element (two each before)")
  void noHandOff() {
    assertTrue(mountsPerElement(false) >= 1.9, "the resumed path hands off twice per element");
    double driven = mountsPerElement(true);
    assertTrue(driven < 0.01, "body mounts per element: " + driven);
  }

  @Test
  @DisplayName("the loop body runs inside the yield: Dart's order, microtasks and another body")
  void order() {
    List<String> lines =
        same(
            () -> {
              DFuture<Void> other =
                  Dart.async(
                      () -> {
                        for (int i = 1; i <= 3; i++) {
                          print("o" + i);
                          await(null);
                        }
                      });
              awaitFor(
                  count(3),
                  v -> {
                    print("got " + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    return true;
                  });
              print("end");
              await(other);
            });
    assertEquals(
        List.of(
            "o1", "o2", "yield 1", "got 1", "o3", "m1", "after 1", "yield 2", "got 2", "m2",
            "after 2", "yield 3", "got 3", "m3", "after 3", "gen finally", "end"),
        lines);
  }

  @Test
  @DisplayName("break: the generator returns at its yield (finally) before the loop returns")
  void breakCancelsAtTheYield() {
    List<String> lines =
        same(
            () -> {
              awaitFor(
                  count(5),
                  v -> {
                    print("got " + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    return v < 2;
                  });
              print("end");
            });
    assertEquals(
        List.of("yield 1", "got 1", "m1", "after 1", "yield 2", "got 2", "gen finally", "end", "m2"),
        lines);
  }

  @Test
  @DisplayName("a throw in the loop body: cancel, the generator's finally, then the rethrow")
  void throwInLoopBody() {
    same(
        () -> {
          try {
            awaitFor(
                count(5),
                v -> {
                  print("got " + v);
                  if (v == 3) {
                    throw new DartException("boom " + v);
                  }
                  return true;
                });
          } catch (DartException e) {
            print("caught " + e.getMessage());
          }
          print("end");
        });
  }

  @Test
  @DisplayName("awaits in the loop body (a value, a timer, a pending future), then on")
  void awaitInLoopBody() {
    same(
        () -> {
          Completer<String> later = new Completer<>();
          Dart.async(
              () -> {
                await(DFuture.delayed(Duration.ofMillis(5)));
                print("completing");
                later.complete("late");
              });
          awaitFor(
              count(4),
              v -> {
                print("got " + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
                if (v == 1) {
                  await(null);
                  print("after await null");
                } else if (v == 2) {
                  print("awaited " + await(later.future()));
                } else if (v == 3) {
                  await(DFuture.delayed(Duration.ZERO));
                  print("after timer");
                } else {
                  // A blocking JDK call: the generator's thread blocks. 20 ms, not 1: a sleep whose
                  // time has passed before it parks (the thread was descheduled that long, as on a
                  // loaded machine) returns without blocking, and the order then differs.
                  Thread.sleep(20);
                  print("after sleep");
                }
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("break or throw after an await in the loop body: the cancel resumes the yield later")
  void endAfterAwait() {
    for (boolean throwIt : new boolean[] {false, true}) {
      List<String> lines =
          same(
              () -> {
                try {
                  awaitFor(
                      count(5),
                      v -> {
                        print("got " + v);
                        await(null);
                        Dart.scheduleMicrotask(() -> print("m" + v));
                        print("awaited " + v);
                        if (v == 2 && throwIt) {
                          throw new DartException("boom");
                        }
                        return v < 2;
                      });
                } catch (DartException e) {
                  print("caught " + e.getMessage());
                }
                print("end");
              });
      List<String> expected = new ArrayList<>(List.of("yield 1", "got 1", "awaited 1"));
      expected.addAll(List.of("m1", "after 1", "yield 2", "got 2", "awaited 2"));
      expected.addAll(List.of("m2", "gen finally"));
      expected.add(throwIt ? "caught boom" : "end");
      if (throwIt) {
        expected.add("end");
      }
      assertEquals(expected, lines);
    }
  }

  @Test
  @DisplayName("break or throw after a blocking call in the loop body: as after an await")
  void endAfterBlockingCall() {
    for (boolean throwIt : new boolean[] {false, true}) {
      List<String> lines =
          same(
              () -> {
                try {
                  awaitFor(
                      count(5),
                      v -> {
                        print("got " + v);
                        // The loop goes on meanwhile, as in an await (architecture §4); in the
                        // resumed path the generator reaches its yield then.
                        Thread.sleep(20); // Long enough to park even on a loaded machine.
                        Dart.scheduleMicrotask(() -> print("m" + v));
                        print("slept " + v);
                        if (v == 2 && throwIt) {
                          throw new DartException("boom");
                        }
                        return v < 2;
                      });
                } catch (DartException e) {
                  print("caught " + e.getMessage());
                }
                print("end");
              });
      List<String> expected = new ArrayList<>(List.of("yield 1", "got 1", "slept 1"));
      expected.addAll(List.of("m1", "after 1", "yield 2", "got 2", "slept 2"));
      if (CarrierAssumptions.isVirtualThreadCarrier()) {
        // The sleep parks the body, and the isolate runs m2 meanwhile.
        expected.addAll(List.of("m2", "gen finally"));
        expected.add(throwIt ? "caught boom" : "end");
        if (throwIt) {
          expected.add("end");
        }
      } else {
        // The sleep holds the isolate, as a synchronous call does in Dart: m2 runs at the end.
        expected.add("gen finally");
        if (throwIt) {
          expected.add("caught boom");
        }
        expected.addAll(List.of("end", "m2"));
      }
      assertEquals(expected, lines);
    }
  }

  @Test
  @DisplayName("a loop body whose inner await for takes buffered elements without a park, then breaks")
  void innerBufferedLoopThenBreak() {
    same(
        () -> {
          awaitFor(
              count(5),
              v -> {
                print("got " + v);
                dev.dartasync.StreamController<Integer> buffered =
                    new dev.dartasync.StreamController<>();
                buffered.add(v * 100);
                buffered.add(v * 100 + 1);
                buffered.close();
                awaitFor(buffered.stream(), x -> print("inner " + x));
                Dart.scheduleMicrotask(() -> print("m" + v));
                return v < 2;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("the loop body and its awaits run in the consumer's zone")
  void consumersZone() {
    List<String> lines =
        same(
        () -> {
          DStream<Integer> gen =
              Dart.runZoned(
                  () ->
                      Dart.asyncStar(
                          (AsyncStarSink<Integer> sink) -> {
                            for (int i = 1; i <= 2; i++) {
                              print("gen zone " + Zone.current().get("who"));
                              sink.yield(i);
                            }
                          }),
                  Map.of("who", "generator"));
          Dart.runZoned(
              () -> {
                Dart.async(
                    () -> {
                      awaitFor(
                          gen,
                          v -> {
                            print("loop zone " + Zone.current().get("who"));
                            await(null);
                            print("after await " + Zone.current().get("who"));
                            return true;
                          });
                      print("end " + Zone.current().get("who"));
                    });
              },
              Map.of("who", "consumer"));
        });
    // The generator, created in another zone, runs in the zone it was listened in (the loop's).
    assertEquals(
        List.of(
            "gen zone consumer", "loop zone consumer", "after await consumer",
            "gen zone consumer", "loop zone consumer", "after await consumer", "end consumer"),
        lines);
  }

  @Test
  @DisplayName("nested generators, and a consumer that yields into its own stream")
  void nestedAndYieldingConsumer() {
    same(
        () -> {
          DStream<Integer> inner = count(3);
          DStream<Integer> outer =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) ->
                      awaitFor(
                          inner,
                          v -> {
                            print("outer got " + v);
                            sink.yield(v * 10);
                            print("outer yielded " + v * 10);
                            return true;
                          }));
          awaitFor(
              outer,
              v -> {
                print("got " + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("errors and done of the generator, and a second loop over a new generator")
  void errorsAndDone() {
    same(
        () -> {
          DStream<Integer> failing =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(1);
                    throw new DartException("gen failed");
                  });
          try {
            awaitFor(failing, v -> print("got " + v));
          } catch (DartException e) {
            print("caught " + e.getMessage());
          }
          awaitFor(count(2), v -> print("again " + v));
          print("end");
        });
  }

  @Test
  @DisplayName("a generator that yields all of another stream between its own yields")
  void yieldAllUnderAwaitFor() {
    same(
        () -> {
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(1);
                    sink.yieldAll(DStream.fromIterable(List.of(10, 20)));
                    sink.yieldAll(count(2));
                    sink.yield(2);
                  });
          awaitFor(
              gen,
              v -> {
                print("got " + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
                return v != 20 || await(null) == null;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("the generator's own sink used from the loop body it runs is refused")
  void ownSinkFromLoopBody() {
    same(
        () -> {
          AsyncStarSink<Integer>[] captured = new AsyncStarSink[1];
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    captured[0] = sink;
                    sink.yield(1);
                    sink.yield(2);
                  });
          awaitFor(
              gen,
              v -> {
                try {
                  captured[0].yield(99);
                  print("yielded from the loop body");
                } catch (IllegalStateException e) {
                  print("refused: " + e.getMessage());
                }
                print("got " + v);
                return true;
              });
          print("end");
        });
  }

  /** The messages of a spawned isolate that exits inside a loop body, up to its exit message. */
  private List<Object> exitInLoopBody(boolean driving) {
    Testing.setLoopDriving(driving);
    try {
      return Dart.run(
          () -> {
            ReceivePort port = new ReceivePort();
            await(
                Isolate.spawn(
                    (SendPort p) -> {
                      DStream<Integer> gen =
                          Dart.asyncStar(
                              (AsyncStarSink<Integer> sink) -> {
                                try {
                                  for (int i = 1; ; i++) {
                                    sink.yield(i);
                                  }
                                } finally {
                                  p.send("gen finally"); // Never arrives: the isolate is ending.
                                }
                              });
                      try {
                        awaitFor(
                            gen,
                            v -> {
                              p.send("got " + v);
                              if (v == 2) {
                                Isolate.exit(p, "final");
                              }
                              return true;
                            });
                      } finally {
                        p.send("consumer finally"); // Never arrives either.
                      }
                      p.send("after the loop");
                    },
                    port.sendPort(),
                    SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
            StreamIterator<Object> messages = new StreamIterator<>(port);
            List<Object> got = new ArrayList<>();
            while (await(messages.moveNext())) {
              got.add(messages.current());
              if ("exit".equals(messages.current())) {
                break;
              }
            }
            await(messages.cancel());
            return got;
          });
    } finally {
      Testing.setLoopDriving(true);
    }
  }

  @Test
  @DisplayName("Isolate.exit in a loop body the generator runs: nothing after it, as before")
  void exitInsideDrivenLoopBody() {
    List<Object> dart = List.of("got 1", "got 2", "final", "exit");
    assertEquals(dart, exitInLoopBody(false));
    assertEquals(dart, exitInLoopBody(true));
  }

  @Test
  @DisplayName("await for on a thread of no isolate: refused as before, nothing runs there")
  void foreignThread() {
    String[] seen = new String[2];
    for (int way = 0; way < 2; way++) {
      int w = way;
      run(
          way == 1,
          () -> {
            DStream<Integer> gen = count(2);
            Object isolate = Testing.currentIsolate();
            Completer<Void> done = Completer.keepAlive(); // The isolate waits for the thread.
            Thread t =
                new Thread(
                    () -> {
                      try {
                        awaitFor(gen, v -> true);
                        seen[w] = "ran";
                      } catch (Throwable e) {
                        seen[w] = e.getClass().getSimpleName() + ": " + e.getMessage();
                      }
                      Testing.post(isolate, () -> done.complete(null));
                    });
            t.start();
            await(done.future());
          });
    }
    assertEquals(seen[0], seen[1]);
    assertTrue(
        seen[1].startsWith("IllegalStateException: This thread belongs to no isolate"), seen[1]);
  }
}
