package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stream.fromIterable, value, error, empty, fromFuture versus microtasks (§6.5). */
class StreamConstructorsTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("fromIterable: one element per microtask, done one microtask after the last (1 m 2 done)")
  void fromIterable() {
    // dart-semantics §6.8 worked example; stream.dart Stream.fromIterable's next() schedules
    // itself with zone.scheduleMicrotask after each addSync, and calls closeSync when exhausted.
    Dart.run(
        () -> {
          DStream.fromIterable(List.of(1, 2))
              .listen(v -> ex.expect(v == 1 ? 2 : 4), (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(5));
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("fromIterable can be listened to twice; each listener gets a new iteration")
  void fromIterableTwice() {
    // stream.dart: Stream.multi makes a fresh controller per listen; listeners interleave.
    Dart.run(
        () -> {
          DStream<Integer> s = DStream.fromIterable(List.of(1, 2));
          s.listen(v -> ex.expect(v == 1 ? 2 : 4));
          s.listen(v -> ex.expect(v == 1 ? 3 : 5));
          ex.expect(1);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("fromIterable: an error from hasNext() is an error event, then done")
  void fromIterableIterationError() {
    // stream.dart Stream.fromIterable: moveNext throwing -> addErrorSync + closeSync.
    DartException broken = new DartException("broken");
    Iterable<Integer> failing =
        () ->
            new Iterator<>() {
              @Override
              public boolean hasNext() {
                throw broken;
              }

              @Override
              public Integer next() {
                return 0;
              }
            };
    Dart.run(
        () -> {
          DStream.fromIterable(failing)
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e) -> {
                    ex.checkSame(broken, e, "error");
                    ex.expect(2);
                  },
                  () -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("fromIterable: pausing stops the iteration, resuming restarts it")
  void fromIterablePause() {
    // stream.dart Stream.fromIterable: next() stops while controller.isPaused; the onResume it
    // installs schedules next() again.
    Dart.run(
        () -> {
          StreamSubscription<Integer>[] sub = new StreamSubscription[1];
          sub[0] =
              DStream.fromIterable(List.of(1, 2))
                  .listen(
                      v -> {
                        if (v == 1) {
                          ex.expect(2);
                          sub[0].pause();
                          scheduleMicrotask(
                              () -> {
                                ex.expect(4);
                                sub[0].resume();
                              });
                        } else {
                          ex.expect(5);
                        }
                      },
                      (Throwable e) -> ex.expectUnreached(),
                      () -> ex.expect(6));
          scheduleMicrotask(() -> ex.expect(3)); // Runs before 2 would have been sent.
          ex.expect(1);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("Stream.value: data in microtask 1, done in microtask 2 after listen")
  void value() {
    // stream.dart Stream.value: _AsyncStreamController preloaded with _add(value)._closeUnchecked().
    Dart.run(
        () -> {
          DStream.value("v")
              .listen(v -> ex.expect(2), (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(4));
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("Stream.error: error in microtask 1 with its stack trace, done in microtask 2")
  void error() {
    // stream.dart Stream.error: _addError(error, stackTrace ?? defaultStackTrace) then close.
    DartException x = new DartException("x");
    StackTrace trace = StackTrace.empty();
    Dart.run(
        () -> {
          DStream.<Integer>error(x, trace)
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e, StackTrace st) -> {
                    ex.checkSame(x, e, "error");
                    ex.checkSame(trace, st, "stack trace");
                    ex.expect(2);
                  },
                  () -> ex.expect(4));
          scheduleMicrotask(() -> ex.expect(3));
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("Stream.empty: done one microtask after listen; listenable many times")
  void empty() {
    // stream_impl.dart _DoneStreamSubscription: scheduleMicrotask(_onMicrotask) at creation.
    Dart.run(
        () -> {
          DStream<Integer> s = DStream.empty();
          s.listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(2));
          scheduleMicrotask(() -> ex.expect(3));
          s.listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(4));
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("Stream.empty paused when its microtask runs: done comes a microtask after resume")
  void emptyPaused() {
    // stream_impl.dart _DoneStreamSubscription._onMicrotask: paused -> unscheduled; resume()
    // reaching the ready state schedules a new microtask.
    Dart.run(
        () -> {
          StreamSubscription<Integer> s =
              DStream.<Integer>empty()
                  .listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
                      () -> ex.expect(5));
          s.pause();
          scheduleMicrotask(
              () -> {
                ex.expect(2);
                s.resume();
                scheduleMicrotask(() -> ex.expect(6));
                ex.expect(3);
              });
          scheduleMicrotask(() -> ex.expect(4));
          ex.expect(1);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("fromFuture completing after listen: data and done synchronously inside completion")
  void fromFutureAfterListen() {
    // stream.dart Stream.fromFuture: a _SyncStreamController fed by future.then(...).
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          DStream.fromFuture(c.future())
              .listen(v -> ex.expect(2), (Throwable e) -> ex.expectUnreached(),
                  () -> ex.expect(3));
          ex.expect(1);
          c.complete(5);
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("fromFuture completed before listen: events buffered, one per microtask")
  void fromFutureBeforeListen() {
    // stream.dart Stream.fromFuture: the controller buffers while nobody listens; listen hands
    // the buffer to the subscription (§6.1: first event in a microtask).
    Dart.run(
        () -> {
          DStream<Integer> s = DStream.fromFuture(DFuture.sync(() -> 5));
          scheduleMicrotask(
              () -> {
                ex.expect(1); // The future's then-callback has run by now.
                s.listen(v -> ex.expect(3), (Throwable e) -> ex.expectUnreached(),
                    () -> ex.expect(5));
                scheduleMicrotask(() -> ex.expect(4));
                ex.expect(2);
              });
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("fromFuture with an error: error event, then done")
  void fromFutureError() {
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          Completer<Integer> c = Completer.sync();
          DStream.fromFuture(c.future())
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e) -> {
                    ex.checkSame(x, e, "error");
                    ex.expect(2);
                  },
                  () -> ex.expect(3));
          ex.expect(1);
          c.completeError(x);
        });
    ex.finish(4);
  }
}
