package dev.dartasync.streams;

import static dev.dartasync.Dart.runZonedGuarded;
import static dev.dartasync.streams.OperatorTesting.assertThrowsText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamTransformer;
import dev.dartasync.junit.Expect;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dart's default constructor {@code StreamTransformer(onListen)} (stream_transformers.dart {@code
 * _StreamSubscriptionTransformer}, {@code _BoundSubscriptionStream}); tests/lib/async/
 * stream_transformer_test.dart.
 */
class StreamTransformerConstructorTest {

  @RegisterExtension final Expect ex = new Expect();

  /** Dart's {@code MyStreamSubscription} of stream_transformer_test.dart: records what it got. */
  static final class RecordingSubscription<T> implements StreamSubscription<T> {
    final DStream<?> stream;
    final boolean cancelOnError;
    Consumer<? super T> data;
    BiConsumer<? super Throwable, ? super StackTrace> error;
    Runnable done;
    int handlersSet;

    RecordingSubscription(DStream<?> stream, boolean cancelOnError) {
      this.stream = stream;
      this.cancelOnError = cancelOnError;
    }

    @Override
    public void onData(Consumer<? super T> handleData) {
      data = handleData;
      handlersSet++;
    }

    @Override
    public void onError(BiConsumer<? super Throwable, ? super StackTrace> handleError) {
      error = handleError;
      handlersSet++;
    }

    @Override
    public void onDone(Runnable handleDone) {
      done = handleDone;
      handlersSet++;
    }

    @Override
    public void pause() {}

    @Override
    public void pause(DFuture<?> resumeSignal) {}

    @Override
    public void resume() {}

    @Override
    public boolean isPaused() {
      return false;
    }

    @Override
    public DFuture<Void> cancel() {
      return DFuture.value();
    }

    @Override
    public <E> DFuture<E> asFuture(E futureValue) {
      return DFuture.value(futureValue);
    }
  }

  @Test
  @DisplayName("listen passes the bound stream and cancelOnError to onListen and sets the listener's own handlers on its subscription")
  void handlersPassThrough() {
    // _BoundSubscriptionStream.listen: result = _onListen(_stream, cancelOnError), then
    // result.onData(onData); result.onError(onError); result.onDone(onDone) (the Dart test checks
    // identity, and the transformer is reused for each bind).
    StreamTransformer<Integer, String> transformer =
        StreamTransformer.of(RecordingSubscription::new);
    Consumer<String> onData = v -> {};
    BiConsumer<Throwable, StackTrace> onError = (e, st) -> {};
    Runnable onDone = () -> {};
    Dart.run(
        () -> {
          DStream<Integer> input = StreamController.<Integer>sync().stream();
          var full =
              (RecordingSubscription<String>)
                  input.transform(transformer).listen(onData, onError, onDone, false);
          assertSame(input, full.stream);
          assertFalse(full.cancelOnError);
          assertSame(onData, full.data);
          assertSame(onError, full.error);
          assertSame(onDone, full.done);

          DStream<Integer> input2 = StreamController.<Integer>sync().stream();
          var bare = (RecordingSubscription<String>) input2.transform(transformer).listen(null);
          assertSame(input2, bare.stream);
          assertFalse(bare.cancelOnError);
          assertNull(bare.data);
          assertNull(bare.error);
          assertNull(bare.done);
          assertEquals(3, bare.handlersSet, "null handlers are set too");

          var cancelling =
              (RecordingSubscription<String>)
                  StreamController.<Integer>sync()
                      .stream()
                      .transform(transformer)
                      .listen(null, (BiConsumer<Throwable, StackTrace>) null, onDone, true);
          assertTrue(cancelling.cancelOnError);
          assertSame(onDone, cancelling.done);
        });
  }

  /** A transformer whose onListen listens to the input through map; returns that subscription. */
  private StreamTransformer<Integer, String> bracketing(int onListenStep) {
    return StreamTransformer.of(
        (stream, cancelOnError) -> {
          if (onListenStep > 0) {
            ex.expect(onListenStep);
          }
          return stream
              .map(v -> "<" + v + ">")
              .listen(null, (BiConsumer<Throwable, StackTrace>) null, null, cancelOnError);
        });
  }

