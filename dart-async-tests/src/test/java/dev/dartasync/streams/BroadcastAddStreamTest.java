package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectValue;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code addStream} on broadcast controllers (broadcast_stream_controller.dart {@code
 * _BroadcastStreamController.addStream}, {@code _add}/{@code _addError}/{@code _close}, {@code
 * _addEventError}; stream_controller.dart {@code _AddStreamState}). The sources are sync
 * controllers, so each source event reaches the broadcast controller inside the source's {@code
 * add}.
 */
class BroadcastAddStreamTest {

  private static final String WHILE_ADDING = "Bad state: Cannot add new events while doing an addStream";
  private static final String AFTER_CLOSE = "Bad state: Cannot add new events after calling close";

  @RegisterExtension final Expect ex = new Expect();

  // ---- delivery -----------------------------------------------------------------------------

  @Test
  @DisplayName("async: source events queue on every listener, A1 B1 A2 B2; the future completes one microtask after the source's done")
  void asyncOrder() {
    // _AddStreamState listens with controller._add -> _AsyncBroadcastStreamController._sendData:
    // a _DelayedData per subscription, one microtask each. The source's done runs _close ->
    // addStreamFuture._asyncComplete(null), scheduled after A's and B's first microtask but before
    // the ones they schedule for their second event (_checkState reschedules after each event).
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 5)); // A
          b.stream().listen(v -> ex.expect(v == 1 ? 3 : 6)); // B
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream());
          source.add(1);
          source.add(2);
          source.close();
          expectValue(ex, added, null, 4);
          ex.expect(1);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("sync: each source event reaches every listener, in subscription order, inside the source's add")
  void syncOrder() {
    // _SyncBroadcastStreamController._sendData/_sendError -> _forEachListener: synchronous.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream().listen(v -> ex.expect(v == 1 ? 1 : 6), (Throwable e) -> ex.expect(3)); // A
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 7), (Throwable e) -> ex.expect(4)); // B
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream());
          source.add(1);
          source.addError(x);
          ex.expect(5);
          source.add(2);
          source.close();
          ex.check(!b.isClosed(), "the source's done is not forwarded");
          expectValue(ex, added, null, 9);
          ex.expect(8);
        });
    ex.finish(10);
  }

  @Test
  @DisplayName("the future completes with null one microtask after the source's done event")
  void futureTiming() {
    // _close -> _AddStreamState.complete -> addStreamFuture._asyncComplete(null): the microtask is
    // scheduled inside the source's done, so before one scheduled after it and after one before.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream());
          scheduleMicrotask(() -> ex.expect(2));
          source.close();
          expectValue(ex, added, null, 3);
          scheduleMicrotask(() -> ex.expect(4));
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a source that is not a controller: Stream.fromIterable into an async broadcast controller")
  void fromIterable() {
    // The same _add/_close path; the future completes after the last element was queued.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          List<Integer> seen = new java.util.ArrayList<>();
          b.stream()
              .listen(
                  seen::add,
                  (Consumer<Throwable>) null,
                  () -> {
                    ex.checkEquals(List.of(1, 2, 3), seen, "events");
                    ex.expect(2);
                  });
          b.addStream(DStream.fromIterable(List.of(1, 2, 3)))
              .thenAccept(
                  v -> {
                    ex.expect(1);
                    b.close();
                  });
        });
    ex.finish(3);
  }

  // ---- errors and cancelOnError -------------------------------------------------------------

  @Test
  @DisplayName("cancelOnError false (the default): every source error is forwarded, only done ends the adding")
  void errorsForwarded() {
    // _AddStreamState: onError: controller._addError when cancelOnError is false.
    DartException first = new DartException("a");
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream().listen(v -> ex.expect(v + 2), (Throwable e) -> ex.expect(e == first ? 1 : 2));
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream());
          source.addError(first);
          source.addError(new DartException("b"));
          source.add(1); // step 3
          expectThrows(ex, StateError.class, WHILE_ADDING, () -> b.add(0));
          source.close();
          expectValue(ex, added, null, 5);
          ex.expect(4);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("cancelOnError true: the first error cancels the source, is delivered, and ends the adding")
  void cancelOnErrorEndsAdding() {
    // _AddStreamState listens with cancelOnError: true and makeErrorHandler: the source
    // subscription cancels first (_BufferingStreamSubscription._sendError: _cancel, then onError),
    // then controller._addError, then controller._close, which clears _STATE_ADDSTREAM at once and
    // completes the future with null a microtask later.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream().listen(v -> ex.expect(v == 1 ? 1 : 5), (Throwable e) -> ex.expect(3), () -> ex.expect(6));
          StreamController<Integer> source =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(2));
          DFuture<Void> added = b.addStream(source.stream(), true);
          source.add(1);
          source.addError(new DartException("x"));
          ex.check(!source.hasListener(), "source cancelled");
          ex.expect(4);
          b.add(2); // allowed again: the adding ended inside the error
          b.close();
          expectValue(ex, added, null, 7);
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("async, cancelOnError true: the listener gets the error in its microtask, then the future completes")
  void asyncCancelOnError() {
    // The error is queued on the subscription (microtask scheduled), then _close schedules the
    // future's completion.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expect(2));
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream(), true);
          source.addError(new DartException("x"));
          expectValue(ex, added, null, 3);
          ex.expect(1);
        });
    ex.finish(4);
  }

  // ---- no listener, listeners coming and going ----------------------------------------------

  @Test
  @DisplayName("no listener: the source is listened to anyway and its events (errors too) are dropped")
  void noListener() {
    // _BroadcastStreamController.addStream has no listener check; _sendData/_sendError with an
    // empty list send nothing, so an error is not uncaught either.
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(() -> ex.expect(3), () -> ex.expectUnreached());
          StreamController<Integer> source =
              StreamController.<Integer>sync().onListen(() -> ex.expect(1));
          runZonedGuarded(
              () -> {
                DFuture<Void> added = b.addStream(source.stream());
                ex.expect(2);
                source.add(1);
                source.addError(new DartException("nobody listens"));
                b.stream().listen(v -> ex.expect(6)); // onListen is step 3
                source.add(2);
                source.close();
                expectValue(ex, added, null, 7);
                ex.expect(4);
              },
              (e, st) -> ex.expectUnreached());
          ex.expect(5);
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("sync: listeners added and cancelled during addStream get the events of their time; the source keeps running")
  void listenersComeAndGo() {
    // _recordCancel of a broadcast controller never touches _addStreamState: cancelling the last
    // listener runs onCancel but does not cancel the source; later events are dropped.
    Dart.run(
        () -> {
          StreamController<Integer> b =
              StreamController.broadcast(() -> ex.expect(1), () -> ex.expect(6), true);
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = b.addStream(source.stream());
          StreamSubscription<Integer> a = b.stream().listen(v -> ex.expect(v == 1 ? 2 : 3)); // A
          source.add(1);
          StreamSubscription<Integer> c = b.stream().listen(v -> ex.expect(v == 2 ? 4 : 5)); // C
          source.add(2);
          a.cancel();
          source.add(3);
          c.cancel(); // onCancel: step 6
          ex.check(source.hasListener(), "the source is still listened to");
          source.add(4);
          source.close();
          expectValue(ex, added, null, 8);
          ex.expect(7);
        });
    ex.finish(9);
  }

  @Test
  @DisplayName("async: a listener added after a source event was sent does not get it")
  void asyncLateListener() {
    // _AsyncBroadcastStreamController._sendData queues on the subscriptions present at the time.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          StreamController<Integer> source = StreamController.sync();
          b.addStream(source.stream());
          b.stream().listen(v -> ex.expect(v == 1 ? 2 : 4)); // A
          source.add(1);
          b.stream().listen(v -> ex.expect(v == 2 ? 3 : -1)); // B
          source.add(2);
          ex.expect(1);
        });
    ex.finish(5);
  }

  // ---- the state texts ----------------------------------------------------------------------

  @Test
  @DisplayName("while adding: add, addError, close and addStream throw 'Cannot add new events while doing an addStream'")
  void whileAdding() {
    // _BroadcastStreamController._addEventError: not closed, so the _isAddingStream text (not the
    // single-subscription _badEventState text 'Cannot add event while adding a stream').
    Dart.run(
        () -> {
          for (boolean sync : new boolean[] {false, true}) {
            StreamController<Integer> b = StreamController.broadcast(sync);
            StreamController<Integer> source = StreamController.sync();
            b.addStream(source.stream());
            expectThrows(ex, StateError.class, WHILE_ADDING, () -> b.add(1));
            expectThrows(ex, StateError.class, WHILE_ADDING, () -> b.addError(new DartException("x")));
            expectThrows(ex, StateError.class, WHILE_ADDING, b::close);
            expectThrows(ex, StateError.class, WHILE_ADDING, () -> b.addStream(DStream.empty()));
            ex.check(!b.isClosed(), "not closed");
            source.close();
            b.close(); // the adding ended inside the source's done
            ex.check(b.isClosed(), "closed");
          }
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("after close: addStream throws 'Cannot add new events after calling close' and does not listen")
  void afterClose() {
    // _addEventError: isClosed comes first.
    Dart.run(
        () -> {
          for (boolean sync : new boolean[] {false, true}) {
            StreamController<Integer> b = StreamController.broadcast(sync);
            b.close();
            StreamController<Integer> source =
                StreamController.<Integer>sync().onListen(() -> ex.expectUnreached());
            expectThrows(ex, StateError.class, AFTER_CLOSE, () -> b.addStream(source.stream()));
          }
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("sync: addStream from inside a delivery throws 'Cannot fire new event. Controller is already firing an event'")
  void syncWhileFiring() {
    // _SyncBroadcastStreamController: _mayAddEvent is false while firing; _addEventError checks
    // _isFiring first.
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast(true);
          b.stream()
              .listen(
                  v -> {
                    expectThrows(
                        ex,
                        StateError.class,
                        "Bad state: Cannot fire new event. Controller is already firing an event",
                        () -> b.addStream(DStream.empty()));
                    ex.expect(1);
                  });
          b.add(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("close after the future: the listeners get done, and done/close complete")
  void closeAfterAdding() {
    // The usual `await controller.addStream(s); controller.close();`. The event's microtask was
    // scheduled before the future's (source.add before source.close).
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          b.stream().listen(v -> ex.expect(1), (Consumer<Throwable>) null, () -> ex.expect(3));
          StreamController<Integer> source = StreamController.sync();
          b.addStream(source.stream())
              .thenAccept(
                  v -> {
                    ex.expect(2);
                    expectValue(ex, b.close(), null, 4);
                  });
          source.add(1);
          source.close();
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("null source: Invalid argument(s) (source): Must not be null")
  void nullSource() {
    StreamController<Integer> b = StreamController.broadcast();
    expectThrows(
        ex,
        dev.dartasync.ArgumentError.class,
        "Invalid argument(s) (source): Must not be null",
        () -> b.addStream(null));
    ex.expect(1);
    ex.finish(2);
  }

  @Test
  @DisplayName("a source whose listen throws leaves the controller as it was (Java difference)")
  void listenThrows() {
    // Dart sets _STATE_ADDSTREAM before listening, so a throwing listen would leave the
    // controller refusing events for good; here the state is restored, as the single-subscription
    // controller (which stores its state after listening) does in Dart.
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.sync();
          source.stream().listen(v -> {});
          StreamController<Integer> b = StreamController.broadcast(true);
          expectThrows(
              ex,
              StateError.class,
              "Bad state: Stream has already been listened to.",
              () -> b.addStream(source.stream()));
          b.stream().listen(v -> ex.expect(1));
          b.add(1);
        });
    ex.finish(2);
  }
}
