package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectOutcome;
import static dev.dartasync.streams.StreamFutureSupport.syncSource;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
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
 * Stream.pipe into a StreamController (stream.dart: consumer.addStream(this).then((_) =>
 * consumer.close())) and the addStream it rests on (stream_controller.dart _StreamController
 * addStream, _recordPause/_recordResume/_recordCancel with an add-stream state).
 */
class StreamPipeTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("pipe: the events reach the consumer's listener, then done, then the pipe future")
  void pipeDeliversThenCloses() {
    Dart.run(
        () -> {
          StreamController<Integer> consumer = new StreamController<>();
          consumer.stream().listen(v -> ex.expect(v), (Consumer<Throwable>) null, () -> ex.expect(3));
          expectOutcome(ex, DStream.fromIterable(List.of(1, 2)).pipe(consumer), null, 4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("while a stream is added: add and close throw 'Bad state: Cannot add event while adding a stream'")
  void addWhileAdding() {
    Dart.run(
        () -> {
          StreamController<Integer> consumer = new StreamController<>();
          DStream.fromIterable(List.of(1)).pipe(consumer);
          for (Runnable call : List.<Runnable>of(() -> consumer.add(1), consumer::close)) {
            expectThrows(
                ex, StateError.class, "Bad state: Cannot add event while adding a stream", call);
          }
          consumer.stream().listen(v -> ex.expect(1));
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("the source is paused until the consumer is listened to; the listener's pause, resume and cancel reach it, cancel first")
  void pauseAndCancelReachTheSource() {
    // _StreamControllerAddStreamState pauses the source if the controller is paused (no listener
    // yet); _subscribe resumes it; _recordCancel cancels it, then runs onCancel after its cancel
    // future (_AddStreamState.cancel: cancelFuture.whenComplete(...), so a microtask later).
    List<String> sourceHooks = new java.util.ArrayList<>();
    Dart.run(
        () -> {
          StreamController<Integer> source =
              syncSource(ex, 2)
                  .onPause(() -> sourceHooks.add("pause"))
                  .onResume(() -> sourceHooks.add("resume"));
          StreamController<Integer> consumer =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(4));
          source.stream().pipe(consumer);
          StreamSubscription<Integer> s = consumer.stream().listen(v -> ex.expectUnreached());
          s.pause();
          s.resume();
          ex.expect(1);
          s.cancel().thenAccept(v -> ex.expect(5));
          ex.check(!source.hasListener(), "source cancelled");
          ex.expect(3);
        });
    ex.finish(6);
    ex.checkEquals(List.of("pause", "resume", "pause", "resume"), sourceHooks, "source hooks");
  }

  @Test
  @DisplayName("text: addStream after close")
  void texts() {
    Dart.run(
        () -> {
          StreamController<Integer> closed = new StreamController<>();
          closed.close();
          expectThrows(
              ex,
              StateError.class,
              "Bad state: Cannot add event after closing",
              () -> DStream.<Integer>empty().pipe(closed));
          ex.expect(1);
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("pipe into a broadcast controller: its listeners get the events, then done, then the pipe future")
  void pipeIntoBroadcast() {
    // _BroadcastStreamController.addStream, then close once the added stream is done.
    Dart.run(
        () -> {
          StreamController<Integer> consumer = StreamController.broadcast();
          consumer.stream().listen(v -> ex.expect(v), (Consumer<Throwable>) null, () -> ex.expect(3));
          expectOutcome(ex, DStream.fromIterable(List.of(1, 2)).pipe(consumer), null, 4);
        });
    ex.finish(5);
  }
}
