package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.ZoneSpecification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What a zone sees registered while a stream is listened to in it: every registration, in order,
 * for each listen shape and for each operator's internal listens, against the counts read off
 * Dart's source. {@code r1} is {@code registerUnaryCallback}, {@code r2} {@code
 * registerBinaryCallback}, {@code r0} {@code registerCallback}.
 *
 * <p>The rules the counts come from (sdk/lib/async):
 *
 * <ul>
 *   <li>stream_impl.dart {@code _BufferingStreamSubscription}: the constructor calls {@code
 *       _registerDataHandler} ({@code registerUnaryCallback(handleData ?? _nullDataHandler)}: a
 *       null data handler is registered too), {@code _registerErrorHandler} (null: {@code
 *       _nullErrorHandler}, a two-argument function, so binary; a one-argument handler: unary)
 *       and {@code _registerDoneHandler} ({@code registerCallback(handleDone ??
 *       _nullDoneHandler)}); {@code onData}/{@code onError}/{@code onDone} register again. Every
 *       controller subscription (single and broadcast) is one of these.
 *   <li>stream_impl.dart {@code _DoneStreamSubscription} ({@code Stream.empty()}): registers only
 *       a done handler that was given.
 *   <li>stream_pipe.dart {@code _ForwardingStreamSubscription}: its own three (super constructor),
 *       then {@code _source.listen(_handleData, onError: _handleError, onDone: _handleDone)}:
 *       three more ({@code _handleError} takes error and stack trace: binary).
 *   <li>stream.dart {@code asyncMap}/{@code asyncExpand}: the controller subscription's three, then
 *       in {@code onListen} {@code this.listen(null, onError: controller._addError, onDone:
 *       controller.close)} (three) and {@code subscription.onData(...)} (one).
 *   <li>stream.dart {@code timeout}: the controller subscription's three, then {@code
 *       this.listen(null)} (three) and {@code onData}, {@code onError} (binary), {@code onDone}.
 *       Its timer is made in the zone of the {@code timeout} call (here the root: no
 *       registration).
 *   <li>stream.dart {@code first}, {@code single}, {@code firstWhere}, {@code lastWhere}, {@code
 *       singleWhere}, {@code elementAt}, {@code reduce}, {@code fold}, {@code join}, {@code
 *       contains}, {@code forEach}, {@code every}, {@code any}, {@code isEmpty}: {@code
 *       this.listen(null, onError: future._completeError, onDone: ..., cancelOnError: true)}
 *       then {@code subscription.onData(...)}: four. {@code last}, {@code length}, {@code
 *       toList}, {@code toSet}: {@code listen(onData, onError: ..., onDone: ..., cancelOnError:
 *       true)}: three. {@code drain}: {@code listen(null, cancelOnError: true).asFuture(v)}
 *       (asFuture replaces the handlers without registering): three.
 * </ul>
 */
class NullDataHandlerZoneTest {

  private static final String SUBSCRIPTION = "r1 r2 r0";
  private static final String FORWARDING = SUBSCRIPTION + " " + SUBSCRIPTION;
  private static final String ASYNC_MAP = FORWARDING + " r1";
  private static final String TIMEOUT = FORWARDING + " r1 r2 r0";
  private static final String FUTURE_NULL_THEN_ON_DATA = SUBSCRIPTION + " r1";

  /** Runs {@code action} in a zone that records its registrations, and returns them. */
  private static String registrationsOf(Runnable action) {
    List<String> log = new ArrayList<>();
    ZoneSpecification recording =
        ZoneSpecification.builder()
            .registerCallback(
                (self, parent, zone, f) -> {
                  log.add("r0");
                  return parent.registerCallback(zone, f);
                })
            .registerUnaryCallback(
                (self, parent, zone, f) -> {
                  log.add("r1");
                  return parent.registerUnaryCallback(zone, f);
                })
            .registerBinaryCallback(
                (self, parent, zone, f) -> {
                  log.add("r2");
                  return parent.registerBinaryCallback(zone, f);
                })
            .build();
    current = log;
    Dart.runZoned(action, recording);
    current = null;
    return String.join(" ", log);
  }

