package dev.dartasync.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.testing.Log;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 8: a timer whose deadline overflows {@code long} fired at once. Deadlines saturate:
 * such a timer is simply never due, and cancelling it lets the isolate end.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OverflowTest {

  @Test
  void aTimerOfLongMaxValueMillisecondsNeverFires() {
    Log log = new Log();
    Dart.run(
        () -> {
          Timer huge = new Timer(Duration.ofMillis(Long.MAX_VALUE), () -> log.add("fired"));
          Timer hugePeriodic =
              Timer.periodic(Duration.ofMillis(Long.MAX_VALUE - 1), t -> log.add("tick"));
          Timer beyondMillis = new Timer(Duration.ofSeconds(Long.MAX_VALUE), () -> log.add("s"));
          new Timer(
              Duration.ofMillis(30),
              () -> {
                log.add("30 ms " + huge.isActive() + hugePeriodic.isActive() + beyondMillis.isActive());
                huge.cancel();
                hugePeriodic.cancel();
                beyondMillis.cancel();
              });
        });
    log.assertLines("30 ms truetruetrue");
  }
}
