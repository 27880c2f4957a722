package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;
import static dev.dartasync.streams.StreamFutureSupport.NO_ELEMENT;
import static dev.dartasync.streams.StreamFutureSupport.TOO_MANY;
import static dev.dartasync.streams.StreamFutureSupport.errorText;
import static dev.dartasync.streams.StreamFutureSupport.expectOutcome;
import static dev.dartasync.streams.StreamFutureSupport.expectSameError;
import static dev.dartasync.streams.StreamFutureSupport.member;
import static dev.dartasync.streams.StreamFutureSupport.row;
import static dev.dartasync.streams.StreamFutureSupport.syncSource;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.RangeError;
import dev.dartasync.StreamController;
import dev.dartasync.streams.StreamFutureSupport.Member;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The searching members of Stream (semantics §6.6; stream.dart contains, any, every, elementAt,
 * firstWhere, lastWhere, singleWhere): results on [1, 2, 3, 2], orElse, Dart's texts, and a test
 * that throws (stream_pipe.dart _runUserCode + _cancelAndErrorClosure).
 */
class StreamSearchTest {

  @RegisterExtension final Expect ex = new Expect();

  private static final DartException BOOM = new DartException("boom");

  static Stream<Arguments> onOneTwoThreeTwo() {
    return Stream.of(
        row("contains(2)", s -> s.contains(2), true),
        row("contains(5)", s -> s.contains(5), false),
        row("contains(null)", s -> s.contains(null), false),
        row("any(> 2)", s -> s.any(v -> v > 2), true),
        row("any(> 3)", s -> s.any(v -> v > 3), false),
        row("every(> 0)", s -> s.every(v -> v > 0), true),
        row("every(< 3)", s -> s.every(v -> v < 3), false),
        row("elementAt(2)", s -> s.elementAt(2), 3),
        row("elementAt(4)", s -> s.elementAt(4),
            errorText("RangeError (index): Index out of range: index should be less than 4: 4")),
        row("elementAt(9)", s -> s.elementAt(9),
            errorText("RangeError (index): Index out of range: index should be less than 4: 9")),
        row("firstWhere(> 1)", s -> s.firstWhere(v -> v > 1), 2),
        row("firstWhere(> 5)", s -> s.firstWhere(v -> v > 5), NO_ELEMENT),
        row("firstWhere(> 5, orElse)", s -> s.firstWhere(v -> v > 5, () -> -1), -1),
        row("lastWhere(< 3)", s -> s.lastWhere(v -> v < 3), 2),
        row("lastWhere(> 5)", s -> s.lastWhere(v -> v > 5), NO_ELEMENT),
        row("lastWhere(> 5, orElse)", s -> s.lastWhere(v -> v > 5, () -> -1), -1),
        row("singleWhere(== 3)", s -> s.singleWhere(v -> v == 3), 3),
        row("singleWhere(== 2)", s -> s.singleWhere(v -> v == 2), TOO_MANY),
        row("singleWhere(== 2, orElse)", s -> s.singleWhere(v -> v == 2, () -> -1), TOO_MANY),
        row("singleWhere(> 5)", s -> s.singleWhere(v -> v > 5), NO_ELEMENT),
        row("singleWhere(> 5, orElse)", s -> s.singleWhere(v -> v > 5, () -> -1), -1),
        row("firstWhere orElse throws", s -> s.firstWhere(v -> false, () -> {
          throw BOOM;
        }), errorText("Exception: boom")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("onOneTwoThreeTwo")
  @DisplayName("on fromIterable([1, 2, 3, 2]): Dart's results and texts")
  void results(Member member, Object outcome) {
    Dart.run(
        () ->
            expectOutcome(
                ex, member.call().apply(DStream.fromIterable(List.of(1, 2, 3, 2))), outcome, 1));
    ex.finish(2);
  }

  /** The members that take a test, each given a test that throws at element 2. */
  static Stream<Member> withThrowingTest() {
    Predicate<Integer> test =
        v -> {
          if (v == 2) {
            throw BOOM;
          }
          return false;
        };
    return Stream.of(
        member("any", s -> s.any(test)),
        member("every", s -> s.every(test.negate())),
        member("firstWhere", s -> s.firstWhere(test)),
        member("lastWhere", s -> s.lastWhere(test, () -> 0)),
        member("singleWhere", s -> s.singleWhere(test)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("withThrowingTest")
  @DisplayName("a test that throws: onCancel, then the future fails with the throw, inside add")
  void throwingTestCancelsThenFails(Member member) {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectSameError(ex, member.call().apply(c.stream()), BOOM, 3);
          c.add(1);
          ex.expect(1);
          c.add(2);
          ex.check(!c.hasListener(), "cancelled");
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("elementAt(-1) throws the RangeError at the call, without listening")
  void elementAtNegative() {
    Dart.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          expectThrows(
              ex,
              RangeError.class,
              "RangeError (index): Invalid value: Not greater than or equal to 0: -1",
              () -> c.stream().elementAt(-1));
          ex.expect(1);
          ex.check(!c.hasListener(), "not listened");
          c.stream().listen(v -> {}); // Still listenable: elementAt never listened.
        });
    ex.finish(2);
  }

  @Test
  @DisplayName("elementAt beyond the end fails with an empty stack trace (stream.dart: StackTrace.empty)")
  void elementAtEmptyStack() {
    Dart.run(
        () ->
            DStream.fromIterable(List.of(1))
                .elementAt(1)
                .catchErrorAccept(
                    (e, st) -> {
                      ex.checkSame(dev.dartasync.StackTrace.empty(), st, "stack trace");
                      ex.expect(1);
                    }));
    ex.finish(2);
  }

  @Test
  @DisplayName("lastWhere: orElse is not called when something matched; runs at done otherwise")
  void orElseOnlyAtDoneWithoutMatch() {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectOutcome(
              ex,
              c.stream()
                  .lastWhere(
                      v -> v > 5,
                      () -> {
                        ex.expect(3);
                        return 0;
                      }),
              0,
              4);
          c.add(1);
          ex.expect(1);
          c.close();
          ex.expect(5);
        });
    ex.finish(6);
  }
}
