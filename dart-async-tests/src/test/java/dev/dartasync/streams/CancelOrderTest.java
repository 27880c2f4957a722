package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The subscription is cancelled before onDone / a cancelOnError onError runs (§6.1, §6.2, §9.7). */
class CancelOrderTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("done: the controller's onCancel runs before the listener's onDone")
  void onCancelBeforeOnDone() {
    // stream_impl.dart _sendDone: _cancel() (the controller's _recordCancel -> onCancel) first,
    // then _zone.runGuarded(_onDone).
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> ex.expect(3));
          c.stream().listen(v -> ex.expect(2), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(4));
          c.add(1);
          c.close();
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("cancelOnError: onCancel runs before onError, later events are dropped (1 onCancel error x)")
  void onCancelBeforeOnErrorWithCancelOnError() {
    // dart-semantics §6.8 worked example; stream_impl.dart _sendError with _cancelOnError sets
    // WAIT_FOR_CANCEL, calls _cancel() and only then the error handler.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> ex.expect(3));
          c.stream()
              .listen(
                  v -> ex.expect(2), // 1 only: 2 is dropped.
                  (Throwable e) -> {
                    ex.checkSame(x, e, "error");
                    ex.expect(4);
                    ex.check(!c.hasListener(), "already cancelled when onError runs");
                  },
                  ex::expectUnreached,
                  true);
          c.add(1);
          c.addError(x);
          c.add(2);
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("cancel() returns a future that completes after onCancel's future")
  void cancelFutureFollowsOnCancelFuture() {
    // stream_controller.dart _recordCancel: a Future from onCancel becomes the result
    // (whenComplete'd with the done bookkeeping); _BufferingStreamSubscription.cancel returns it.
    Dart.run(
        () -> {
          Completer<Void> cleanUp = new Completer<>();
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onCancel(
                      () -> {
                        ex.expect(2);
                        return cleanUp.future();
                      });
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expectUnreached());
          c.done().thenAccept(v -> ex.expect(7));
          ex.expect(1);
          DFuture<Void> cancelled = s.cancel();
          ex.checkSame(cancelled, s.cancel(), "a second cancel() returns the same future");
          cancelled.thenAccept(v -> ex.expect(6));
          ex.expect(3);
          scheduleMicrotask(
              () -> {
                ex.expect(4);
                cleanUp.complete(null); // Completes in a microtask of its own.
                ex.expect(5);
              });
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("onDone waits for onCancel's future")
  void onDoneWaitsForCancelFuture() {
    // stream_impl.dart _sendDone: cancelFuture.whenComplete(sendDone) when _onCancel returned one.
    Dart.run(
        () -> {
          Completer<Void> cleanUp = Completer.sync();
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onCancel(
                      () -> {
                        ex.expect(2);
                        return cleanUp.future();
                      });
          c.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(4));
          c.close();
          ex.expect(1);
          scheduleMicrotask(
              () -> {
                ex.expect(3);
                cleanUp.complete(null);
                ex.expect(5);
              });
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("onCancel(() -> DFuture.value()): the future is taken, and onDone waits for it")
  void onCancelReturningAFutureExpression() {
    // stream_controller.dart _recordCancel: `if (cancelResult is Future<void>) result = ...`.
    // Java: an expression lambda returning a DFuture selects the Callable overload of onCancel.
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> DFuture.value());
          c.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(3));
          c.close();
          scheduleMicrotask(() -> ex.expect(2)); // Before the value future's own microtask.
          ex.expect(1);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("onCancel throwing: cancel() returns a future failing with that error")
  void onCancelThrows() {
    // stream_controller.dart _recordCancel: catch (e, s) -> _Future().._asyncCompleteError(e, s).
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onCancel(
                      () -> {
                        ex.expect(1);
                        throw boom;
                      });
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expectUnreached());
          s.cancel()
              .catchErrorAccept(
                  e -> {
                    ex.checkSame(boom, e, "the cancel future's error");
                    ex.expect(3);
                  });
          ex.expect(2);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("events added after cancel are dropped silently; the buffer is discarded")
  void eventsAfterCancelDropped() {
    // stream_impl.dart _cancel() drops _pending; stream_controller.dart _add does nothing once
    // cancelled (no error unless closed).
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamSubscription<Integer> s = c.stream().listen(v -> ex.expectUnreached());
          c.add(1);
          s.cancel();
          c.add(2);
          c.addError(new DartException("dropped"));
          ex.check(!c.isClosed(), "not closed");
          ex.expect(1);
          scheduleMicrotask(() -> ex.expect(2));
        });
    ex.finish(3);
  }
}
