package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The controller's flags and its errors (§6.2). */
class ControllerStateTest {

  @Test
  @DisplayName("add/addError after close: Bad state: Cannot add event after closing")
  void addAfterClose() {
    // stream_controller.dart _badEventState: StateError("Cannot add event after closing").
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          DFuture<Void> done = c.close();
          StateError add = assertThrows(StateError.class, () -> c.add(1));
          assertEquals("Bad state: Cannot add event after closing", add.toString());
          StateError addError =
              assertThrows(StateError.class, () -> c.addError(new DartException("x")));
          assertEquals("Bad state: Cannot add event after closing", addError.toString());
          assertSame(done, c.close(), "close() again returns the done future, no error");
          assertSame(done, c.done());
        });
  }

  @Test
  @DisplayName("addError(null): Invalid argument(s) (error): Must not be null")
  void addErrorNull() {
    // stream_controller.dart addError: checkNotNullable(error, "error").
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          ArgumentError e = assertThrows(ArgumentError.class, () -> c.addError(null));
          assertEquals("Invalid argument(s) (error): Must not be null", e.toString());
        });
  }

  @Test
  @DisplayName("isPaused, hasListener, isClosed through the controller's life")
  void flags() {
    // stream_controller.dart: isPaused => hasListener ? _subscription._isInputPaused : !_isCanceled.
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          assertTrue(c.isPaused(), "isPaused before anyone listens");
          assertFalse(c.hasListener());
          StreamSubscription<Integer> s = c.stream().listen(v -> {});
          assertTrue(c.hasListener());
          assertFalse(c.isPaused());
          s.pause();
          assertTrue(c.isPaused());
          assertTrue(s.isPaused());
          s.resume();
          assertFalse(c.isPaused());
          c.close();
          assertTrue(c.isClosed(), "isClosed right after close()");
          assertTrue(c.hasListener(), "async: still subscribed until done is delivered");
          s.cancel();
          assertFalse(c.hasListener());
          assertFalse(c.isPaused(), "isPaused false after cancel");
          assertFalse(s.isPaused());
          s.pause();
          assertFalse(s.isPaused(), "pause after cancel is ignored");
        });
  }
}
