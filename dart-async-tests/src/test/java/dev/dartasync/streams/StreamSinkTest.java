package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.assertThrowsText;
import static dev.dartasync.streams.StreamFutureSupport.expectValue;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.EventSink;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSink;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code StreamController.sink} (stream_controller.dart {@code _StreamSinkWrapper}, which passes
 * each {@code StreamSink} member to the controller; dart-semantics §6.2).
 */
class StreamSinkTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("add, addError and close through the sink: the controller's events, delivered as the controller's own; done is the controller's done")
  void events() {
    // _StreamSinkWrapper.add/addError/close call _target.add/addError/close: an async controller
    // delivers one event per microtask; done completes one microtask after the done event.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamSink<Integer> sink = c.sink();
          c.stream()
              .listen(
                  v -> ex.expect(2),
                  (Throwable e) -> {
                    ex.checkEquals("Exception: x", Dart.str(e), "error");
                    ex.expect(3);
                  },
                  () -> ex.expect(4));
          sink.add(1);
          sink.addError(new DartException("x"));
          sink.close();
          ex.check(c.isClosed(), "the controller is closed");
          assertSame(c.done(), sink.done());
          expectValue(ex, sink.done(), null, 5);
          ex.expect(1);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("sync controller: the sink's events are delivered inside its calls")
  void syncDelivery() {
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          EventSink<Integer> sink = c.sink(); // usable wherever an EventSink is expected
          c.stream().listen(v -> ex.expect(1), (Throwable e) -> ex.expect(2), () -> ex.expect(3));
          sink.add(1);
          sink.addError(new DartException("x"));
          sink.close();
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("addStream through the sink: no cancelOnError, the sink is blocked until its future completes")
  void addStream() {
    // _StreamSinkWrapper.addStream(source) => _target.addStream(source): cancelOnError false, so
    // the source's error is forwarded and the source goes on; add meanwhile throws.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          StreamSink<Integer> sink = c.sink();
          c.stream()
              .listen(
                  v -> ex.expect(v == 1 ? 2 : 4), (Throwable e) -> ex.expect(3), () -> ex.expect(7));
          StreamController<Integer> source = StreamController.sync();
          DFuture<Void> added = sink.addStream(source.stream());
          ex.expect(1);
          source.add(1);
          source.addError(new DartException("x"));
          source.add(2);
          assertThrowsText(
              StateError.class,
              "Bad state: Cannot add event while adding a stream",
              () -> sink.add(3));
          ex.expect(5);
          source.close();
          added.thenAccept(
              v -> {
                ex.expect(6);
                sink.close();
                ex.expect(8);
              },
              e -> ex.expectUnreached());
        });
    ex.finish(9);
  }

  @Test
  @DisplayName("after close: the controller's texts; close again does nothing; a null stream is an ArgumentError")
  void closedAndArguments() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamSink<Integer> sink = c.sink();
          assertNotSame(sink, c.sink());
          assertThrowsText(
              ArgumentError.class,
              "Invalid argument(s) (source): Must not be null",
              () -> sink.addStream(null));
          sink.close();
          sink.close();
          assertThrowsText(
              StateError.class, "Bad state: Cannot add event after closing", () -> sink.add(1));
          StreamController<Integer> b = StreamController.broadcast();
          b.sink().close();
          assertThrowsText(
              StateError.class,
              "Bad state: Cannot add new events after calling close",
              () -> b.sink().addError(new DartException("x")));
        });
  }
}
