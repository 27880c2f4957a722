package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectValue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code addStream(source, cancelOnError: ...)} on single-subscription controllers
 * (stream_controller.dart {@code _StreamController.addStream}, {@code _AddStreamState} with {@code
 * makeErrorHandler}, {@code _close}). The sources are sync controllers.
 */
class AddStreamCancelOnErrorTest {

  private static final String WHILE_ADDING = "Bad state: Cannot add event while adding a stream";

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("sync, cancelOnError true: the source is cancelled, its error delivered, the adding ends; the future completes with null")
  void syncCancelOnError() {
    // _AddStreamState: source.listen(..., onError: makeErrorHandler(controller), cancelOnError:
    // true). _BufferingStreamSubscription._sendError cancels the source first (its onCancel), then
    // runs the handler: controller._addError, then controller._close (clears _STATE_ADDSTREAM,
    // addStreamFuture._asyncComplete(null)).
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream().listen(v -> ex.expect(v == 1 ? 1 : 5), (Throwable e) -> ex.expect(3));
          StreamController<Integer> source =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(2));
          DFuture<Void> added = c.addStream(source.stream(), true);
          source.add(1);
          source.addError(new DartException("x"));
          ex.check(!source.hasListener(), "source cancelled");
          ex.expect(4);
          source.add(99); // nobody listens to the source any more: dropped
          c.add(2); // the adding has ended
          expectValue(ex, added, null, 6);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("async, cancelOnError true: the error's microtask, then the future's; close is allowed right after the error")
  void asyncCancelOnError() {
    // The error is queued on the subscription (its microtask scheduled first); _close schedules
    // the future's completion and makes close() legal at once.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expect(2), () -> ex.expect(4));
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = c.addStream(source.stream(), true);
          source.addError(new DartException("x"));
          c.close();
          expectValue(ex, added, null, 3);
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("cancelOnError false, explicit or by default: every error is forwarded and the source keeps running")
  void cancelOnErrorFalse() {
    // addStream(source) is addStream(source, cancelOnError: false): onError is controller._addError
    // and only the source's done runs _close.
    Dart.run(
        () -> {
          for (boolean explicit : new boolean[] {false, true}) {
            List<String> seen = new ArrayList<>();
            StreamController<Integer> c = StreamController.sync();
            c.stream().listen(v -> seen.add("data " + v), (Throwable e) -> seen.add("error"));
            StreamController<Integer> source = StreamController.sync();
            DFuture<Void> added =
                explicit ? c.addStream(source.stream(), false) : c.addStream(source.stream());
            source.addError(new DartException("a"));
            source.addError(new DartException("b"));
            source.add(1);
            ex.check(source.hasListener(), "source still listened to");
            expectThrows(ex, StateError.class, WHILE_ADDING, () -> c.add(0));
            source.close();
            c.add(2);
            ex.checkEquals(List.of("error", "error", "data 1", "data 2"), seen, "events");
            added.thenAccept(v -> ex.check(v == null, "null"));
          }
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("before listen: the paused source buffers its error; after listen it arrives and still ends the adding")
  void pausedBeforeListen() {
    // _StreamControllerAddStreamState pauses the source while the controller is paused (no
    // listener yet); _subscribe resumes it. The source's buffered events then come one per
    // microtask, its input staying paused until they are drained (_BufferingStreamSubscription
    // .resume), so the source's onResume never runs: the error cancels it first (cancelOnError)
    // and ends the adding.
    List<String> hooks = new ArrayList<>();
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamController<Integer> source =
              StreamController.sync(
                  () -> hooks.add("listen"),
                  () -> hooks.add("pause"),
                  () -> hooks.add("resume"),
                  () -> hooks.add("cancel"));
          DFuture<Void> added = c.addStream(source.stream(), true);
          source.add(1);
          source.addError(new DartException("x"));
          ex.checkEquals(List.of("listen", "pause"), hooks, "source hooks before listen");
          c.stream().listen(v -> ex.expect(2), (Throwable e) -> ex.expect(3));
          ex.checkEquals(List.of("listen", "pause"), hooks, "source hooks after listen");
          expectValue(ex, added, null, 4);
          ex.expect(1);
        });
    ex.finish(5);
    ex.checkEquals(List.of("listen", "pause", "cancel"), hooks, "source hooks");
  }

  @Test
  @DisplayName("sync, a listener with cancelOnError: its cancel inside the error ends the adding; no uncaught error (Java difference)")
  void listenerCancelsInsideError() {
    // The listener's cancelOnError cancels it inside controller._addError: _recordCancel cancels
    // the (already cancelled) source, runs onCancel after that cancel future, and the listener's
    // onError waits for the cancel (_sendError: cancelFuture.whenComplete(sendError)). The
    // handler's controller._close then finds no add-stream state: Dart would throw there (its
    // `_varData as _StreamControllerAddStreamState` is null), reported as an uncaught error; here
    // the cancel already ended the adding and completes the future.
    Dart.run(
        () -> {
          runZonedGuarded(
              () -> {
                StreamController<Integer> c =
                    StreamController.<Integer>sync().onCancel(() -> ex.expect(3));
                c.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expect(4), null, true);
                StreamController<Integer> source =
                    StreamController.<Integer>sync().onCancel(() -> ex.expect(1));
                DFuture<Void> added = c.addStream(source.stream(), true);
                source.addError(new DartException("x"));
                ex.check(!c.hasListener(), "listener gone");
                expectValue(ex, added, null, 5);
                ex.expect(2);
              },
              (e, st) -> ex.expectUnreached());
        });
    ex.finish(6);
  }
}
