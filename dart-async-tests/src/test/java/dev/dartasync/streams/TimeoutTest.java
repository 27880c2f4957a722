package dev.dartasync.streams;

import static dev.dartasync.streams.OperatorTesting.assertThrowsText;
import static dev.dartasync.streams.OperatorTesting.asyncSource;
import static dev.dartasync.streams.OperatorTesting.record;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Timer;
import dev.dartasync.testing.Log;
import dev.dartasync.testing.VirtualTime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** timeout (stream.dart {@code Stream.timeout}; dart-semantics §6.6, §9.20), on a virtual clock. */
class TimeoutTest {

  private static final Duration LIMIT = Duration.ofMillis(100);

  private final Log log = new Log();
  private final VirtualTime time = new VirtualTime();

  private static void at(long millis, Runnable action) {
    new Timer(Duration.ofMillis(millis), action);
  }

  @Test
  @DisplayName("no event in time: TimeoutException after 0:00:00.100000: No stream event")
  void defaultTimeout() {
    // stream.dart timeout: controller.addError(TimeoutException("No stream event", timeLimit))
    // with no stack trace: the empty one (AsyncError.defaultStackTrace of an Exception).
    time.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          c.stream()
              .timeout(LIMIT)
              .listen(
                  v -> {},
                  (Throwable e, StackTrace st) -> log.add(e + " [" + st + "]"));
        });
    log.assertOutput("TimeoutException after 0:00:00.100000: No stream event []");
  }

  @Test
  @DisplayName("each event restarts the limit; a gap longer than it times out once")
  void eventsRestartTheTimer() {
    time.run(
        () -> {
          StreamController<Integer> c = new StreamController<>();
          record(c.stream().timeout(LIMIT), log);
          at(60, () -> c.add(1));
          at(120, () -> c.add(2));
          at(180, () -> c.add(3));
          at(400, () -> c.close());
        });
    log.assertOutput(
        "1 2 3 error TimeoutException after 0:00:00.100000: No stream event done");
  }

  @Test
  @DisplayName("onTimeout gets a sink: its events are delivered; closing it cancels the source")
  void onTimeoutSink() {
    AtomicReference<EventSink<Integer>> saved = new AtomicReference<>();
    time.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(
              c.stream()
                  .timeout(
                      LIMIT,
                      sink -> {
                        saved.set(sink);
                        sink.add(-1);
                        sink.close();
                      }),
              log);
        });
    log.assertOutput("listen -1 cancel done");
    // _ControllerEventSinkWrapper: the sink is only valid during the onTimeout call.
    assertThrowsText(StateError.class, "Bad state: Sink not available", () -> saved.get().add(0));
  }

  @Test
  @DisplayName("pause stops the clock; resume starts a full new limit")
  void pauseStopsTheTimer() {
    time.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          StreamSubscription<Integer> s = record(c.stream().timeout(LIMIT), log);
          s.pause();
          at(150, s::resume);
          at(200, c::close);
        });
    log.assertOutput("listen pause resume cancel done");
  }

  @Test
  @DisplayName("cancel stops the timer: nothing keeps the isolate waiting for it")
  void cancelStopsTheTimer() {
    time.run(
        () -> {
          StreamController<Integer> c = asyncSource(log);
          record(c.stream().timeout(LIMIT), log).cancel();
        });
    log.assertOutput("listen cancel");
    assertTrue(time.now() < LIMIT.toMillis(), "virtual time ran to " + time.now());
  }
}
