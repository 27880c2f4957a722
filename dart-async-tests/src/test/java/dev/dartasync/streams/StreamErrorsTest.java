package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Where stream errors go: the handler, or the listener zone's uncaught handling (§6.1, §9.12). */
class StreamErrorsTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("an error event without onError reaches the listener zone's uncaught handler")
  void unhandledErrorIsUncaught() {
    // stream_impl.dart _nullErrorHandler: Zone.current.handleUncaughtError(error, stackTrace),
    // run in the subscription's zone (the runZonedGuarded zone below), not the zone of addError.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          runZonedGuarded(
              () -> {
                c.stream().listen(v -> ex.expectUnreached());
              },
              (e, st) -> {
                ex.checkSame(x, e, "uncaught error");
                ex.expect(2);
              });
          c.addError(x);
          ex.expect(1);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("Stream.error without onError is uncaught in the listener's zone")
  void streamErrorUncaught() {
    // stream.dart Stream.error + stream_impl.dart _nullErrorHandler.
    DartException x = new DartException("x");
    Dart.run(
        () ->
            runZonedGuarded(
                () -> {
                  DStream.error(x).listen(v -> ex.expectUnreached(), (Throwable e) -> {}, null);
                  DStream.error(x).listen(v -> ex.expectUnreached());
                  ex.expect(1);
                },
                (e, st) -> {
                  ex.checkSame(x, e, "uncaught error");
                  ex.expect(2);
                }));
    ex.finish(3);
  }

  @Test
  @DisplayName("a throwing onData is guarded: the zone gets the error, delivery goes on")
  void throwingOnDataIsGuarded() {
    // stream_impl.dart _sendData: _zone.runUnaryGuarded(_onData, data).
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          runZonedGuarded(
              () -> {
                c.stream()
                    .listen(
                        v -> {
                          if (v == 1) {
                            ex.expect(2);
                            throw boom;
                          }
                          ex.expect(4);
                        });
              },
              (e, st) -> {
                ex.checkSame(boom, e, "guarded error");
                ex.expect(3);
              });
          c.add(1);
          c.add(2);
          ex.expect(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("root zone: a throwing listener does not unwind add(); the error stops the isolate")
  void rootZoneCallbackErrorIsUncaught() {
    // §9.12: stream callbacks run guarded; in the root zone the uncaught error is rethrown from
    // a priority microtask, after the sync add() has returned.
    DartException boom = new DartException("boom");
    Throwable thrown =
        uncaught(
            () -> {
              StreamController<Integer> c = StreamController.sync();
              c.stream()
                  .listen(
                      v -> {
                        ex.expect(1);
                        throw boom;
                      });
              c.add(1);
              ex.expect(2);
              scheduleMicrotask(ex::expectUnreached); // The priority microtask goes first.
            });
    assertSame(boom, thrown);
    ex.finish(3);
  }

  @Test
  @DisplayName("a two-argument onError gets the stack trace given to addError")
  void binaryOnErrorGetsStackTrace() {
    // stream_impl.dart _sendError: onError is void Function(Object, StackTrace) -> runBinaryGuarded.
    DartException x = new DartException("x");
    StackTrace trace = StackTrace.current();
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream()
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e, StackTrace st) -> {
                    ex.checkSame(x, e, "error");
                    ex.checkSame(trace, st, "stack trace");
                    ex.expect(1);
                  });
          c.addError(x, trace);
          ex.expect(2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("onError replaced on the subscription takes effect for the next error")
  void replaceOnError() {
    // stream_impl.dart onError(handler): re-registers the handler in the subscription's zone.
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          var s = c.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached());
          s.onError((Throwable e) -> ex.expect(1));
          s.onData(v -> ex.expect(2));
          s.onDone(() -> ex.expect(3));
          c.addError(x);
          c.add(1);
          c.close();
        });
    ex.finish(4);
  }
}
