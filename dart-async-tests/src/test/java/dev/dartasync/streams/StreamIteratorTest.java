package dev.dartasync.streams;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamIterator;
import dev.dartasync.junit.Expect;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link StreamIterator}: Dart's {@code _StreamIterator} (stream_impl.dart; semantics §3.3, §6.7). */
class StreamIteratorTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("moveNext/current in order; current is null before, while pending and after the end")
  void orderAndCurrent() {
    Dart.run(
        () -> {
          StreamIterator<Integer> it = 
              new StreamIterator<>(DStream.fromIterable(List.of(1, 2)));
          ex.checkSame(null, it.current(), "before");
          DFuture<Boolean> first = it.moveNext();
          ex.checkSame(null, it.current(), "pending");
          ex.checkEquals(true, await(first), "first");
          ex.checkEquals(1, it.current(), "current 1");
          ex.checkEquals(true, await(it.moveNext()), "second");
          ex.checkEquals(2, it.current(), "current 2");
          ex.checkEquals(false, await(it.moveNext()), "done");
          ex.checkSame(null, it.current(), "after");
          ex.checkEquals(false, await(it.moveNext()), "after done");
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("moveNext while one is pending: Bad state: Already waiting for next.")
  void alreadyWaiting() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamIterator<Integer> it = new StreamIterator<>(c.stream());
          it.moveNext();
          try {
            it.moveNext();
            ex.expectUnreached();
          } catch (StateError e) {
            ex.checkEquals("Bad state: Already waiting for next.", e.toString(), "text");
            ex.expect(1);
          }
          await(it.cancel());
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("the subscription is paused between moveNext calls and resumed by the next")
  void pausesBetweenMoveNextCalls() {
    // _onData: completes moveNext's future synchronously, then pauses if moveNext was not called
    // again; moveNext resumes. The source sees no onResume: the resumed subscription delivers the
    // buffered 2 first, and the iterator pauses again inside that delivery (stream_impl.dart
    // _checkState: input stays paused), as in Dart.
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onListen(() -> ex.expect(1))
                  .onPause(() -> ex.expect(3))
                  .onResume(ex::expectUnreached);
          c.add(1);
          c.add(2);
          StreamIterator<Integer> it = new StreamIterator<>(c.stream());
          it.moveNext()
              .then(
                  b -> {
                    ex.expect(2); // synchronously in _onData, before the pause
                    return null;
                  });
          scheduleMicrotask(() -> scheduleMicrotask(() -> {
            ex.check(c.isPaused(), "paused while nobody asks");
            ex.expect(4);
            it.moveNext() // resumes; 2 is delivered one microtask later
                .then(
                    b -> {
                      ex.checkEquals(2, it.current(), "current");
                      ex.expect(5);
                      return null;
                    });
          }));
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("an error completes moveNext with it; the iterator is then done")
  void errorEndsTheIterator() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamIterator<Integer> it = new StreamIterator<>(DStream.error(boom));
          try {
            await(it.moveNext());
            ex.expectUnreached();
          } catch (DartException e) {
            ex.checkSame(boom, e, "error");
            ex.expect(1);
          }
          ex.checkEquals(false, await(it.moveNext()), "after error");
          ex.expect(2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("cancel completes a pending moveNext with false one microtask later")
  void cancelCompletesPendingMoveNextWithFalse() {
    // cancel(): future._asyncComplete(false), then subscription.cancel().
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> ex.expect(1));
          StreamIterator<Integer> it = new StreamIterator<>(c.stream());
          DFuture<Boolean> pending = it.moveNext();
          pending.then(b -> {
            ex.checkEquals(false, b, "value");
            ex.expect(3);
            return null;
          });
          it.cancel();
          ex.expect(2);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("null stream: Invalid argument(s) (stream): Must not be null")
  void nullStream() {
    try {
      new StreamIterator<Integer>(null);
      ex.expectUnreached();
    } catch (ArgumentError e) {
      ex.checkEquals("Invalid argument(s) (stream): Must not be null", e.toString(), "text");
      ex.finish(1);
    }
  }
}
