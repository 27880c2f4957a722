package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.microtaskStep;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.Timer;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream.fromFutures (semantics §6.5; stream.dart: a sync controller, the futures' listeners added
 * at construction, close when the count reaches 0, scheduleMicrotask(controller.close) when
 * empty).
 */
class FromFuturesTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("events in completion order, each synchronously inside its future's completion; done with the last")
  void completionOrderSynchronous() {
    Dart.run(
        () -> {
          Completer<Integer> a = Completer.sync();
          Completer<Integer> b = Completer.sync();
          Completer<Integer> c = Completer.sync();
          DStream.fromFutures(List.of(a.future(), b.future(), c.future()))
              .listen(v -> ex.expect(v), (Consumer<Throwable>) null, () -> ex.expect(7));
          ex.expect(1);
          b.complete(2);
          ex.expect(3);
          c.complete(4);
          ex.expect(5);
          a.complete(6);
          ex.expect(8);
        });
    ex.finish(9);
  }

  @Test
  @DisplayName("results before listen are buffered: one event per microtask after listen, errors included")
  void bufferedBeforeListen() {
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          DStream<Integer> s =
              DStream.fromFutures(List.of(DFuture.value(1), DFuture.<Integer>error(x)));
          Timer.run(
              () -> {
                s.listen(
                    v -> ex.expect(1),
                    (Consumer<Throwable>)
                        e -> {
                          ex.checkSame(x, e, "error");
                          ex.expect(3);
                        },
                    () -> ex.expect(4));
                microtaskStep(ex, 2);
              });
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("no futures: done only, from a microtask queued at construction")
  void emptyClosesInMicrotask() {
    Dart.run(
        () -> {
          DStream.<Integer>fromFutures(List.of())
              .listen(v -> ex.expectUnreached(), (Consumer<Throwable>) null, () -> ex.expect(2));
          microtaskStep(ex, 3);
          ex.expect(1);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("null: 'Invalid argument(s) (futures): Must not be null'")
  void nullFutures() {
    expectThrows(
        ex,
        ArgumentError.class,
        "Invalid argument(s) (futures): Must not be null",
        () -> DStream.fromFutures(null));
  }
}
