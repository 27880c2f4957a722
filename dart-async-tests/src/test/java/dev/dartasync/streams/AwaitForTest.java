package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.awaitFor;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link Dart#awaitFor}: Dart's {@code await for} lowering (docs/semantics.md §3.3): pause between
 * iterations, and on {@code break} or a throw an awaited cancel.
 */
class AwaitForTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("visits every element in order and returns after done")
  void visitsAll() {
    List<Integer> seen = new ArrayList<>();
    Dart.run(
        () -> {
          awaitFor(DStream.fromIterable(List.of(1, 2, 3)), v -> seen.add(v));
          ex.expect(1);
        });
    ex.checkEquals(List.of(1, 2, 3), seen, "elements");
    ex.finish(2);
  }

  @Test
  @DisplayName("break cancels the generator and waits for its finally before going on")
  void breakCancelsAndWaits() {
    // `finally { if (:for-iterator._subscription != null) await :for-iterator.cancel(); }`; the
    // generator's cancel future completes after its finally block.
    Dart.run(
        () -> {
          DStream<Integer> gen =
              asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    try {
                      for (int i = 1; ; i++) {
                        sink.yield(i);
                      }
                    } finally {
                      ex.expect(3);
                    }
                  });
          awaitFor(
              gen,
              v -> {
                ex.expect(v); // 1, 2
                return v < 2;
              });
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a throw in the loop body cancels, waits for the cancel, then propagates")
  void throwCancelsThenPropagates() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          Completer<Void> cleanUp = new Completer<>();
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onCancel(
                      () -> {
                        ex.expect(2);
                        Dart.scheduleMicrotask(
                            () -> {
                              ex.expect(3);
                              cleanUp.complete(null);
                            });
                        return cleanUp.future();
                      });
          c.add(1);
          try {
            awaitFor(
                c.stream(),
                v -> {
                  ex.expect(1);
                  throw boom;
                });
            ex.expectUnreached();
          } catch (DartException e) {
            ex.checkSame(boom, e, "error");
            ex.expect(4);
          }
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a stream error is thrown from awaitFor; no cancel is awaited (already cancelled)")
  void streamErrorIsThrown() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> ex.expect(2));
          c.add(1);
          c.addError(boom);
          try {
            awaitFor(
                c.stream(),
                v -> {
                  ex.expect(1);
                  return true;
                });
            ex.expectUnreached();
          } catch (DartException e) {
            ex.checkSame(boom, e, "error");
            ex.expect(3);
          }
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("await inside the loop body holds the producer (the subscription is paused)")
  void awaitInsideTheLoopBody() {
    // The loop body runs inside the delivery of 1 (moveNext's future completes synchronously);
    // its await parks it, then _onData pauses: onPause. The buffered done follows the resume, so
    // the source never sees onResume (stream_impl.dart _checkState).
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(2))
                  .onResume(ex::expectUnreached);
          c.add(1);
          c.close();
          awaitFor(
              c.stream(),
              v -> {
                ex.expect(1);
                await(DFuture.delayed(Duration.ZERO));
                ex.expect(3);
                return true;
              });
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("awaitFor outside an async body is refused")
  void outsideABody() {
    Dart.run(
        () -> {
          Dart.scheduleMicrotask(
              () -> {
                try {
                  awaitFor(DStream.<Integer>empty(), v -> true);
                  ex.expectUnreached();
                } catch (IllegalStateException e) {
                  ex.expect(1);
                }
              });
        });
    ex.finish(2);
  }
  @Test
  @DisplayName("await for inside async*: cancelling the outer stream cancels the inner one and waits")
  void awaitForInsideAGenerator() {
    // The outer yield returns (cancel inside onData); the loop's finally awaits the inner
    // iterator's cancel, i.e. the inner generator's finally; only then does the outer body end
    // and the outer cancel future complete.
    Dart.run(
        () -> {
          DStream<Integer> inner =
              asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    try {
                      for (int i = 1; ; i++) {
                        sink.yield(i);
                      }
                    } finally {
                      ex.expect(2);
                    }
                  });
          DStream<Integer> outer =
              asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    try {
                      awaitFor(
                          inner,
                          v -> {
                            sink.yield(v * 10);
                            return true;
                          });
                    } finally {
                      ex.expect(3);
                    }
                  });
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              outer.listen(
                  v -> {
                    ex.checkEquals(10, v, "first value");
                    ex.expect(1);
                    sub.get().cancel().then(x -> {
                      ex.expect(4);
                      return null;
                    });
                  }));
        });
    ex.finish(5);
  }
}
