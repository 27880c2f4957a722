package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.junit.Expect;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code async*} generators: start, yield, errors, done (docs/semantics.md §3.4; the VM's
 * {@code _AsyncStarStreamController} in async_patch.dart).
 */
class AsyncStarTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("the body starts one microtask after listen, not at the call")
  void startsOneMicrotaskAfterListen() {
    // async_patch.dart: onListen -> scheduleGenerator() -> scheduleMicrotask(runBody).
    Dart.run(
        () -> {
          DStream<Integer> s = asyncStar(sink -> ex.expect(4));
          scheduleMicrotask(() -> ex.expect(3)); // queued before listen: runs first
          ex.expect(1);
          s.listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(5));
          ex.expect(2);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("worked example: main g1 got 1 m g2 got 2 g3 done")
  void yieldDeliversSynchronouslyThenCostsAMicrotask() {
    // dart-semantics §3.4 worked example: add() delivers to the sync controller's listener at
    // once; scheduleGenerator() queues the continuation behind 'm'.
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          DStream<Integer> gen =
              asyncStar(
                  sink -> {
                    log.add("g1");
                    sink.yield(1);
                    log.add("g2");
                    sink.yield(2);
                    log.add("g3");
                  });
          gen.listen(x -> log.add("got " + x), (Throwable e) -> log.add("error"),
              () -> log.add("done"));
          scheduleMicrotask(() -> log.add("m"));
          log.add("main");
        });
    ex.checkEquals(List.of("main", "g1", "got 1", "m", "g2", "got 2", "g3", "done"), log, "order");
  }

  @Test
  @DisplayName("an exception thrown by the body becomes an error event, then done")
  void thrownErrorBecomesErrorThenDone() {
    // async_patch.dart _handleException: addError(e, st) then close(); the controller is sync.
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          asyncStar(
                  sink -> {
                    sink.yield(1);
                    throw boom;
                  })
              .listen(
                  v -> ex.expect(1),
                  (Throwable e) -> {
                    ex.checkSame(boom, e, "error");
                    ex.expect(2);
                  },
                  () -> ex.expect(3));
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("await works inside the body; events follow the awaited completions")
  void awaitInsideTheBody() {
    Dart.run(
        () -> {
          Completer<String> c = new Completer<>();
          asyncStar(
                  (AsyncStarSink<String> sink) -> {
                    ex.expect(2);
                    sink.yield(await(c.future()));
                    ex.expect(5);
                  })
              .listen(v -> {
                ex.checkEquals("x", v, "value");
                ex.expect(4);
              }, (Throwable e) -> ex.expectUnreached(), () -> ex.expect(6));
          ex.expect(1);
          scheduleMicrotask(
              () -> {
                ex.expect(3);
                c.complete("x"); // the body resumes inside this completion and yields
              });
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("a second listen throws Bad state: Stream has already been listened to.")
  void singleSubscription() {
    Dart.run(
        () -> {
          DStream<Integer> s = asyncStar(sink -> sink.yield(1));
          s.listen(v -> ex.expect(2));
          try {
            s.listen(v -> ex.expectUnreached());
            ex.expectUnreached();
          } catch (StateError e) {
            ex.checkEquals("Bad state: Stream has already been listened to.", e.toString(), "text");
            ex.expect(1);
          }
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("yield outside the body's own stack is refused")
  void yieldOffTheBodyIsRefused() {
    Dart.run(
        () -> {
          @SuppressWarnings("unchecked")
          AsyncStarSink<Integer>[] escaped = new AsyncStarSink[1];
          asyncStar((AsyncStarSink<Integer> sink) -> escaped[0] = sink)
              .listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expectUnreached(),
                  () -> {
                    ex.expect(1);
                    try {
                      escaped[0].yield(1);
                      ex.expectUnreached();
                    } catch (IllegalStateException e) {
                      ex.expect(2);
                    }
                  });
        });
    ex.finish(3);
  }
}
