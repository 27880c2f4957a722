package dev.dartasync.streams;

import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.AsyncStarSink;
import dev.dartasync.Dart;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A paused subscription holds the {@code async*} body at its yield (docs/semantics.md §3.4;
 * async_patch.dart {@code scheduleGenerator} does nothing while {@code controller.isPaused},
 * {@code onResume} reschedules; SDK tests/language/async_star/pause_test.dart).
 */
class AsyncStarPauseTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("pause in onData holds the body at its yield until resume, then one microtask")
  void pauseHoldsTheBodyAtItsYield() {
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              asyncStar(
                      (AsyncStarSink<Integer> sink) -> {
                        sink.yield(1);
                        ex.expect(4); // only after resume, in the microtask it scheduled
                        sink.yield(2);
                      })
                  .listen(
                      v -> {
                        if (v == 1) {
                          ex.expect(1);
                          sub.get().pause();
                          // Two microtasks later: the body did not move meanwhile.
                          scheduleMicrotask(
                              () ->
                                  scheduleMicrotask(
                                      () -> {
                                        ex.expect(2);
                                        sub.get().resume(); // onResume -> scheduleGenerator
                                        scheduleMicrotask(() -> ex.expect(6)); // queued behind the body
                                        ex.expect(3);
                                      }));
                        } else {
                          ex.expect(5);
                        }
                      },
                      (Throwable e) -> ex.expectUnreached(),
                      () -> ex.expect(7)));
        });
    ex.finish(8);
  }

  @Test
  @DisplayName("SDK pause_test: 0- 0? 0! 0+ 1- 1? 1! 1+ 2- 2? 2! 2+ with await for")
  void awaitForConsumerPausesTheGenerator() {
    // dart-semantics §3.4: the generator logs "$i-" before yield and "$i+" after; the await-for
    // body logs "$i?", awaits a microtask, logs "$i!". The iterator's pause holds the generator.
    StringBuilder log = new StringBuilder();
    Dart.run(
        () -> {
          var gen =
              asyncStar(
                  (AsyncStarSink<Integer> sink) -> {
                    for (int i = 0; i < 3; i++) {
                      log.append(i).append("- ");
                      sink.yield(i);
                      log.append(i).append("+ ");
                    }
                  });
          Dart.awaitFor(
              gen,
              i -> {
                log.append(i).append("? ");
                Dart.await(dev.dartasync.DFuture.microtask(() -> null));
                log.append(i).append("! ");
                return true;
              });
        });
    ex.checkEquals("0- 0? 0! 0+ 1- 1? 1! 1+ 2- 2? 2! 2+ ", log.toString(), "log");
  }
}