  /** The log of the zone {@link #registrationsOf} runs in; "|" marks a point in it. */
  private static List<String> current;

  private static void listenThen(Consumer<StreamSubscription<Integer>> then) {
    StreamSubscription<Integer> s = source().stream().listen(v -> {});
    current.add("|");
    then.accept(s);
  }

  private static StreamController<Integer> source() {
    return StreamController.sync();
  }

  @Test
  @DisplayName("listen shapes: a null data handler is registered like any other (stream_impl.dart _registerDataHandler)")
  void listenShapes() {
    Map<String, String> seen = new LinkedHashMap<>();
    Map<String, String> expected = new LinkedHashMap<>();
    Dart.run(
        () -> {
          record(seen, expected, "listen(null)", SUBSCRIPTION, () -> source().stream().listen(null));
          record(seen, expected, "listen(onData)", SUBSCRIPTION,
              () -> source().stream().listen(v -> {}));
          record(seen, expected, "listen(onData, (e) -> ...)", "r1 r1 r0",
              () -> source().stream().listen(v -> {}, (Throwable e) -> {}));
          record(seen, expected, "listen(onData, (e, st) -> ...)", SUBSCRIPTION,
              () -> source().stream().listen(v -> {}, (Throwable e, StackTrace st) -> {}));
          record(seen, expected, "listen(null, null, onDone, true)", SUBSCRIPTION,
              () -> source().stream()
                  .listen(null, (BiConsumer<Throwable, StackTrace>) null, () -> {}, true));
          record(seen, expected, "broadcast listen(null)", SUBSCRIPTION,
              () -> StreamController.<Integer>broadcast().stream().listen(null));
          // The first two: the microtask the done subscription queues (schedule_microtask.dart
          // scheduleMicrotask registers it, zone.dart _rootScheduleMicrotask binds it again).
          record(seen, expected, "Stream.empty().listen(null)", "r0 r0",
              () -> DStream.<Integer>empty().listen(null));
          record(seen, expected, "Stream.empty().listen(null, onDone)", "r0 r0 r0",
              () -> DStream.<Integer>empty()
                  .listen(null, (BiConsumer<Throwable, StackTrace>) null, () -> {}));
          // The handler setters register in the subscription's zone: listen there, then set.
          record(seen, expected, "onData(null)", SUBSCRIPTION + " | r1",
              () -> listenThen(s -> s.onData(null)));
          record(seen, expected, "onData(handler)", SUBSCRIPTION + " | r1",
              () -> listenThen(s -> s.onData(v -> {})));
          record(seen, expected, "onError(null)", SUBSCRIPTION + " | r2",
              () -> listenThen(s -> s.onError((BiConsumer<Throwable, StackTrace>) null)));
          record(seen, expected, "onDone(null)", SUBSCRIPTION + " | r0",
              () -> listenThen(s -> s.onDone(null)));
        });
    assertEquals(expected, seen);
  }

