package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import dev.dartasync.testing.Log;
import dev.dartasync.testing.VirtualTime;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports of the SDK's tests/lib/async/zone_create_timer2_test.dart,
 * zone_create_periodic_timer_test.dart, zone_empty_description2_test.dart and
 * run_zoned8_test.dart: timers are made through the zone's createTimer handlers and run in the
 * zone. On the virtual clock, so the order does not depend on the machine's load.
 */
class ZoneTimerTest {

  @RegisterExtension final Expect ex = new Expect();
  private final Log log = new Log();
  private final VirtualTime time = new VirtualTime();

  @Test
  @DisplayName("zone_create_timer2_test: new Timer in a zone calls its createTimer handler, whose wrapper runs first")
  void createTimerHandler() {
    time.run(
        () -> {
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .createTimer(
                              (self, parent, origin, duration, f) -> {
                                log.add("forked.createTimer");
                                return parent.createTimer(
                                    origin,
                                    duration,
                                    () -> {
                                      log.add("wrapped function " + duration.toMillis());
                                      f.run();
                                    });
                              })
                          .build());
          forked.run(
              () -> {
                new Timer(
                    Duration.ofMillis(20),
                    () -> {
                      log.add("createTimer");
                      ex.checkSame(forked, Zone.current(), "zone of the timer callback");
                    });
              });
          assertSame(Zone.root(), Zone.current());
          log.add("after createTimer");
        });
    log.assertLines("forked.createTimer", "after createTimer", "wrapped function 20", "createTimer");
  }

  @Test
  @DisplayName("zone_create_periodic_timer_test: Timer.periodic goes through createPeriodicTimer; each tick through the wrapper")
  void createPeriodicTimerHandler() {
    time.run(
        () -> {
          Completer<Object> done = new Completer<>();
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .createPeriodicTimer(
                              (self, parent, origin, period, f) -> {
                                log.add("forked.createPeriodicTimer");
                                return parent.createPeriodicTimer(
                                    origin,
                                    period,
                                    timer -> {
                                      log.add("wrapped function " + period.toMillis());
                                      f.accept(timer);
                                    });
                              })
                          .build());
          int[] tickCount = {0};
          forked.run(
              () -> {
                Timer.periodic(
                    Duration.ofMillis(5),
                    timer -> {
                      log.add("periodic Timer " + tickCount[0]);
                      ex.checkSame(forked, Zone.current(), "zone of the periodic callback");
                      tickCount[0]++;
                      if (tickCount[0] == 4) {
                        timer.cancel();
                        // Allow some time in case the cancel didn't work.
                        new Timer(Duration.ofMillis(20), done::complete);
                      }
                    });
              });
          assertSame(Zone.root(), Zone.current());
          log.add("after createPeriodicTimer");
        });
    log.assertLines(
        "forked.createPeriodicTimer",
        "after createPeriodicTimer",
        "wrapped function 5",
        "periodic Timer 0",
        "wrapped function 5",
        "periodic Timer 1",
        "wrapped function 5",
        "periodic Timer 2",
        "wrapped function 5",
        "periodic Timer 3");
  }

  @Test
  @DisplayName("zone_empty_description2_test: a zone's createTimer and createPeriodicTimer bind the callback to it")
  void zoneTimerMethodsBind() {
    time.run(
        () -> {
          Zone forked = Zone.current().fork();
          forked.createTimer(
              Duration.ofMillis(20),
              () -> {
                ex.checkSame(forked, Zone.current(), "zone of the createTimer callback");
                ex.expect(1); // Created first, same deadline: fires first.
              });
          assertSame(Zone.root(), Zone.current());
          int[] periodicTimerCount = {0};
          forked.createPeriodicTimer(
              Duration.ofMillis(20),
              timer -> {
                periodicTimerCount[0]++;
                ex.checkSame(forked, Zone.current(), "zone of the periodic callback");
                ex.expect(1 + periodicTimerCount[0]);
                if (periodicTimerCount[0] == 4) {
                  timer.cancel();
                }
              });
          assertSame(Zone.root(), Zone.current());
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("run_zoned8_test: a throwing periodic timer in runZonedGuarded: each error to onError, with a stack trace")
  void periodicTimerErrorsGoToOnError() {
    time.run(
        () -> {
          Dart.runZonedGuarded(
              () -> {
                int[] counter = {0};
                Timer.periodic(
                    Duration.ofMillis(50),
                    timer -> {
                      if (counter[0] == 1) {
                        timer.cancel();
                      }
                      counter[0]++;
                      log.add(counter[0]);
                      throw new IllegalStateException(String.valueOf(counter[0]));
                    });
              },
              (e, s) -> {
                log.add("error: " + e.getMessage());
                ex.check(s != null, "the stack trace is not null (dartbug.com/33589)");
              });
          log.add("main exit");
        });
    log.assertLines("main exit", "1", "error: 1", "2", "error: 2");
  }

  @Test
  @DisplayName("new Timer in a zone whose createTimer returns its own timer: isActive and cancel reach that timer")
  void constructorForwardsToTheHandlersTimer() {
    time.run(
        () -> {
          Timer[] made = new Timer[1];
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .createTimer(
                              (self, parent, origin, duration, f) -> {
                                made[0] = parent.createTimer(origin, duration.multipliedBy(2), f);
                                return made[0];
                              })
                          .build());
          Timer timer = forked.run(() -> new Timer(Duration.ofMillis(10), () -> log.add("fired")));
          assertTrue(timer.isActive());
          assertTrue(made[0].isActive());
          timer.cancel();
          assertFalse(made[0].isActive(), "cancel reached the handler's timer");
          assertFalse(timer.isActive());
          Timer other = forked.run(() -> new Timer(Duration.ofMillis(10), () -> log.add("fired")));
          new Timer(
              Duration.ofMillis(15),
              () -> log.add("15 ms: other active " + other.isActive())); // The handler doubled it.
        });
    log.assertLines("15 ms: other active true", "fired");
  }
}
