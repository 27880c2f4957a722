package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** listen(): onListen runs inside it; a single-subscription stream can be listened to once (§6.2, §9.8). */
class ListenTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("onListen runs synchronously inside listen()")
  void onListenInsideListen() {
    // stream_controller.dart _subscribe: subscription._guardCallback(() { _runGuarded(onListen); }).
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>()
                  .onListen(() -> ex.expect(2));
          ex.expect(1);
          c.stream().listen(v -> ex.expectUnreached());
          ex.expect(3);
          ex.check(c.hasListener(), "hasListener after listen");
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("sync controller: events added inside onListen are delivered later, in a microtask")
  void eventsAddedInOnListenAreDelayed() {
    // stream_impl.dart: during _guardCallback the IN_CALLBACK bit is set, so _add cannot fire
    // and buffers (_addPending schedules a microtask).
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.onListen(
              () -> {
                ex.expect(1);
                c.add(7);
                ex.expect(2);
              });
          c.stream().listen(v -> ex.expect(4));
          ex.expect(3);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("second listen: Bad state: Stream has already been listened to.")
  void listenTwice() {
    // stream_controller.dart _subscribe: StateError("Stream has already been listened to.").
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          DStream<Integer> stream = c.stream();
          stream.listen(v -> {});
          StateError e = assertThrows(StateError.class, () -> c.stream().listen(v -> {}));
          assertEquals("Bad state: Stream has already been listened to.", e.toString());
          ex.check(stream.equals(c.stream()), "stream() objects are equal");
        });
  }

  @Test
  @DisplayName("listen after the listener cancelled still fails with the same text")
  void listenAfterCancel() {
    // stream_controller.dart: the CANCELED state is not the initial state, so _subscribe throws.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          StreamSubscription<Integer> s = c.stream().listen(v -> {});
          s.cancel();
          StateError e = assertThrows(StateError.class, () -> c.stream().listen(v -> {}));
          assertEquals("Bad state: Stream has already been listened to.", e.toString());
        });
  }

  @Test
  @DisplayName("Stream.value and Stream.error are single-subscription too")
  void valueStreamListenTwice() {
    // stream.dart: Stream.value/Stream.error are _AsyncStreamController streams.
    Dart.run(
        () -> {
          DStream<Integer> s = DStream.value(1);
          s.listen(v -> {});
          StateError e = assertThrows(StateError.class, () -> s.listen(v -> {}));
          assertEquals("Bad state: Stream has already been listened to.", e.toString());
          ex.check(!s.isBroadcast(), "not broadcast");
        });
  }

  @Test
  @DisplayName("callbacks run in the zone current at listen(), not the one of add()")
  void callbacksRunInListenZone() {
    // stream_impl.dart: _zone = Zone.current at construction; _sendData runs _zone.runUnaryGuarded.
    Object key = new Object();
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          Dart.runZoned(
              () ->
                  c.stream()
                      .listen(
                          v -> {
                            ex.checkEquals("listener", dev.dartasync.Zone.current().get(key), "zone value");
                            ex.expect(2);
                          }),
              java.util.Map.of(key, "listener"));
          c.add(1);
          ex.expect(1);
        });
    ex.finish(3);
  }
}
