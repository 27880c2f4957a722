package dev.dartasync.junit;

import static dev.dartasync.Dart.scheduleMicrotask;

import dev.dartasync.Timer;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The README's Expect example, as written there: Expect registered beside a {@code @DartTest}. */
class ExpectInDartTestTest {

  @RegisterExtension final Expect ex = new Expect();

  @DartTest(timeout = 10)
  void microtasksFirst() {
    Timer.run(() -> ex.finish(3));
    scheduleMicrotask(() -> ex.expect(2));
    ex.expect(1);
  }
}
