package dev.dartasync.interop;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code DStream.fromIterable} over a Java {@link Iterator} and a Java {@link Stream}: Dart's
 * {@code Stream.fromIterable} delivery (stream.dart: one element per microtask through {@code
 * Stream.multi}, then done), single-subscription because the source can be walked once, and the
 * Java stream closed when the subscription ends.
 */
@Timeout(30)
class FromJavaSourcesTest {

  private final List<String> log = new ArrayList<>();

  private void print(Object line) {
    log.add(String.valueOf(line));
  }

  @Test
  @DisplayName("an iterator: one element per microtask (1 m1 2 m2 done), then toList is a Java list")
  void iteratorOrder() {
    Dart.run(
        () -> {
          DStream.fromIterable(List.of(1, 2).iterator())
              .listen(
                  v -> {
                    print(v);
                    Dart.scheduleMicrotask(() -> print("m" + v));
                  },
                  (Throwable e, dev.dartasync.StackTrace st) -> print("error " + e),
                  () -> print("done"),
                  false);
          List<Integer> all = await(DStream.fromIterable(List.of(3, 4, 5).iterator()).toList());
          print(all);
        });
    assertEquals(List.of("1", "m1", "2", "m2", "done", "[3, 4, 5]"), log);
  }

  @Test
  @DisplayName("an iterator or a Java stream can be listened to once: then Dart's Bad state text")
  void listenedOnce() {
    Dart.run(
        () -> {
          DStream<Integer> fromIterator = DStream.fromIterable(List.of(1).iterator());
          DStream<Integer> fromStream = DStream.fromIterable(Stream.of(1));
          for (DStream<Integer> s : List.of(fromIterator, fromStream)) {
            s.listen(v -> {});
            try {
              s.listen(v -> {});
              print("listened twice");
            } catch (StateError e) {
              print(e.toString());
            }
          }
        });
    assertEquals(
        List.of(
            "Bad state: Stream has already been listened to.",
            "Bad state: Stream has already been listened to."),
        log);
  }

  @Test
  @DisplayName("a Java stream: nothing pulled before listen; closed before onDone after the last")
  void javaStreamLazyAndClosedOnDone() {
    Dart.run(
        () -> {
          Stream<Integer> source =
              Stream.of(1, 2).peek(v -> print("pull " + v)).onClose(() -> print("closed"));
          DStream<Integer> s = DStream.fromIterable(source);
          print("created");
          s.listen(
              v -> print("got " + v),
              (Throwable e, dev.dartasync.StackTrace st) -> print("error " + e),
              () -> print("done"),
              false);
          print("listened");
        });
    // Dart: on done, the controller's onCancel runs before the listener's onDone.
    assertEquals(
        List.of("created", "listened", "pull 1", "got 1", "pull 2", "got 2", "closed", "done"),
        log);
  }

  @Test
  @DisplayName("a Java stream is closed when the subscription is cancelled early (first, take)")
  void javaStreamClosedOnCancel() {
    Dart.run(
        () -> {
          Stream<Integer> source = Stream.iterate(1, v -> v + 1).onClose(() -> print("closed"));
          int first = await(DStream.fromIterable(source).first());
          print("first " + first);
        });
    assertEquals(List.of("closed", "first 1"), log);
  }

  @Test
  @DisplayName("a failing Java stream: the error event, then done, and the stream is closed")
  void javaStreamError() {
    Dart.run(
        () -> {
          Stream<Integer> source =
              Stream.of(1, 2)
                  .map(
                      v -> {
                        if (v == 2) {
                          throw new IllegalStateException("bad element");
                        }
                        return v;
                      })
                  .onClose(() -> print("closed"));
          DStream.fromIterable(source)
              .listen(
                  v -> print("got " + v),
                  (Throwable e, dev.dartasync.StackTrace st) -> print("error " + e.getMessage()),
                  () -> print("done"),
                  false);
        });
    assertEquals(List.of("got 1", "error bad element", "closed", "done"), log);
  }
}
