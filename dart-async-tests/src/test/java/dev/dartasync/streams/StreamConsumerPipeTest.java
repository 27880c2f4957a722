package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectSameError;
import static dev.dartasync.streams.StreamFutureSupport.expectValue;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamConsumer;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSink;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream.pipe into any StreamConsumer (stream.dart {@code pipe}: {@code
 * streamConsumer.addStream(this).then((_) => streamConsumer.close())}; {@code StreamConsumer},
 * {@code StreamSink implements EventSink, StreamConsumer}, {@code close} returning {@code done}).
 */
class StreamConsumerPipeTest {

  @RegisterExtension final Expect ex = new Expect();

  /** A consumer of its own: {@code addStream} and {@code close} as the test gives them. */
  private static StreamConsumer<Integer> consumer(
      Function<DStream<? extends Integer>, DFuture<?>> addStream, Supplier<DFuture<?>> close) {
    return new StreamConsumer<>() {
      @Override
      public DFuture<?> addStream(DStream<? extends Integer> stream) {
        return addStream.apply(stream);
      }

      @Override
      public DFuture<?> close() {
        return close.get();
      }
    };
  }

  @Test
  @DisplayName("a custom consumer: addStream inside pipe, close after its future, pipe's value is close's")
  void closeValueIsPipesValue() {
    Dart.run(
        () -> {
          StreamConsumer<Integer> c =
              consumer(
                  stream -> {
                    ex.expect(1);
                    return stream.forEach(v -> ex.expect(v + 2));
                  },
                  () -> {
                    ex.expect(5);
                    return DFuture.value("closed");
                  });
          DFuture<?> piped = DStream.fromIterable(List.of(1, 2)).pipe(c);
          ex.expect(2); // addStream ran inside pipe; the events come in later microtasks.
          expectValue(ex, piped, "closed", 6);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("a failing addStream is pipe's error, and close is not called")
  void failingAddStream() {
    DartException failure = new DartException("cannot add");
    Dart.run(
        () -> {
          StreamConsumer<Integer> c =
              consumer(
                  stream -> {
                    ex.expect(1);
                    return DFuture.error(failure);
                  },
                  () -> {
                    ex.expectUnreached();
                    return DFuture.value(null);
                  });
          expectSameError(ex, DStream.fromIterable(List.of(1)).pipe(c), failure, 2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("an addStream that never completes: close is never reached, pipe never completes")
  void closeNeverReached() {
    AtomicInteger closes = new AtomicInteger();
    DFuture<?>[] piped = new DFuture<?>[1];
    Dart.run(
        () -> {
          StreamConsumer<Integer> c =
              consumer(
                  stream -> {
                    ex.expect(1);
                    return new Completer<Void>().future();
                  },
                  () -> {
                    closes.incrementAndGet();
                    return DFuture.value(null);
                  });
          piped[0] = DStream.fromIterable(List.of(1)).pipe(c);
        });
    // The isolate ran out of work: the pipe future stays incomplete, close was never called.
    ex.check(!piped[0].isDone(), "pipe's future completed");
    ex.checkEquals(0, closes.get(), "close calls");
    ex.finish(2);
  }

  @Test
  @DisplayName("a StreamController is a StreamConsumer: pipe through the interface closes it")
  void controllerIsAConsumer() {
    Dart.run(
        () -> {
          StreamController<Integer> target = new StreamController<>();
          target.stream().listen(v -> ex.expect(v), () -> ex.expect(3));
          StreamConsumer<Integer> asConsumer = target;
          expectValue(ex, DStream.fromIterable(List.of(1, 2)).pipe(asConsumer), null, 4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("pipe(sink): addStream, then close, pipe's future is the sink's done")
  void pipeIntoASink() {
    Dart.run(
        () -> {
          StreamController<Integer> target = new StreamController<>();
          target.stream().listen(v -> ex.expect(v), () -> ex.expect(3));
          StreamSink<Integer> sink = target.sink();
          expectValue(ex, DStream.fromIterable(List.of(1, 2)).pipe(sink), null, 4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("a sink's consumer view: close() closes the sink and returns its done future")
  void sinkAsConsumer() {
    Dart.run(
        () -> {
          StreamController<Integer> target = new StreamController<>();
          StreamSink<Integer> sink = target.sink();
          StreamConsumer<Integer> c = sink.asStreamConsumer();
          target.stream().listen(v -> ex.expectUnreached(), () -> ex.expect(2));
          DFuture<?> closed = c.close();
          ex.check(target.isClosed(), "the controller is closed");
          ex.checkSame(sink.done(), closed, "close() returns done");
          ex.expect(1);
        });
    ex.finish(3);
  }
}
