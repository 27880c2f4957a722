package dev.dartasync.api;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.StateError;
import dev.dartasync.junit.DartTest;
import dev.dartasync.junit.Expect;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dart's {@code c.complete(null)} compiles and completes with the value null; following another
 * future is the explicit {@code completeWith(future)}, as {@code thenCompose} is for {@code then}.
 */
class CompleterNullTest {

  @RegisterExtension final Expect ex = new Expect();

  @DartTest
  @DisplayName("c.complete(null) compiles (no overload ambiguity) and completes with null")
  void completeNull() {
    for (Completer<Integer> c : List.of(new Completer<Integer>(), Completer.<Integer>sync())) {
      c.complete(null);
      assertNull(await(c.future()));
    }
  }

  @DartTest
  @DisplayName("completeWith(pending future): follows it, listeners run inside its completion")
  void completeWithFollows() {
    Completer<Integer> source = Completer.sync();
    Completer<Integer> c = new Completer<>();
    c.completeWith(source.future());
    c.future().thenAccept(v -> ex.expect(2));
    ex.expect(1);
    source.complete(7);
    ex.expect(3);
    assertEquals(7, await(c.future()));
    ex.finish(4);
  }

  @DartTest
  @DisplayName("completeWith(failing future): the error arrives; completing again is a Bad state")
  void completeWithError() {
    StateError boom = new StateError("boom");
    Completer<Integer> c = Completer.sync();
    c.completeWith(DFuture.error(boom));
    assertSame(boom, assertThrows(StateError.class, () -> await(c.future())));
    StateError again = assertThrows(StateError.class, () -> c.complete(null));
    assertEquals("Bad state: Future already completed", again.toString());
  }

  @DartTest
  @DisplayName("complete(value) never unwraps: a Completer<Object> given a DFuture keeps it as value")
  void completeNeverUnwraps() {
    Completer<Object> c = Completer.sync();
    DFuture<Integer> inner = DFuture.value(1);
    c.complete(inner);
    assertSame(inner, await(c.future()));
    await(inner);
  }

  @DartTest
  @DisplayName("completeWith(null): Dart's ArgumentError")
  void completeWithNull() {
    Completer<Integer> c = new Completer<>();
    ArgumentError e = assertThrows(ArgumentError.class, () -> c.completeWith(null));
    assertEquals("Invalid argument(s) (source): Must not be null", e.toString());
  }
}
