package dev.dartasync.streams;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.junit.Expect;
import java.util.function.Function;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Shared steps of the tests of the future-returning stream members, {@code Stream.fromFutures},
 * {@code Stream.multi} and {@code Stream.periodic}: the future's outcome as a numbered step, and a
 * sync source whose {@code onCancel} is a numbered step.
 */
final class StreamFutureSupport {
  private StreamFutureSupport() {}

  /** A member under test: a name for the report and what it does to a stream. */
  record Member(String name, Function<DStream<Integer>, DFuture<?>> call) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Member member(String name, Function<DStream<Integer>, DFuture<?>> call) {
    return new Member(name, call);
  }

  /** A parameter row: the member and what its future must complete with. */
  static Arguments row(String name, Function<DStream<Integer>, DFuture<?>> call, Object outcome) {
    return Arguments.of(member(name, call), outcome);
  }

  /**
   * {@code outcome} is a value the future must complete with at {@code step}, or an {@link
   * ErrorText} it must fail with.
   */
  static void expectOutcome(Expect ex, DFuture<?> future, Object outcome, int step) {
    if (outcome instanceof ErrorText text) {
      expectError(ex, future, text.text(), step);
    } else {
      expectValue(ex, future, outcome, step);
    }
  }

  /** The future must complete with {@code expected} (by equals), as step {@code step}. */
  static void expectValue(Expect ex, DFuture<?> future, Object expected, int step) {
    future.thenAccept(
        value -> {
          ex.checkEquals(expected, value, "value");
          ex.expect(step);
        },
        error -> ex.check(false, "unexpected error " + Dart.str(error)));
  }

  /** The future must fail with an error whose Dart text is {@code text}, as step {@code step}. */
  static void expectError(Expect ex, DFuture<?> future, String text, int step) {
    future.thenAccept(
        value -> ex.check(false, "unexpected value " + Dart.str(value)),
        error -> {
          ex.checkEquals(text, Dart.str(error), "error text");
          ex.expect(step);
        });
  }

  /** The future must fail with exactly {@code error}, as step {@code step}. */
  static void expectSameError(Expect ex, DFuture<?> future, Throwable error, int step) {
    future.thenAccept(
        value -> ex.check(false, "unexpected value " + Dart.str(value)),
        e -> {
          ex.checkSame(error, e, "error");
          ex.expect(step);
        });
  }

  /** A sync controller whose {@code onCancel} is step {@code cancelStep}. */
  static StreamController<Integer> syncSource(Expect ex, int cancelStep) {
    return StreamController.<Integer>sync().onCancel(() -> ex.expect(cancelStep));
  }

  /** Dart's {@code scheduleMicrotask(() => step)}: the "m" of the order tests. */
  static void microtaskStep(Expect ex, int step) {
    Dart.scheduleMicrotask(() -> ex.expect(step));
  }

  /**
   * {@code call} must throw a {@code type} whose text is {@code text} (a synchronous argument or
   * state check); returns normally then.
   */
  static void expectThrows(Expect ex, Class<? extends Throwable> type, String text, Runnable call) {
    try {
      call.run();
    } catch (Throwable e) {
      ex.check(type.isInstance(e), "thrown type " + e.getClass().getName());
      ex.checkEquals(text, e.toString(), "text");
      return;
    }
    ex.expectUnreached();
  }

  /** An expected error, by its Dart text. */
  record ErrorText(String text) {}

  static ErrorText errorText(String text) {
    return new ErrorText(text);
  }

  static final ErrorText NO_ELEMENT = errorText("Bad state: No element");
  static final ErrorText TOO_MANY = errorText("Bad state: Too many elements");
}
