package dev.dartasync.streams;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** StreamController(sync: true): delivery inside add, except re-entrant or paused (§6.2, §9.6). */
class SyncControllerTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("sync controller delivers inside add()")
  void deliversInsideAdd() {
    // stream_controller.dart _SyncStreamControllerDispatch._sendData: _subscription._add(data).
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream().listen(v -> ex.expect(2));
          ex.expect(1);
          c.add(1);
          ex.expect(3);
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("close ordering: 1 onCancel onDone after-close closed")
  void closeOrdering() {
    // dart-semantics §6.8 worked example: onCancel and onDone run inside close(); the done
    // future completes one microtask later (_recordCancel -> doneFuture._asyncComplete(null)).
    Dart.run(
        () -> {
          StreamController<Integer> c =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(2));
          c.stream().listen(v -> ex.expect(1), (Throwable e) -> ex.expectUnreached(),
              () -> ex.expect(3));
          c.add(1);
          c.close().thenAccept(v -> ex.expect(5));
          ex.expect(4);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("re-entrant add from the listener is delayed to a microtask")
  void reentrantAddIsBuffered() {
    // stream_impl.dart _add: !_canFire while IN_CALLBACK, so the event goes to _addPending.
    Dart.run(
        () -> {
          StreamController<Integer> c = StreamController.sync();
          c.stream()
              .listen(
                  v -> {
                    if (v == 1) {
                      ex.expect(1);
                      c.add(2);
                      ex.expect(2);
                    } else {
                      ex.expect(5);
                    }
                  });
          c.add(1);
          ex.expect(3);
          scheduleMicrotask(() -> ex.expect(6)); // After the buffered 2's microtask.
          ex.expect(4);
        });
    ex.finish(7);
  }

  @Test
  @DisplayName("sync add while paused is buffered and delivered after resume, in a microtask")
  void addWhilePausedIsBuffered() {
    // stream_impl.dart _add: a paused subscription cannot fire; resume() schedules the buffer.
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          StreamController<Integer> c =
              StreamController.<Integer>sync().onResume(() -> ex.expect(5));
          sub.set(c.stream().listen(v -> ex.expect(4)));
          sub.get().pause();
          c.add(1);
          ex.expect(1);
          sub.get().resume(); // Schedules delivery; the input stays paused until it is done.
          ex.expect(2);
          scheduleMicrotask(() -> ex.expect(6));
          ex.expect(3);
        });
    ex.finish(7);
  }
}
