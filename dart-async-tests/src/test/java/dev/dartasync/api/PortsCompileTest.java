package dev.dartasync.api;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.rethrow;
import static dev.dartasync.Dart.str;
import static dev.dartasync.Dart.unawaited;
import static dev.dartasync.WaitOption.cleanUp;
import static dev.dartasync.WaitOption.eagerError;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StateError;
import dev.dartasync.TimeoutException;
import dev.dartasync.testing.Log;
import io.vavr.Tuple2;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Every Dart line form of the lecture and of a typical service, ported as a user writes it: implicit
 * lambdas, no {@code return null}, no cast. That this file compiles is the first half of the test;
 * the second half runs the service and checks what each line did, in order.
 *
 * <p>{@code say} stands for Dart's {@code print}: a method that returns nothing, which is what
 * makes {@code e -> say(e)} a lambda Java cannot give to a {@code Function}.
 */
class PortsCompileTest {

  private final Log log = new Log();

  /** Dart's print, into the log: a void method, as print is. */
  private void say(Object line) {
    log.add(str(line));
  }

  // ---- a typical service -----------------------------------------------------------------------

  static final class Connection {
    boolean open = true;

    void close() {
      open = false;
    }
  }

  /** Future<String> read(String path) async { await null; if (...) throw IOException; ... } */
  DFuture<String> read(String path) {
    return async(
        () -> {
          await(null);
          if (path.startsWith("/missing")) {
            throw new IOException("no such file: " + path);
          }
          return "contents of " + path;
        });
  }

  DFuture<Integer> count(int n) {
    return async(() -> n);
  }

  DFuture<Connection> connect(boolean fail) {
    return async(
        () -> {
          await(null);
          if (fail) {
            throw new StateError("refused");
          }
          return new Connection();
        });
  }

  DFuture<Void> save(Object item) {
    // Future<void> save(item) async { await null; print('saved $item'); }
    return async(
        () -> {
          await(null);
          say(str("saved ", item));
        });
  }

  int fallback(Throwable e) {
    return -1;
  }

