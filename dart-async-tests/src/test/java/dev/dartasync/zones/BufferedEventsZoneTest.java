package dev.dartasync.zones;

import static dev.dartasync.zones.CatchErrors.runZonedScheduleMicrotask;

import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.Timer;
import dev.dartasync.testing.Log;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A subscription's buffered events are delivered by microtasks scheduled in the zone current when
 * each is scheduled (Dart's {@code _PendingEvents.schedule} calls the top-level {@code
 * scheduleMicrotask}): from {@code add} the adding code's zone, after a delivery the zone that
 * microtask ran in. A zone's scheduleMicrotask handler therefore sees exactly those, and a buffer
 * that goes back to zones without a handler is delivered without it again.
 */
class BufferedEventsZoneTest {

  private final Log events = new Log();

  /** A handler that logs and schedules the microtask in the parent zone. */
  private Consumer<Runnable> handler() {
    return fun -> {
      events.add("handler");
      Dart.scheduleMicrotask(fun);
      events.add("handler done");
    };
  }

  @Test
  @DisplayName("deliveries scheduled from a zone with a handler go through it; the others do not")
  void handlerSeesOnlyItsZonesSchedules() {
    Dart.run(
        () -> {
          StreamController<Integer> controller = new StreamController<>();
          controller
              .stream()
              .listen(v -> events.add("data " + v))
              .onDone(() -> events.add("done"));
          controller.add(1);
          controller.add(2);
          Timer.run(
              () -> {
                runZonedScheduleMicrotask(
                    () -> {
                      controller.add(3); // schedules through the handler
                      controller.add(4); // only buffered: a delivery is already scheduled
                      return null;
                    },
                    handler(),
                    null);
                events.add("zone left");
                Timer.run(
                    () -> {
                      controller.add(5); // in the root zone again
                      controller.close();
                    });
              });
        });
    events.assertLines(
        "data 1",
        "data 2",
        "handler",
        "handler done",
        "zone left",
        "data 3",
        // Delivered in the handler's zone: the next delivery is scheduled from there.
        "handler",
        "handler done",
        "data 4",
        "data 5",
        "done");
  }
}
