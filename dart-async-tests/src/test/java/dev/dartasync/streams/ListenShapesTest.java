package dev.dartasync.streams;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The listen forms Dart's named arguments allow, without casts (stream.dart {@code listen(onData,
 * {onError, onDone, cancelOnError})}: any of the named ones may be left out), and a controller's
 * {@code sync:} flag given at run time ({@code StreamController({..., bool sync = false})}).
 */
class ListenShapesTest {

  @RegisterExtension final Expect ex = new Expect();

  private static final DartException FAILURE = new DartException("x");

  @Test
  @DisplayName("listen(onData, onDone): no error handler, so an error is uncaught; done still runs")
  void dataAndDone() {
    Dart.run(
        () ->
            Dart.runZonedGuarded(
                () -> {
                  StreamController<Integer> c = StreamController.sync();
                  c.stream().listen(v -> ex.expect(1), () -> ex.expect(3));
                  c.add(1);
                  c.addError(FAILURE); // uncaught: to the zone's handler, step 2
                  c.close();
                },
                (e, st) -> {
                  ex.checkSame(FAILURE, e, "uncaught error");
                  ex.expect(2);
                }));
    ex.finish(4);
  }

  @Test
  @DisplayName("listen(onData, onDone, cancelOnError: true): an error cancels, done does not run")
  void dataDoneCancelOnError() {
    Dart.run(
        () ->
            Dart.runZonedGuarded(
                () -> {
                  StreamController<Integer> c =
                      StreamController.<Integer>sync().onCancel(() -> ex.expect(2));
                  c.stream().listen(v -> ex.expect(1), () -> ex.expectUnreached(), true);
                  c.add(1);
                  c.addError(FAILURE); // cancel first (2), then uncaught (3)
                  c.add(2); // dropped: cancelled
                },
                (e, st) -> ex.expect(3)));
    ex.finish(4);
  }

  @Test
  @DisplayName("listen(onData, cancelOnError: true)")
  void dataCancelOnError() {
    Dart.run(
        () ->
            Dart.runZonedGuarded(
                () -> {
                  StreamController<Integer> c =
                      StreamController.<Integer>sync().onCancel(() -> ex.expect(1));
                  c.stream().listen(v -> ex.expectUnreached(), true);
                  c.addError(FAILURE);
                  c.add(1);
                },
                (e, st) -> ex.expect(2)));
    ex.finish(3);
  }

  @Test
  @DisplayName("listen(onData, onError, cancelOnError: true), both onError shapes, without onDone")
  void dataErrorCancelOnError() {
    Dart.run(
        () -> {
          StreamController<Integer> one =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(1));
          one.stream().listen(v -> ex.expectUnreached(), (Throwable e) -> ex.expect(2), true);
          one.addError(FAILURE);
          one.add(1);
          StreamController<Integer> two =
              StreamController.<Integer>sync().onCancel(() -> ex.expect(3));
          two.stream()
              .listen(
                  v -> ex.expectUnreached(),
                  (Throwable e, StackTrace st) -> {
                    ex.check(st != null, "a stack trace");
                    ex.expect(4);
                  },
                  true);
          two.addError(FAILURE);
          two.add(1);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("new StreamController(sync): true delivers inside add, false in a microtask")
  void syncFlagAtRunTime() {
    Dart.run(
        () -> {
          for (boolean sync : new boolean[] {true, false}) {
            StreamController<Integer> c = new StreamController<>(sync);
            int base = sync ? 0 : 2;
            c.stream().listen(v -> ex.expect(base + (sync ? 1 : 2)));
            c.add(1);
            ex.expect(base + (sync ? 2 : 1));
          }
        });
    // sync: 1 (data inside add), 2; async: 3 (after add), 4 (data, a microtask later)
    ex.finish(5);
  }

  @Test
  @DisplayName("new StreamController(onListen, onPause, onResume, onCancel, sync): hooks and flag")
  void hooksAndSyncFlag() {
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<>(
                  () -> ex.expect(1), () -> ex.expect(3), null, () -> ex.expect(4), true);
          var s = c.stream().listen(v -> ex.expect(2));
          c.add(1);
          s.pause();
          s.cancel();
          ex.expect(5);
        });
    ex.finish(6);
  }
}
