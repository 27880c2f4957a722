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
import dev.dartasync.StreamController;
import dev.dartasync.Timer;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.internal.Testing;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code await for} takes a buffered element without parking its body (the rule: "delivering
 * an already buffered element must not park the virtual thread"), and that changes nothing a
 * program can see.
 *
 * <p>Dart runs the loop body inside the delivery microtask, between the iterator's {@code onData}
 * and the rest of that microtask (stream_impl.dart {@code _StreamIterator._onData}, {@code
 * _BufferingStreamSubscription._sendData}); we run it after the microtask with that rest deferred
 * to the body's next suspension. Each program below runs twice, once with every element parking
 * the body (the plain lowering) and once without, and must print the same lines; the first ones
 * also check the order against Dart's, derived step by step.
 */
@Timeout(60)
class AwaitForWithoutParkTest extends BothWays {

  private static StreamController<Integer> buffered(StreamController<Integer> c, int n) {
    for (int i = 1; i <= n; i++) {
      c.add(i);
    }
    c.close();
    return c;
  }

  // ---- no park ------------------------------------------------------------------------------

  private long mountsFor(boolean inline, Function<StreamController<Integer>, DStream<Integer>> shape) {
    long[] mounts = new long[1];
    long[] sum = new long[1];
    run(
        inline,
        () -> {
          StreamController<Integer> c = buffered(new StreamController<>(), 1000);
          DStream<Integer> stream = shape.apply(c);
          long before = Testing.bodyMounts();
          awaitFor(
              stream,
              v -> {
                sum[0] += v;
                return true;
              });
          mounts[0] = Testing.bodyMounts() - before;
        });
    assertTrue(sum[0] > 0, "elements arrived");
    return mounts[0];
  }

  @Test
  @DisplayName("1,000 buffered elements: the body parks at most twice, not once per element")
  void bufferedElementsDoNotPark() {
    // The first moveNext listens; its delivery runs from the loop (one park), after which the
    // body is resumed in tail position and takes every following element on its own stack.
    assertTrue(mountsFor(false, StreamController::stream) >= 1000, "the plain lowering parks per element");
    long mounts = mountsFor(true, StreamController::stream);
    assertTrue(mounts <= 2, "body mounts for 1,000 elements: " + mounts);
  }

  @Test
  @DisplayName("through map and where (a filtered element is skipped in place): no park either")
  void throughMapAndWhere() {
    Function<StreamController<Integer>, DStream<Integer>> shape =
        c -> c.stream().map(x -> x + 1).where(x -> (x & 1) == 0);
    assertTrue(mountsFor(false, shape) >= 500, "the plain lowering parks per element");
    long mounts = mountsFor(true, shape);
    assertTrue(mounts <= 2, "body mounts for 500 elements: " + mounts);
  }

  // ---- the same order as Dart ------------------------------------------------------------------

  @Test
  @DisplayName("a microtask scheduled by the loop body runs before the next element (v1 m1 v2 m2)")
  void microtaskBetweenElements() {
    // M1 delivers 1: the body logs v1, schedules m1, moveNext, awaits; the rest of M1 schedules
    // M2 after m1. So: v1 m1 v2 m2, then done ends the loop.
    List<String> lines =
        same(
            () -> {
              StreamController<Integer> c = buffered(new StreamController<>(), 2);
              awaitFor(
                  c.stream(),
                  v -> {
                    print("v" + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    return true;
                  });
              print("end");
            });
    assertEquals(List.of("v1", "m1", "v2", "m2", "end"), lines);
  }

  @Test
  @DisplayName("an await in the loop body pauses the source (onPause) and moveNext resumes it")
  void awaitInBodyPausesSource() {
    // M1: the body logs v1 and awaits null, so moveNext was not called: the rest of M1 pauses the
    // subscription (onPause, reported by checkState). The await's microtask resumes the body:
    // after1, moveNext resumes (onResume comes after the buffer drains, which is never here since
    // events remain: Dart's _checkState keeps the input paused until the buffer is empty).
    List<String> lines =
        same(
            () -> {
              StreamController<Integer> c = new StreamController<>();
              c.onPause(() -> print("onPause")).onResume(() -> print("onResume"));
              buffered(c, 2);
              awaitFor(
                  c.stream(),
                  v -> {
                    print("v" + v);
                    await(null);
                    print("after" + v);
                    return true;
                  });
              print("end");
            });
    assertEquals(List.of("v1", "onPause", "after1", "v2", "after2", "end"), lines);
  }

  @Test
  @DisplayName("another body's microtasks interleave with the elements exactly as with parks")
  void interleavesWithAnotherBody() {
    same(
        () -> {
          StreamController<Integer> c = buffered(new StreamController<>(), 4);
          DFuture<Void> other =
              Dart.async(
                  () -> {
                    for (int i = 1; i <= 5; i++) {
                      print("o" + i);
                      await(null);
                    }
                  });
          awaitFor(
              c.stream(),
              v -> {
                print("v" + v);
                if (v == 2) {
                  Dart.scheduleMicrotask(() -> print("m2"));
                }
                return true;
              });
          print("end");
          await(other);
        });
  }

  @Test
  @DisplayName("adding to the source inside the loop body buffers behind the pending elements")
  void addInsideTheBody() {
    same(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.add(1);
          c.add(2);
          awaitFor(
              c.stream(),
              v -> {
                print("v" + v);
                if (v < 4) {
                  c.add(v + 10);
                }
                if (v == 12) {
                  c.close();
                }
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("break cancels (onCancel) and the code after the loop runs after the cancel")
  void breakCancels() {
    List<String> lines =
        same(
            () -> {
              StreamController<Integer> c = new StreamController<>();
              c.onCancel(() -> print("onCancel"));
              buffered(c, 5);
              awaitFor(
                  c.stream(),
                  v -> {
                    print("v" + v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                    return v < 3;
                  });
              print("end");
            });
    // v3 breaks: cancel runs onCancel inside the body, then the await of the cancel future
    // (a completed null future: one microtask, after m3).
    assertEquals(List.of("v1", "m1", "v2", "m2", "v3", "onCancel", "m3", "end"), lines);
  }

  @Test
  @DisplayName("an error from map ends the loop with that error, after the elements before it")
  void errorThroughMap() {
    same(
        () -> {
          StreamController<Integer> c = buffered(new StreamController<>(), 5);
          DStream<Integer> s =
              c.stream()
                  .map(
                      x -> {
                        if (x == 4) {
                          throw new DartException("boom at 4");
                        }
                        return x * 10;
                      })
                  .where(x -> x != 20);
          try {
            awaitFor(
                s,
                v -> {
                  print("v" + v);
                  Dart.scheduleMicrotask(() -> print("m" + v));
                  return true;
                });
          } catch (DartException e) {
            print("caught " + e.getMessage());
          }
          print("end");
        });
  }

  @Test
  @DisplayName("an error event in the buffer, and take (not taken in place): same order")
  void errorEventAndTake() {
    same(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.add(1);
          c.addError(new DartException("e"));
          c.add(2);
          c.close();
          try {
            awaitFor(c.stream(), v -> print("v" + v));
          } catch (DartException e) {
            print("caught " + e.getMessage());
          }
          StreamController<Integer> d = buffered(new StreamController<>(), 5);
          awaitFor(
              d.stream().take(3),
              v -> {
                print("t" + v);
                Dart.scheduleMicrotask(() -> print("tm" + v));
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("nested await for: the inner loop's deliveries and the outer rest keep their order")
  void nested() {
    same(
        () -> {
          StreamController<Integer> outer = new StreamController<>();
          outer.onPause(() -> print("outer pause")).onResume(() -> print("outer resume"));
          buffered(outer, 3);
          awaitFor(
              outer.stream(),
              v -> {
                print("o" + v);
                StreamController<Integer> inner = buffered(new StreamController<>(), 2);
                awaitFor(
                    inner.stream().map(x -> v * 10 + x),
                    w -> {
                      print("i" + w);
                      Dart.scheduleMicrotask(() -> print("m" + w));
                      return true;
                    });
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("an async broadcast controller: the loop and a plain listener alternate")
  void asyncBroadcast() {
    same(
        () -> {
          StreamController<Integer> c = StreamController.broadcast();
          c.stream().listen(v -> print("L" + v));
          Dart.async(
              () -> {
                await(null);
                for (int i = 1; i <= 3; i++) {
                  c.add(i);
                }
                c.close();
              });
          awaitFor(
              c.stream(),
              v -> {
                print("A" + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("elements that arrive in timer events, and from an async* generator: same order")
  void timersAndGenerators() {
    same(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          for (int i = 1; i <= 3; i++) {
            int v = i;
            Timer.run(
                () -> {
                  c.add(v);
                  c.add(v * 100);
                  if (v == 3) {
                    c.close();
                  }
                });
          }
          awaitFor(
              c.stream(),
              v -> {
                print("t" + v);
                Dart.scheduleMicrotask(() -> print("m" + v));
                return true;
              });
          DStream<Integer> gen =
              Dart.asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    for (int i = 1; i <= 3; i++) {
                      print("yield " + i);
                      sink.yield(i);
                    }
                  });
          awaitFor(
              gen,
              v -> {
                print("g" + v);
                return true;
              });
          print("end");
        });
  }

  @Test
  @DisplayName("a zone that handles scheduleMicrotask sees the same calls in the same order")
  void customZone() {
    ZoneSpecification spec =
        ZoneSpecification.builder()
            .scheduleMicrotask(
                (self, parent, zone, f) -> {
                  print("schedule");
                  parent.scheduleMicrotask(zone, f);
                })
            .build();
    same(
        () -> {
          DFuture<Void> loop =
              Dart.runZoned(
                  () ->
                      Dart.async(
                          () -> {
                            StreamController<Integer> c = buffered(new StreamController<>(), 3);
                            awaitFor(c.stream(), v -> print("v" + v));
                            print("end");
                          }),
                  spec);
          await(loop);
        });
  }

  @Test
  @DisplayName("the loop's body ends right after its last element: its future, then the rest")
  void bodyEndsAfterBreak() {
    same(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.onPause(() -> print("pause")).onCancel(() -> print("cancel"));
          buffered(c, 3);
          Completer<Void> gate = new Completer<>();
          DFuture<Integer> body =
              Dart.async(
                  () -> {
                    awaitFor(
                        c.stream(),
                        v -> {
                          print("v" + v);
                          if (v == 2) {
                            await(gate.future());
                          }
                          return true;
                        });
                    print("loop done");
                    return 7;
                  });
          body.then(
              r -> {
                print("then " + r);
                return null;
              });
          Dart.scheduleMicrotask(() -> gate.complete(null));
          await(body);
          print("end");
        });
  }

  @Test
  @DisplayName("a blocking call in the loop body (an implicit await) ends the delivery too")
  void blockingCallInBody() {
    same(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.onPause(() -> print("pause")).onResume(() -> print("resume"));
          buffered(c, 3);
          awaitFor(
              c.stream(),
              v -> {
                print("v" + v);
                if (v == 1) {
                  Thread.sleep(5);
                  print("slept");
                }
                return true;
              });
          print("end");
        });
  }
}