  @Test
  @DisplayName("onListen runs synchronously inside listen; the subscription it returns delivers the events")
  void order() {
    // _BoundSubscriptionStream.listen calls _onListen at once; the input is listened to inside it
    // (the source's onListen), and the events then come as that subscription delivers them (a sync
    // source through map: synchronously; done: the source's onCancel, then onDone).
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync()
                  .onListen(() -> ex.expect(3))
                  .onCancel(() -> ex.expect(7));
          DStream<String> transformed = source.stream().transform(bracketing(2));
          ex.expect(1);
          transformed.listen(
              v -> ex.expect(v.equals("<1>") ? 5 : 6),
              (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(8));
          ex.expect(4);
          source.add(1);
          source.add(2);
          source.close();
        });
    ex.finish(9);
  }

  @Test
  @DisplayName("cancelOnError reaches onListen: the input's error cancels it (onCancel), then onError")
  void cancelOnError() {
    // The listener's cancelOnError is the one onListen passes on: _BufferingStreamSubscription
    // ._sendError cancels first, then calls the error handler.
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(3));
          source
              .stream()
              .transform(bracketing(0))
              .listen(
                  v -> ex.expect(2),
                  (Throwable e) -> {
                    ex.checkEquals("Exception: x", Dart.str(e), "error");
                    ex.expect(4);
                  },
                  () -> ex.expectUnreached(),
                  true);
          ex.expect(1);
          source.add(1);
          source.addError(new DartException("x"));
          source.add(2); // the source was cancelled: nobody listens
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("listen without onError replaces onListen's error handler with none: the error is uncaught")
  void nullOnErrorIsSet() {
    // result.onError(null): no handler, so the error goes to the zone's uncaught-error handling.
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.sync();
          StreamTransformer<Integer, Integer> handled =
              StreamTransformer.of(
                  (stream, cancelOnError) ->
                      stream.listen(null, (Throwable e) -> ex.expectUnreached(), null, false));
          runZonedGuarded(
              () -> source.stream().transform(handled).listen(v -> ex.expectUnreached()),
              (e, st) -> {
                ex.checkEquals("Exception: x", Dart.str(e), "uncaught");
                ex.expect(2);
              });
          ex.expect(1);
          source.addError(new DartException("x"));
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("the bound stream is broadcast if the input is; each listen calls onListen again")
  void broadcastAndRelisten() {
    // _BoundSubscriptionStream.isBroadcast => _stream.isBroadcast. A second listen of a
    // single-subscription input fails in the input's listen, inside onListen.
    Dart.run(
        () -> {
          assertTrue(
              StreamController.<Integer>broadcast()
                  .stream()
                  .transform(bracketing(0))
                  .isBroadcast());
          DStream<String> single =
              StreamController.<Integer>sync().stream().transform(bracketing(0));
          assertFalse(single.isBroadcast());
          ex.expect(1);
          single.listen(null);
          StateError error = assertThrows(StateError.class, () -> single.listen(null));
          assertEquals("Bad state: Stream has already been listened to.", error.toString());
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("what onListen throws is thrown out of listen")
  void onListenThrows() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          DStream<Integer> transformed =
              DStream.<Integer>empty()
                  .transform(
                      StreamTransformer.<Integer, Integer>of(
                          (stream, cancelOnError) -> {
                            throw boom;
                          }));
          assertSame(boom, assertThrows(DartException.class, () -> transformed.listen(null)));
          NullPointerException npe =
              assertThrows(
                  NullPointerException.class,
                  () ->
                      DStream.<Integer>empty()
                          .transform(StreamTransformer.<Integer, Integer>of((s, c) -> null))
                          .listen(null));
          assertEquals("onListen returned null", npe.getMessage());
        });
  }

  @Test
  @DisplayName("a null onListen: Invalid argument(s) (onListen): Must not be null")
  void nullOnListen() {
    assertThrowsText(
        ArgumentError.class,
        "Invalid argument(s) (onListen): Must not be null",
        () -> StreamTransformer.of(null));
  }
}
