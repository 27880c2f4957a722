package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.NO_ELEMENT;
import static dev.dartasync.streams.StreamFutureSupport.TOO_MANY;
import static dev.dartasync.streams.StreamFutureSupport.errorText;
import static dev.dartasync.streams.StreamFutureSupport.expectOutcome;
import static dev.dartasync.streams.StreamFutureSupport.expectSameError;
import static dev.dartasync.streams.StreamFutureSupport.microtaskStep;
import static dev.dartasync.streams.StreamFutureSupport.row;
import static dev.dartasync.streams.StreamFutureSupport.syncSource;

import dev.dartasync.Completer;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StreamController;
import dev.dartasync.streams.StreamFutureSupport.Member;
import dev.dartasync.junit.Expect;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The future-returning members of Stream (semantics §6.6; sdk/lib/async/stream.dart, helpers in
 * stream_pipe.dart): their values, their texts on an empty stream, and their timing: each listens
 * with cancelOnError: true, and completes synchronously inside the deciding event (after the
 * source's onCancel) or inside the done event.
 */
class StreamFutureMembersTest {

  @RegisterExtension final Expect ex = new Expect();

  /** Every member on {@code [1, 2, 3]}. */
  static Stream<Arguments> onOneTwoThree() {
    return Stream.of(
        row("first", DStream::first, 1),
        row("last", DStream::last, 3),
        row("single", DStream::single, TOO_MANY),
        row("length", DStream::length, 3),
        row("isEmpty", DStream::isEmpty, false),
        row("toList", DStream::toList, List.of(1, 2, 3)),
        row("toSet", DStream::toSet, Set.of(1, 2, 3)),
        row("fold", s -> s.fold(10, Integer::sum), 16),
        row("reduce", s -> s.reduce(Integer::sum), 6),
        row("join()", DStream::join, "123"),
        row("join(sep)", s -> s.join(", "), "1, 2, 3"),
        row("drain()", DStream::drain, null),
        row("drain(value)", s -> s.drain("end"), "end"),
        row("forEach", s -> s.forEach(v -> {}), null));
  }

  /** Every member on an empty stream. */
  static Stream<Arguments> onEmpty() {
    return Stream.of(
        row("first", DStream::first, NO_ELEMENT),
        row("last", DStream::last, NO_ELEMENT),
        row("single", DStream::single, NO_ELEMENT),
        row("reduce", s -> s.reduce(Integer::sum), NO_ELEMENT),
        row("length", DStream::length, 0),
        row("isEmpty", DStream::isEmpty, true),
        row("toList", DStream::toList, List.of()),
        row("toSet", DStream::toSet, Set.of()),
        row("fold", s -> s.fold(10, Integer::sum), 10),
        row("join", s -> s.join(", "), ""),
        row("drain", DStream::drain, null),
        row("forEach", s -> s.forEach(v -> {}), null),
        row("contains", s -> s.contains(1), false),
        row("any", s -> s.any(v -> true), false),
        row("every", s -> s.every(v -> false), true),
        row("elementAt(0)", s -> s.elementAt(0),
            errorText("RangeError (index): Index out of range: no indices are valid: 0")),
        row("firstWhere", s -> s.firstWhere(v -> true), NO_ELEMENT),
        row("lastWhere", s -> s.lastWhere(v -> true), NO_ELEMENT),
        row("singleWhere", s -> s.singleWhere(v -> true), NO_ELEMENT));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("onOneTwoThree")
  @DisplayName("on fromIterable([1, 2, 3]): Dart's results and texts")
  void valuesOnData(Member member, Object outcome) {
    Dart.run(
        () ->
            expectOutcome(
                ex, member.call().apply(DStream.fromIterable(List.of(1, 2, 3))), outcome, 1));
    ex.finish(2);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("onEmpty")
  @DisplayName("on an empty stream: results at done, 'Bad state: No element' for those that need one")
  void valuesOnEmpty(Member member, Object outcome) {
    Dart.run(() -> expectOutcome(ex, member.call().apply(DStream.empty()), outcome, 1));
    ex.finish(2);
  }

  /** Every member, for the error test (the error comes first). */
  static Stream<Member> allMembers() {
    return Stream.concat(onOneTwoThree(), onEmpty()).map(a -> (Member) a.get()[0]);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allMembers")
  @DisplayName("an error event: the subscription is cancelled (onCancel), then the future fails with it, inside addError")
  void errorEventCancelsThenFails(Member member) {
    // stream.dart: every member listens with onError: future._completeError, cancelOnError: true;
    // stream_impl.dart _sendError cancels first (§6.1).
    DartException x = new DartException("x");
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectSameError(ex, member.call().apply(c.stream()), x, 3);
          ex.expect(1);
          c.addError(x);
          ex.check(!c.hasListener(), "cancelled");
          ex.expect(4);
        });
    ex.finish(5);
  }

  /** Members that decide at the first data event 7. */
  static Stream<Arguments> decideAtFirstEvent() {
    return Stream.of(
        row("first", DStream::first, 7),
        row("isEmpty", DStream::isEmpty, false),
        row("contains", s -> s.contains(7), true),
        row("any", s -> s.any(v -> v == 7), true),
        row("every", s -> s.every(v -> v != 7), false),
        row("elementAt(0)", s -> s.elementAt(0), 7),
        row("firstWhere", s -> s.firstWhere(v -> v == 7), 7));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decideAtFirstEvent")
  @DisplayName("a deciding data event: onCancel, then the result, synchronously inside add")
  void decidesInsideEvent(Member member, Object outcome) {
    // stream_pipe.dart _cancelAndValue: cancel() returned Future._nullFuture -> complete now.
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectOutcome(ex, member.call().apply(c.stream()), outcome, 3);
          ex.expect(1);
          c.add(7);
          ex.expect(4);
        });
    ex.finish(5);
  }

  /** Members that complete at done, after data event 7. */
  static Stream<Arguments> decideAtDone() {
    return Stream.of(
        row("last", DStream::last, 7),
        row("single", DStream::single, 7),
        row("length", DStream::length, 1),
        row("toList", DStream::toList, List.of(7)),
        row("fold", s -> s.fold(1, Integer::sum), 8),
        row("reduce", s -> s.reduce((a, b) -> -1), 7),
        row("join", s -> s.join(","), "7"),
        row("drain", s -> s.drain(1), 1),
        row("contains", s -> s.contains(8), false),
        row("any", s -> s.any(v -> false), false),
        row("every", s -> s.every(v -> true), true),
        row("lastWhere", s -> s.lastWhere(v -> true), 7),
        row("singleWhere", s -> s.singleWhere(v -> true), 7));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decideAtDone")
  @DisplayName("at done: onCancel, then the result, synchronously inside close")
  void completesInsideDone(Member member, Object outcome) {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectOutcome(ex, member.call().apply(c.stream()), outcome, 3);
          c.add(7);
          ex.expect(1);
          c.close();
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("Dart order: fromIterable([1, 2]).first completes before a microtask queued after it")
  void firstBeforeMicrotask() {
    // The first element is delivered in the microtask that listen queued; first completes in it.
    Dart.run(
        () -> {
          expectOutcome(ex, DStream.fromIterable(List.of(1, 2)).first(), 1, 1);
          microtaskStep(ex, 2);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("Dart order: fromIterable([1, 2]).toList completes after microtasks queued with it (1 m 2 done)")
  void toListAfterMicrotask() {
    Dart.run(
        () -> {
          expectOutcome(ex, DStream.fromIterable(List.of(1, 2)).toList(), List.of(1, 2), 3);
          microtaskStep(ex, 1);
          Dart.scheduleMicrotask(() -> microtaskStep(ex, 2));
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("a cancel future from onCancel: first completes only when it completes")
  void waitsForCancelFuture() {
    // stream_pipe.dart _cancelAndValue: cancelFuture.whenComplete(() => future._complete(value)).
    Dart.run(
        () -> {
          Completer<Void> cleanUp = new Completer<>();
          StreamController<Integer> c =
              StreamController.<Integer>sync()
                  .onCancel(
                      () -> {
                        ex.expect(2);
                        return cleanUp.future();
                      });
          expectOutcome(ex, c.stream().first(), 7, 4);
          ex.expect(1);
          c.add(7);
          ex.expect(3);
          cleanUp.complete();
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("fold: combine throwing cancels (onCancel) and fails the future with what it threw")
  void foldCombineThrows() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectSameError(
              ex,
              c.stream()
                  .fold(
                      0,
                      (a, b) -> {
                        throw boom;
                      }),
              boom,
              3);
          ex.expect(1);
          c.add(1);
          ex.check(!c.hasListener(), "cancelled");
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("reduce: one element completes with it without calling combine; the second calls it")
  void reduceCallsCombineFromSecond() {
    List<String> calls = new ArrayList<>();
    Dart.run(
        () ->
            expectOutcome(
                ex,
                DStream.fromIterable(List.of(5, 6))
                    .reduce(
                        (a, b) -> {
                          calls.add(a + "+" + b);
                          return a * b;
                        }),
                30,
                1));
    ex.finish(2);
    ex.checkEquals(List.of("5+6"), calls, "combine calls");
  }

  @Test
  @DisplayName("forEach: the action runs in each event; its throw cancels and fails the future")
  void forEachThrows() {
    DartException boom = new DartException("boom");
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 3);
          expectSameError(
              ex,
              c.stream()
                  .forEach(
                      v -> {
                        ex.expect(v);
                        if (v == 2) {
                          throw boom;
                        }
                      }),
              boom,
              4);
          c.add(1);
          c.add(2);
          c.add(3);
          ex.expect(5);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("single: the second element cancels and fails with 'Bad state: Too many elements' inside add")
  void singleTooMany() {
    Dart.run(
        () -> {
          StreamController<Integer> c = syncSource(ex, 2);
          expectOutcome(ex, c.stream().single(), TOO_MANY, 3);
          c.add(1);
          ex.expect(1);
          c.add(2);
          ex.expect(4);
        });
    ex.finish(5);
  }

  @Test
  @DisplayName("join: Dart texts of the elements (1.0 for a double), a throwing toString cancels and fails")
  void joinTexts() {
    DartException boom = new DartException("boom");
    Object bad =
        new Object() {
          @Override
          public String toString() {
            throw boom;
          }
        };
    Dart.run(
        () -> {
          // Both listen now; the second fails at its second element, before the first's done.
          expectOutcome(
              ex, DStream.fromIterable(List.<Object>of(1.0, "a", 2)).join("-"), "1.0-a-2", 2);
          expectSameError(ex, DStream.fromIterable(List.of("a", bad)).join(), boom, 1);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("toSet keeps the first occurrence, in order (Dart's default Set is a LinkedHashSet)")
  void toSetOrder() {
    Dart.run(
        () ->
            expectOutcome(
                ex,
                DStream.fromIterable(List.of(3, 1, 3, 2)).toSet().then(ArrayList::new),
                List.of(3, 1, 2),
                1));
    ex.finish(2);
  }

  @Test
  @DisplayName("the zone's errorCallback replaces 'No element' and a callback's throw")
  void errorCallbackReplaces() {
    DartException replacement = new DartException("replaced");
    dev.dartasync.ZoneSpecification spec =
        dev.dartasync.ZoneSpecification.builder()
            .errorCallback(
                (self, parent, zone, e, s) -> new dev.dartasync.AsyncError(replacement, s))
            .build();
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  expectSameError(ex, DStream.<Integer>empty().first(), replacement, 1);
                  expectSameError(
                      ex,
                      DStream.fromIterable(List.of(1))
                          .any(
                              v -> {
                                throw new DartException("thrown");
                              }),
                      replacement,
                      2);
                },
                spec));
    ex.finish(3);
  }
}