  @Test
  @DisplayName("operators: their internal listen(null, ...) registers the null data handler too")
  void operators() {
    Map<String, Function<DStream<Integer>, DStream<?>>> operators = new LinkedHashMap<>();
    Map<String, String> dart = new LinkedHashMap<>();
    // stream_pipe.dart: _MapStream, _WhereStream, _ExpandStream, _HandleErrorStream,
    // _TakeStream, _SkipStream, _TakeWhileStream, _SkipWhileStream, _DistinctStream are
    // _ForwardingStreams.
    operator(operators, dart, "map", s -> s.map(x -> x), FORWARDING);
    operator(operators, dart, "where", s -> s.where(x -> true), FORWARDING);
    operator(operators, dart, "expand", s -> s.expand(x -> List.of(x)), FORWARDING);
    operator(operators, dart, "handleError", s -> s.handleError((Throwable e) -> {}), FORWARDING);
    operator(operators, dart, "take(1)", s -> s.take(1), FORWARDING);
    operator(operators, dart, "skip(1)", s -> s.skip(1), FORWARDING);
    operator(operators, dart, "takeWhile", s -> s.takeWhile(x -> true), FORWARDING);
    operator(operators, dart, "skipWhile", s -> s.skipWhile(x -> true), FORWARDING);
    operator(operators, dart, "distinct", DStream::distinct, FORWARDING);
    // stream.dart asyncMap / asyncExpand / timeout.
    operator(operators, dart, "asyncMap", s -> s.asyncMap(x -> null), ASYNC_MAP);
    operator(operators, dart, "asyncExpand", s -> s.asyncExpand(x -> null), ASYNC_MAP);
    operator(operators, dart, "timeout", s -> s.timeout(Duration.ofHours(1)), TIMEOUT);

    Map<String, String> seen = new LinkedHashMap<>();
    Map<String, String> expected = new LinkedHashMap<>();
    Dart.run(
        () -> {
          for (var entry : operators.entrySet()) {
            StreamController<Integer> c = source();
            DStream<?> result = entry.getValue().apply(c.stream()); // Outside the zone.
            List<StreamSubscription<?>> subscription = new ArrayList<>();
            record(seen, expected, entry.getKey(), dart.get(entry.getKey()),
                () -> subscription.add(result.listen(null)));
            subscription.get(0).cancel(); // Outside the zone: only listen is counted.
            c.close();
          }
        });
    assertEquals(expected, seen);
  }

  @Test
  @DisplayName("the members that return a future: listen(null, ...) + onData is four, listen(onData, ...) three")
  void futureMembers() {
    Map<String, Consumer<DStream<Integer>>> members = new LinkedHashMap<>();
    Map<String, String> dart = new LinkedHashMap<>();
    member(members, dart, "first", DStream::first, FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "single", DStream::single, FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "firstWhere", s -> s.firstWhere(x -> true), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "lastWhere", s -> s.lastWhere(x -> true), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "singleWhere", s -> s.singleWhere(x -> true), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "elementAt", s -> s.elementAt(0), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "reduce", s -> s.reduce(Integer::sum), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "fold", s -> s.fold(0, Integer::sum), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "join", DStream::join, FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "contains", s -> s.contains(1), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "forEach", s -> s.forEach(x -> {}), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "every", s -> s.every(x -> true), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "any", s -> s.any(x -> true), FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "isEmpty", DStream::isEmpty, FUTURE_NULL_THEN_ON_DATA);
    member(members, dart, "last", DStream::last, SUBSCRIPTION);
    member(members, dart, "length", DStream::length, SUBSCRIPTION);
    member(members, dart, "toList", DStream::toList, SUBSCRIPTION);
    member(members, dart, "toSet", DStream::toSet, SUBSCRIPTION);
    member(members, dart, "drain", DStream::drain, SUBSCRIPTION);

    Map<String, String> seen = new LinkedHashMap<>();
    Map<String, String> expected = new LinkedHashMap<>();
    Dart.run(
        () -> {
          for (var entry : members.entrySet()) {
            StreamController<Integer> c = source();
            record(seen, expected, entry.getKey(), dart.get(entry.getKey()),
                () -> entry.getValue().accept(c.stream()));
            c.add(1);
            c.close();
          }
        });
    assertEquals(expected, seen);
  }

  private static void record(
      Map<String, String> seen, Map<String, String> expected, String name, String dart,
      Runnable action) {
    expected.put(name, dart);
    seen.put(name, registrationsOf(action));
  }

  private static void operator(
      Map<String, Function<DStream<Integer>, DStream<?>>> operators, Map<String, String> dart,
      String name, Function<DStream<Integer>, DStream<?>> make, String count) {
    operators.put(name, make);
    dart.put(name, count);
  }

  private static void member(
      Map<String, Consumer<DStream<Integer>>> members, Map<String, String> dart, String name,
      Consumer<DStream<Integer>> call, String count) {
    members.put(name, call);
    dart.put(name, count);
  }
}
