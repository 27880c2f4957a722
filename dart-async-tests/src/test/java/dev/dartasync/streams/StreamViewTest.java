package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectValue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamView;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * StreamView (stream.dart {@code class StreamView<T> extends Stream<T>}): {@code isBroadcast},
 * {@code asBroadcastStream} and {@code listen} go to the wrapped stream; the rest is Stream's own.
 */
class StreamViewTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("listen goes to the wrapped stream: its events, its single-subscription rule")
  void listenForwards() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          DStream<Integer> view = new StreamView<>(c.stream());
          ex.check(!view.isBroadcast(), "single-subscription");
          view.listen(v -> ex.expect(v + 1), () -> ex.expect(4));
          ex.check(c.hasListener(), "the controller has the listener");
          ex.expect(1);
          expectThrows(
              ex,
              StateError.class,
              "Bad state: Stream has already been listened to.",
              () -> view.listen(null));
          c.add(1);
          c.add(2);
          c.close();
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("isBroadcast is the wrapped stream's; Stream's members work on the view")
  void broadcastAndMembers() {
    Dart.run(
        () -> {
          StreamController<Integer> b = StreamController.broadcast();
          DStream<Integer> view = new StreamView<>(b.stream());
          ex.check(view.isBroadcast(), "broadcast");
          expectValue(ex, view.map(v -> v * 10).toList(), List.of(10, 20), 1);
          b.add(1);
          b.add(2);
          b.close();
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("asBroadcastStream, both forms, is the wrapped stream's own")
  void asBroadcastStreamForwards() {
    Dart.run(
        () -> {
          DStream<Integer> marker = DStream.empty();
          DStream<Integer> wrapped =
              new DStream<>() {
                @Override
                public StreamSubscription<Integer> listen(
                    Consumer<? super Integer> onData,
                    BiConsumer<? super Throwable, ? super StackTrace> onError,
                    Runnable onDone,
                    boolean cancelOnError) {
                  return marker.listen(onData, onError, onDone, cancelOnError);
                }

                @Override
                public DStream<Integer> asBroadcastStream() {
                  return marker;
                }

                @Override
                public DStream<Integer> asBroadcastStream(
                    Consumer<StreamSubscription<Integer>> onListen,
                    Consumer<StreamSubscription<Integer>> onCancel) {
                  return marker;
                }
              };
          DStream<Integer> view = new StreamView<>(wrapped);
          ex.checkSame(marker, view.asBroadcastStream(), "asBroadcastStream()");
          ex.checkSame(marker, view.asBroadcastStream(s -> {}, s -> {}), "asBroadcastStream(..)");
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("a null stream: Invalid argument(s) (stream): Must not be null")
  void nullStream() {
    expectThrows(
        ex,
        ArgumentError.class,
        "Invalid argument(s) (stream): Must not be null",
        () -> new StreamView<Integer>(null));
    ex.finish(1);
  }
}
