package dev.dartasync.zones;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.scheduleMicrotask;
import static dev.dartasync.zones.CatchErrors.runZonedScheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports of the SDK's tests/lib/async/intercept_schedule_microtask1_test.dart to
 * intercept_schedule_microtask6_test.dart, zone_future_schedule_microtask_test.dart and
 * async_no_await_zones_test.dart: a zone's
 * scheduleMicrotask handler sees the microtasks of its zone, the library's own included.
 */
class InterceptScheduleMicrotaskTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log events = new Log();

  private final Callable<Object> body =
      () -> {
        events.add("body entry");
        scheduleMicrotask(() -> events.add("run async body"));
        return 499;
      };

  private final Callable<Object> nestingBody =
      () -> {
        events.add("body entry");
        scheduleMicrotask(
            () -> {
              events.add("run async body");
              scheduleMicrotask(() -> events.add("run nested body"));
            });
        return 499;
      };

  /** A handler that schedules the microtask in its own (the parent) zone. */
  private Consumer<Runnable> handler(String name) {
    return fun -> {
      events.add(name);
      scheduleMicrotask(fun);
      events.add(name + " done");
    };
  }

  @Test
  @DisplayName("intercept_schedule_microtask1_test: runZoned returns the body's result; no microtask, no handler")
  void returnsTheBodysResult() {
    Object result =
        Dart.run(() -> runZonedScheduleMicrotask(() -> 499, f -> ex.expectUnreached(), null));
    assertEquals(499, result);
  }

  @Test
  @DisplayName("intercept_schedule_microtask2_test: the handler may run the microtask at once")
  void handlerRunsItAtOnce() {
    Dart.run(
        () ->
            runZonedScheduleMicrotask(
                body,
                fun -> {
                  events.add("handler");
                  fun.run();
                  events.add("handler done");
                },
                null));
    events.assertLines("body entry", "handler", "run async body", "handler done");
  }

  @Test
  @DisplayName("intercept_schedule_microtask3_test: scheduleMicrotask inside the handler goes to the parent zone")
  void handlerSchedulesInTheParent() {
    Dart.run(
        () -> {
          runZonedScheduleMicrotask(body, handler("handler"), null);
          events.add("after");
        });
    events.assertLines("body entry", "handler", "handler done", "after", "run async body");
  }

  @Test
  @DisplayName("intercept_schedule_microtask4_test: a microtask's own microtask goes to the zone it came from")
  void nestedMicrotaskGoesThroughTheHandlerAgain() {
    Dart.run(
        () -> {
          runZonedScheduleMicrotask(nestingBody, handler("handler"), null);
          events.add("after");
        });
    events.assertLines(
        "body entry",
        "handler",
        "handler done",
        "after",
        "run async body",
        "handler",
        "handler done",
        "run nested body");
  }

  @Test
  @DisplayName("intercept_schedule_microtask5_test: nested zones: the inner handler's microtask goes to the outer")
  void nestedZones() {
    Dart.run(
        () -> {
          runZonedScheduleMicrotask(
              () -> runZonedScheduleMicrotask(nestingBody, handler("handler2"), null),
              handler("handler"),
              null);
          events.add("after");
          Timer.run(() -> events.add("timer"));
        });
    events.assertLines(
        "body entry",
        "handler2",
        "handler",
        "handler done",
        "handler2 done",
        "after",
        "run async body",
        "handler2",
        "handler",
        "handler done",
        "handler2 done",
        "run nested body",
        "timer");
  }

  @Test
  @DisplayName("intercept_schedule_microtask6_test: scheduleMicrotask and onError together")
  void withOnError() {
    Dart.run(
        () -> {
          runZonedScheduleMicrotask(
              () -> {
                events.add("body entry");
                scheduleMicrotask(
                    () -> {
                      events.add("run async body");
                      throw new IllegalStateException("foo");
                    });
                return 499;
              },
              fun -> {
                events.add("async handler");
                scheduleMicrotask(fun);
                events.add("async handler done");
              },
              e -> events.add("error: " + e.getMessage()));
          events.add("after");
        });
    events.assertLines(
        "body entry", "async handler", "async handler done", "after", "run async body", "error: foo");
  }

  @Test
  @DisplayName("zone_future_schedule_microtask_test: futures of a zone schedule their microtasks through it")
  void futuresUseTheirZonesScheduleMicrotask() {
    int[] scheduleMicrotaskCount = {0};
    Dart.run(
        () -> {
          Object[] made = new Object[4];
          runZonedScheduleMicrotask(
              () -> {
                Completer<Integer> completer = new Completer<>();
                completer.complete(499); // 1: the completion microtask.
                Completer<Integer> completer2 = Completer.sync();
                completer2.complete(-499); // Complete at once; 2 comes with its late then.
                made[0] = completer.future();
                made[1] = completer2.future();
                made[2] = DFuture.value(42); // 3: the completion microtask.
                made[3] = DFuture.error(new IllegalStateException("11")); // 4.
                return null;
              },
              f -> {
                scheduleMicrotaskCount[0]++;
                scheduleMicrotask(f);
              },
              null);
          @SuppressWarnings("unchecked")
          DFuture<Integer> future0 = (DFuture<Integer>) made[0];
          @SuppressWarnings("unchecked")
          DFuture<Integer> future1 = (DFuture<Integer>) made[1];
          @SuppressWarnings("unchecked")
          DFuture<Integer> future2 = (DFuture<Integer>) made[2];
          @SuppressWarnings("unchecked")
          DFuture<Integer> future3 = (DFuture<Integer>) made[3];
          future0.then(x -> logged("completer " + x));
          future1.then(x -> logged("completer2 " + x));
          future2.then(x -> logged("future " + x));
          future3.catchError(
              e -> {
                events.add("future2 " + e.getMessage());
                return null;
              });
        });
    // The three completion microtasks were queued in the zone first; the late listener on the
    // already completed future queued its own microtask (the fourth) when then() was called.
    events.assertLines("completer 499", "future 42", "future2 11", "completer2 -499");
    assertEquals(4, scheduleMicrotaskCount[0]);
  }

  @Test
  @DisplayName("async_no_await_zones_test: an async body without await schedules one microtask in its zone")
  void asyncBodyWithoutAwait() {
    Dart.run(
        () -> {
          DFuture<Void> done =
              Dart.runZoned(
                  () -> async(() -> events.add("doEvent()")),
                  ZoneSpecification.builder()
                      .scheduleMicrotask(
                          (self, parent, zone, fn) -> {
                            events.add("scheduleMicrotask()");
                            parent.scheduleMicrotask(zone, fn);
                          })
                      .build());
          done.then(ignored -> logged("then"));
        });
    events.assertLines("doEvent()", "scheduleMicrotask()", "then");
  }

  /** Logs {@code line}; returns null, so that {@code x -> logged(...)} is a then callback. */
  private Object logged(String line) {
    events.add(line);
    return null;
  }
}
