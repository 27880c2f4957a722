package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.addAll;
import static dev.dartasync.streams.OperatorTesting.record;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.testing.Log;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** handleError (stream_pipe.dart {@code _HandleErrorStream}; dart-semantics §6.6). */
class HandleErrorTest {

  private static final DartException X = new DartException("x");
  private static final DartException BOOM = new DartException("boom");
  private static final StackTrace X_TRACE = StackTrace.fromString("x trace");

  private final Log log = new Log();

  /** Runs a source of 1, the error X (with X_TRACE), 2 and done through {@code operator}. */
  private void run(Function<DStream<Integer>, DStream<Integer>> operator) {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          record(operator.apply(c.stream()), log);
          c.add(1);
          c.addError(X, X_TRACE);
          addAll(c, 2);
        });
  }

  @Test
  @DisplayName("the handler gets the error, which is removed; data and done go on")
  void handles() {
    run(s -> s.handleError((Throwable e) -> log.add("handled " + e)));
    log.assertOutput("1 handled Exception: x 2 done");
  }

  @Test
  @DisplayName("the two-argument handler gets the error's stack trace")
  void handlerGetsStackTrace() {
    run(
        s ->
            s.handleError(
                (Throwable e, StackTrace st) -> log.add("handled " + e + " at " + st)));
    log.assertOutput("1 handled Exception: x at x trace 2 done");
  }

  @Test
  @DisplayName("test: only matching errors are handled, others reach the listener")
  void test() {
    Consumer<Throwable> handler = e -> log.add("handled " + e);
    run(s -> s.handleError(handler, e -> e != X));
    run(s -> s.handleError(handler, e -> e == X));
    log.assertOutput("1 error Exception: x 2 done 1 handled Exception: x 2 done");
  }

  @Test
  @DisplayName("a throwing test: its error is the event, the original error is gone")
  void throwingTest() {
    Predicate<Throwable> throwing =
        e -> {
          throw BOOM;
        };
    run(s -> s.handleError((Throwable e) -> log.add("handled"), throwing));
    log.assertOutput("1 error Exception: boom 2 done");
  }

  @Test
  @DisplayName("a handler throwing a new error: that error is the event")
  void handlerThrowsNewError() {
    run(
        s ->
            s.handleError(
                (Throwable e) -> {
                  throw BOOM;
                }));
    log.assertOutput("1 error Exception: boom 2 done");
  }

  @Test
  @DisplayName("a handler rethrowing the same error: passed on with its original stack trace")
  void handlerRethrows() {
    // _HandleErrorStream._handleError: identical(e, error) -> sink._addError(error, stackTrace).
    BiConsumer<Throwable, StackTrace> rethrow =
        (e, st) -> {
          throw (DartException) e;
        };
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream()
              .handleError(rethrow)
              .listen(
                  v -> {},
                  (Throwable e, StackTrace st) -> {
                    assertSame(X, e);
                    assertSame(X_TRACE, st);
                    log.add("got it");
                  });
          c.addError(X, X_TRACE);
        });
    log.assertOutput("got it");
  }
}
