package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.expectOutcome;
import static dev.dartasync.streams.StreamFutureSupport.microtaskStep;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.MultiStreamController;
import dev.dartasync.StateError;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream.multi and MultiStreamController (semantics §6.5; stream.dart _MultiStream,
 * stream_controller.dart _MultiStreamController: an async controller with addSync, addErrorSync
 * and closeSync).
 */
class StreamMultiTest {

  @RegisterExtension final Expect ex = new Expect();

  /** The controller of the latest listener. */
  private final AtomicReference<MultiStreamController<Integer>> latest = new AtomicReference<>();

  private DStream<Integer> capturing() {
    return DStream.multi(latest::set);
  }

  @Test
  @DisplayName("each listen gets its own controller, onListen runs inside listen, events go to that listener only")
  void controllerPerListener() {
    AtomicInteger listens = new AtomicInteger();
    Dart.run(
        () -> {
          DStream<Integer> s =
              DStream.multi(
                  c -> {
                    int n = listens.incrementAndGet();
                    c.add(n * 10);
                    c.close();
                  });
          expectOutcome(ex, s.toList(), List.of(10), 1);
          expectOutcome(ex, s.toList(), List.of(20), 2);
          ex.checkEquals(2, listens.get(), "onListen calls inside listen");
          ex.check(!s.isBroadcast(), "not broadcast");
          ex.check(DStream.multi(c -> {}, true).isBroadcast(), "isBroadcast: true");
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("addSync delivers inside the call; add waits for a microtask of its own")
  void addSyncVersusAdd() {
    Dart.run(
        () -> {
          capturing().listen(v -> ex.expect(v));
          MultiStreamController<Integer> c = latest.get();
          c.addSync(1);
          c.add(3);
          microtaskStep(ex, 4);
          ex.expect(2);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("events added with addSync inside onListen are buffered and delivered after listen")
  void addSyncInsideOnListenIsBuffered() {
    Dart.run(
        () -> {
          DStream.<Integer>multi(c -> c.addSync(2)).listen(v -> ex.expect(v));
          ex.expect(1);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("addErrorSync: delivered now with StackTrace.empty; closeSync: onCancel then onDone inside the call")
  void errorAndCloseSync() {
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          capturing()
              .listen(
                  v -> ex.expectUnreached(),
                  (BiConsumer<Throwable, dev.dartasync.StackTrace>)
                      (e, st) -> {
                        ex.checkSame(x, e, "error");
                        ex.checkSame(dev.dartasync.StackTrace.empty(), st, "stack trace");
                        ex.expect(1);
                      },
                  () -> ex.expect(3));
          MultiStreamController<Integer> c = latest.get();
          c.onCancel(() -> ex.expect(2));
          c.addErrorSync(x);
          c.closeSync();
          ex.check(c.isClosed() && !c.hasListener(), "closed, no listener");
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("after close, add and addSync throw 'Bad state: Cannot add event after closing'")
  void addAfterClose() {
    Dart.run(
        () -> {
          capturing().listen(v -> {});
          MultiStreamController<Integer> c = latest.get();
          c.close();
          c.closeSync(); // Already closed: nothing.
          for (Runnable add : List.<Runnable>of(() -> c.add(1), () -> c.addSync(1))) {
            expectThrows(ex, StateError.class, "Bad state: Cannot add event after closing", add);
          }
        });
  }

  @Test
  @DisplayName("after the listener cancelled, events are dropped; pause and resume reach the hooks")
  void cancelAndPauseHooks() {
    Dart.run(
        () -> {
          StreamSubscription<Integer> s = capturing().listen(v -> ex.expectUnreached());
          MultiStreamController<Integer> c = latest.get();
          c.onPause(() -> ex.expect(1)).onResume(() -> ex.expect(2));
          s.pause();
          ex.check(c.isPaused(), "paused");
          s.resume();
          s.cancel();
          ex.check(!c.hasListener(), "no listener");
          c.addSync(1);
          c.add(2);
          ex.expect(3);
        });
    ex.finish(4);
  }
}
