package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.UnsupportedError;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stream.asBroadcastStream (stream_impl.dart _AsBroadcastStream; dart-semantics §6.4). */
class AsBroadcastStreamTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("the source is listened to inside the first listen only, not at asBroadcastStream()")
  void sourceListenedOnFirstListen() {
    // _AsBroadcastStream.listen: `_subscription ??= _source.listen(...)` before subscribing.
    Dart.run(
        () -> {
          StreamController<Integer> source =
              new StreamController<Integer>().onListen(() -> ex.expect(2));
          DStream<Integer> broadcast = source.stream().asBroadcastStream();
          ex.check(broadcast.isBroadcast(), "isBroadcast");
          ex.expect(1);
          broadcast.listen(v -> {});
          ex.expect(3);
          broadcast.listen(v -> {}); // a second source listen would throw "already listened to"
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("each source event reaches every listener synchronously: A1 B1 A2 B2 A3 B3")
  void forwardsToAllListeners() {
    // _AsBroadcastStreamController extends _SyncBroadcastStreamController: the source's onData is
    // controller.add, which fires to all listeners in subscription order.
    Dart.run(
        () -> {
          DStream<Integer> numbers = DStream.fromIterable(List.of(1, 2, 3)).asBroadcastStream();
          numbers.listen(v -> ex.expect(2 * v - 1)); // A: 1, 3, 5
          numbers.listen(v -> ex.expect(2 * v)); // B: 2, 4, 6
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("no onCancel: the source stays listened to after the last cancel; a new listener gets later events")
  void sourceStaysListened() {
    // _AsBroadcastStream._onCancel: the source is cancelled only when `shutdown` (controller
    // closed or gone); otherwise events arriving without listeners are dropped.
    Dart.run(
        () -> {
          int[] listens = new int[1];
          StreamController<Integer> source =
              StreamController.<Integer>sync()
                  .onListen(() -> listens[0]++)
                  .onCancel(() -> ex.expectUnreached());
          DStream<Integer> broadcast = source.stream().asBroadcastStream();
          StreamSubscription<Integer> a = broadcast.listen(v -> ex.expect(1));
          source.add(1);
          a.cancel();
          source.add(2); // nobody listens: dropped
          broadcast.listen(v -> ex.checkEquals(3, v, "only the later event"));
          source.add(3);
          ex.checkEquals(1, listens[0], "one source listen");
          ex.expect(2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("onListen/onCancel get a handle; cancel through it cancels the source, later listens get done")
  void cancelThroughHandle() {
    // _BroadcastSubscriptionWrapper.cancel -> _AsBroadcastStream._cancelSubscription: the source
    // is cancelled and `_controller = null`, so listen returns a _DoneStreamSubscription.
    Dart.run(
        () -> {
          StreamController<Integer> source =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(3));
          DStream<Integer> broadcast =
              source
                  .stream()
                  .asBroadcastStream(
                      handle -> ex.expect(1),
                      handle -> {
                        ex.expect(2);
                        handle.cancel();
                        ex.expect(4);
                      });
          broadcast.listen(v -> {}).cancel();
          broadcast.listen(v -> ex.expectUnreached(), (Throwable e) -> {}, () -> ex.expect(7));
          scheduleMicrotask(() -> ex.expect(8));
          ex.check(!source.hasListener(), "source cancelled");
          ex.expect(5);
          ex.check(broadcast.isBroadcast(), "still broadcast");
          ex.expect(6);
        });
    ex.finish(9);
  }

  @Test
  @DisplayName("the handle pauses and resumes the source; replacing handlers throws Dart's text")
  void handlePauseAndHandlers() {
    // _BroadcastSubscriptionWrapper: pause/resume/isPaused forward to the source subscription;
    // onData/onError/onDone/asFuture throw UnsupportedError.
    String text =
        "Unsupported operation: Cannot change handlers of asBroadcastStream source subscription.";
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> handle = new AtomicReference<>();
          StreamController<Integer> source =
              StreamController.<Integer>sync()
                  .onPause(() -> ex.expect(1))
                  .onResume(() -> ex.expect(2));
          DStream<Integer> broadcast =
              source.stream().asBroadcastStream(h -> handle.set(h), null);
          broadcast.listen(v -> ex.expect(4));
          StreamSubscription<Integer> h = handle.get();
          assertEquals(text, assertThrows(UnsupportedError.class, () -> h.onData(v -> {})).toString());
          assertEquals(
              text, assertThrows(UnsupportedError.class, () -> h.onError((Throwable e) -> {})).toString());
          assertEquals(text, assertThrows(UnsupportedError.class, () -> h.onDone(null)).toString());
          assertEquals(text, assertThrows(UnsupportedError.class, () -> h.asFuture()).toString());
          h.pause();
          ex.check(h.isPaused() && source.isPaused(), "source paused");
          h.resume();
          ex.check(!h.isPaused(), "resumed");
          ex.expect(3);
          source.add(1);
          ex.expect(5);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("after the source's done, a listen gets only done, in a microtask")
  void listenAfterSourceDone() {
    // _AsBroadcastStream.listen: `controller.isClosed` -> _DoneStreamSubscription; the source's
    // onDone is controller.close, which sends done to the current listeners.
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.sync();
          DStream<Integer> broadcast = source.stream().asBroadcastStream();
          broadcast.listen(v -> {}, (Throwable e) -> {}, () -> ex.expect(1));
          source.close();
          broadcast.listen(v -> ex.expectUnreached(), (Throwable e) -> {}, () -> ex.expect(3));
          ex.expect(2);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("source errors reach every listener, synchronously, in subscription order")
  void sourceErrorsReachEveryListener() {
    // The source's onError is controller.addError: _sendError -> _forEachListener(_addError).
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> source = StreamController.sync();
          DStream<Integer> broadcast = source.stream().asBroadcastStream();
          broadcast.listen(v -> ex.expectUnreached(), (Throwable e) -> {
            ex.checkSame(x, e, "A's error");
            ex.expect(1);
          });
          broadcast.listen(v -> ex.expectUnreached(), (Throwable e) -> {
            ex.checkSame(x, e, "B's error");
            ex.expect(2);
          });
          source.addError(x);
          ex.expect(3);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("an event the source sends while one is being delivered waits for it, no StateError")
  void reentrantSourceEventIsQueued() {
    // _AsBroadcastStreamController.add/addError/close while _isFiring: _addPendingEvent, then
    // _flushPending after the current event. A source built on a buffering subscription never
    // re-enters (it buffers inside its own callback), so this source calls onData directly.
    Dart.run(
        () -> {
          AtomicReference<Consumer<? super Integer>> emit = new AtomicReference<>();
          AtomicReference<Runnable> done = new AtomicReference<>();
          DStream<Integer> raw =
              new DStream<>() {
                @Override
                public StreamSubscription<Integer> listen(
                    Consumer<? super Integer> onData,
                    BiConsumer<? super Throwable, ? super StackTrace> onError,
                    Runnable onDone,
                    boolean cancelOnError) {
                  emit.set(onData);
                  done.set(onDone);
                  return DStream.<Integer>empty().listen(null);
                }
              };
          DStream<Integer> broadcast = raw.asBroadcastStream();
          broadcast.listen(
              v -> {
                if (v == 1) {
                  ex.expect(1);
                  emit.get().accept(2); // re-entrant: queued
                  done.get().run(); // re-entrant close: queued after 2
                  ex.expect(2);
                } else {
                  ex.expect(4);
                }
              },
              (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(6));
          broadcast.listen(v -> ex.expect(v == 1 ? 3 : 5));
          emit.get().accept(1);
          ex.expect(7);
        });
    ex.finish(8);
  }
}
