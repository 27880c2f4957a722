package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code yield*} (docs/semantics.md §3.4): {@code controller.addStream(s, cancelOnError: false)};
 * the generator resumes two microtasks after the inner stream's done; pause and cancel reach the
 * inner subscription (stream_controller.dart {@code _AddStreamState}).
 */
class AsyncStarYieldAllTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("yieldAll forwards data and errors (errors do not end it), then the body continues")
  void forwardsDataAndErrors() {
    DartException bad = new DartException("bad");
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          StreamController<Integer> inner = new StreamController<>();
          asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yield(0);
                    sink.yieldAll(inner.stream());
                    log.add("after");
                    sink.yield(3);
                  })
              .listen(
                  v -> log.add("data " + v),
                  (Throwable e) -> log.add("error " + (e == bad)),
                  () -> log.add("done"));
          inner.add(1);
          inner.addError(bad);
          inner.add(2);
          inner.close();
        });
    ex.checkEquals(
        List.of("data 0", "data 1", "error true", "data 2", "after", "data 3", "done"),
        log,
        "events");
  }

  @Test
  @DisplayName("the body resumes two microtasks after the inner stream's done")
  void resumesTwoMicrotasksAfterInnerDone() {
    // addStreamFuture._asyncComplete(null) (+1), its then() calls scheduleGenerator() (+1).
    Dart.run(
        () -> {
          StreamController<Integer> inner = StreamController.sync();
          asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    sink.yieldAll(inner.stream());
                    ex.expect(4);
                  })
              .listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(5));
          scheduleMicrotask( // runs after the body subscribed to inner
              () -> {
                ex.expect(1);
                inner.close(); // done delivered synchronously (sync controller)
                // Both queued behind addStreamFuture's completion (+1), which then queues the
                // generator (+1) behind them; a microtask queued by the second comes after it.
                scheduleMicrotask(() -> ex.expect(2));
                scheduleMicrotask(
                    () -> {
                      ex.expect(3);
                      scheduleMicrotask(() -> ex.expect(6));
                    });
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("pausing the outer subscription pauses the inner one; cancel cancels it first")
  void pauseAndCancelReachTheInnerSubscription() {
    Dart.run(
        () -> {
          StreamController<Integer> inner =
              new StreamController<Integer>()
                  .onPause(() -> ex.expect(2))
                  .onResume(() -> ex.expect(3))
                  .onCancel(() -> ex.expect(5));
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        try {
                          ex.expect(1);
                          sink.yieldAll(inner.stream());
                          ex.expectUnreached();
                        } finally {
                          ex.expect(6);
                        }
                      })
                  .listen(v -> ex.expectUnreached()));
          scheduleMicrotask(
              () -> {
                sub.get().pause();
                sub.get().resume();
                ex.expect(4);
                DFuture<Void> cancelled = sub.get().cancel();
                cancelled.then(x -> {
                  ex.expect(7);
                  return null;
                });
              });
        });
    ex.finish(8);
  }
}