  void lines() throws Exception {
    // ---- then / catchError / whenComplete --------------------------------------------------
    DFuture<Integer> one = DFuture.value(1);
    // one.then((v) => print(v));
    await(one.thenAccept(v -> say(v)));
    // one.then((v) { print('block $v'); });
    await(one.thenAccept(v -> { say("block " + v); }));
    // final two = await one.then((v) => v + 1);
    Integer two = await(one.then(v -> v + 1));
    // final three = await one.then((v) => count(v + 2));  (a method returning a value)
    DFuture<Integer> three = await(one.then(v -> count(v + 2)));
    say(str("two=", two, " three=", await(three)));
    // one.then((v) => print(v), onError: (e) => print(e));
    await(one.thenAccept(v -> say(v), e -> say(e)));
    // one.then((v) => print(v), onError: (e, st) => print(st));
    await(one.thenAccept(v -> say(v), (e, st) -> say(st)));

    DFuture<Integer> failed = DFuture.error(new StateError("failed"));
    // failed.catchError((e) => print(e));
    await(failed.catchErrorAccept(e -> say(e)));
    DFuture<Integer> failed2 = DFuture.error(new StateError("failed2"));
    // failed2.catchError((e) { print('block $e'); });
    await(failed2.catchErrorAccept(e -> { say("block " + e); }));
    // failed.catchError((e, st) => print(e), test: (e) => e is StateError);
    await(
        DFuture.<Integer>error(new StateError("tested"))
            .catchErrorAccept((e, st) -> say(e), e -> e instanceof StateError));
    // final v = await failed.catchError((e) => 0);
    int zero = await(DFuture.<Integer>error(new StateError("x")).catchError(e -> 0));
    // final w = await failed.catchError((e) => fallback(e));
    int minusOne = await(DFuture.<Integer>error(new StateError("y")).catchError(e -> fallback(e)));
    say(str("zero=", zero, " minusOne=", minusOne));
    // f.catchError((e) { if (e is TimeoutException) return -2; throw e; })  (rethrow a Throwable)
    int timedOut =
        await(
            DFuture.<Integer>error(new TimeoutException("slow", Duration.ofSeconds(1)))
                .catchError(
                    e -> {
                      if (e instanceof TimeoutException) {
                        return -2;
                      }
                      throw rethrow(e);
                    }));
    say(str("timedOut=", timedOut));
    // f.onError<StateError>((e, st) => print('state: $e'));
    await(
        DFuture.<Integer>error(new StateError("typed"))
            .onErrorAccept(StateError.class, (e, st) -> say("state: " + e.getMessage())));
    // final fb = await f.onError<StateError>((e, _) => -3);
    int minusThree =
        await(DFuture.<Integer>error(new StateError("z")).onError(StateError.class, e -> -3));
    say(str("minusThree=", minusThree));
    // one.whenComplete(() => print('done'));
    await(one.whenComplete(() -> say("done")));
    // one.whenComplete(() { sleep(...); print('slept'); });
    await(
        one.whenComplete(
            () -> {
              Thread.sleep(1);
              say("slept");
            }));
    // one.whenComplete(() => save('on complete'));  (waits for the returned future)
    await(one.whenComplete(() -> save("on complete")));

    // ---- async bodies and Future constructors ---------------------------------------------
    // () async { await Future.delayed(...); print('body'); }();
    await(
        async(
            () -> {
              Thread.sleep(1); // a blocking call with a checked exception, no try/catch
              say("body");
            }));
    // await (() async => print('expression body'))();
    await(async(() -> say("expression body")));
    // final n = await (() async => 42)();
    int n = await(async(() -> 42));
    say(str("n=", n));
    // await Future(() => print('Future()'));
    await(DFuture.run(() -> say("Future()")));
    // await Future(() { sleep; print('Future() block'); });
    await(
        DFuture.run(
            () -> {
              Thread.sleep(1);
              say("Future() block");
            }));
    // await Future.microtask(() => print('microtask'));
    await(DFuture.microtask(() -> say("microtask")));
    // await Future.delayed(Duration(milliseconds: 1), () => print('delayed'));
    await(DFuture.delayed(Duration.ofMillis(1), () -> say("delayed")));
    // final d = await Future.delayed(Duration(milliseconds: 1), () => 'delayed value');
    String d = await(DFuture.delayed(Duration.ofMillis(1), () -> "delayed value"));
    say(d);
    // await Future.value(); await Future.value(null);
    await(DFuture.value());
    Object none = await(DFuture.value(null));
    say(str("none=", none));

    // ---- try/catch with checked exceptions --------------------------------------------------
    // try { await read('/missing'); } on IOException catch (e) { print('io: $e'); }
    try {
      await(read("/missing"), IOException.class);
    } catch (IOException e) {
      say("io: " + e.getMessage());
    }
    // try { await read('/ok'); } catch (e) { print(e); rethrow; }
    say(await(read("/ok"), IOException.class));

    // ---- Future.wait with named arguments ---------------------------------------------------
    // final all = await Future.wait([count(1), count(2)]);
    List<Integer> all = await(DFuture.wait(List.of(count(1), count(2))));
    say(str("all=", all));
    // try { await Future.wait([connect(false), connect(true)], eagerError: true,
    //                         cleanUp: (c) => c.close()); } catch (e) { print('wait: $e'); }
    DFuture<Connection> good = connect(false);
    try {
      await(
          DFuture.wait(List.of(good, connect(true)), eagerError(true), cleanUp(c -> c.close())));
    } catch (StateError e) {
      say("wait: " + e);
    }
    await(DFuture.delayed(Duration.ofMillis(1)));
    say(str("closed=", !await(good).open));

    // ---- record wait with typed values on failure --------------------------------------------
    // try { final (a, b) = await (count(7), read('/missing')).wait; }
    // on ParallelWaitError<(int?, String?), (AsyncError?, AsyncError?)> catch (e) {
    //   final (a, b) = e.values; print('partial: $a $b ${e.errors}'); }
    DFuture<Tuple2<Integer, String>> pair = DFuture.wait(count(7), read("/missing"));
    try {
      Tuple2<Integer, String> ab = await(pair);
      say(ab);
    } catch (ParallelWaitError e) {
      Tuple2<Integer, String> partial = e.valuesOf(pair);
      say(str("partial: ", partial._1, " ", partial._2, " ", e.errorList().get(1).error().getMessage()));
    }

    // ---- combinators -------------------------------------------------------------------------
    // await Future.forEach([1, 2], (i) async { await save(i); });
    await(DFuture.forEach(List.of(1, 2), item -> async(() -> { await(save(item)); })));
    // await Future.forEach(['x'], save);
    await(DFuture.forEach(List.of("x"), this::save));
    // var i = 0; await Future.doWhile(() async { await null; return ++i < 3; });
    int[] i = {0};
    await(
        DFuture.doWhile(
            () ->
                async(
                    () -> {
                      await(null);
                      return ++i[0] < 3;
                    })));
    say(str("i=", i[0]));
    // final first = await Future.any([Future.delayed(d, () => 'slow'), Future.value('fast')]);
    String first =
        await(DFuture.any(List.of(DFuture.delayed(Duration.ofMillis(5), () -> "slow"),
            DFuture.value("fast"))));
    say(str("first=", first));
    // final t = await Completer<int>().future.timeout(d, onTimeout: () => -4);
    int minusFour = await(new Completer<Integer>().future().timeout(Duration.ofMillis(1), () -> -4));
    say(str("minusFour=", minusFour));
    // final c = Completer<void>(); c.complete(); await c.future;
    Completer<Void> c = new Completer<>();
    c.complete();
    await(c.future());
    // unawaited(save('later'));
    unawaited(save("later"));
    await(DFuture.delayed(Duration.ofMillis(1)));

    // ---- interpolation -------------------------------------------------------------------------
    // print('${1.0} ${[1.5, 'a']} ${{'k': 2.0}} ${Duration(seconds: 1)} ${StateError('s')}');
    say(
        str(1.0, " ", List.of(1.5, "a"), " ", Map.of("k", 2.0), " ", Duration.ofSeconds(1), " ",
            new StateError("s")));
  }

  @Test
  @DisplayName("each ported line runs as its Dart original")
  void portedLinesRun() {
    Dart.run(() -> await(async(this::lines))); // a void method that throws: a ThrowingRunnable
    log.assertLines(
        "1",
        "block 1",
        "two=2 three=3",
        "1",
        "1",
        "Bad state: failed",
        "block Bad state: failed2",
        "Bad state: tested",
        "zero=0 minusOne=-1",
        "timedOut=-2",
        "state: typed",
        "minusThree=-3",
        "done",
        "slept",
        "saved on complete",
        "body",
        "expression body",
        "n=42",
        "Future()",
        "Future() block",
        "microtask",
        "delayed",
        "delayed value",
        "none=null",
        "io: no such file: /missing",
        "contents of /ok",
        "all=[1, 2]",
        "wait: Bad state: refused",
        "closed=true",
        "partial: 7 null no such file: /missing",
        "saved 1",
        "saved 2",
        "saved x",
        "i=3",
        "first=fast",
        "minusFour=-4",
        "saved later",
        "1.0 [1.5, a] {k: 2.0} 0:00:01.000000 Bad state: s");
  }
}
