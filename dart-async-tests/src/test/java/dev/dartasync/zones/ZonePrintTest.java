package dev.dartasync.zones;

import static dev.dartasync.Dart.print;

import dev.dartasync.Dart;
import dev.dartasync.PrintHandler;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.testing.Log;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Port of the SDK's tests/lib/async/intercept_print1_test.dart: print goes through the zone. */
class ZonePrintTest {

  private final Log log = new Log();
  private boolean shouldIntercept = true;

  @Test
  @DisplayName("intercept_print1_test: print handlers get the Dart text; a handler may pass a line to its parent")
  void interceptPrint() {
    PrintHandler printHandler1 = (self, parent, origin, line) -> log.add("print: " + line);
    PrintHandler printHandler2 =
        (self, parent, origin, line) -> {
          if (shouldIntercept) {
            log.add("print **: " + line);
          } else {
            parent.print(origin, line);
          }
        };
    ZoneSpecification testSpec1 = ZoneSpecification.builder().print(printHandler1).build();
    ZoneSpecification testSpec2 = ZoneSpecification.builder().print(printHandler2).build();
    Dart.run(
        () -> {
          Zone zone1 = Zone.current().fork(testSpec1);
          Zone zone2 = zone1.fork(testSpec2);
          zone1.run(
              () -> {
                print("1");
                print(2);
                print(Map.of(3, List.of(4)));
              });
          zone2.run(
              () -> {
                print("5");
                shouldIntercept = false;
                print(6);
              });
        });
    log.assertLines("print: 1", "print: 2", "print: {3: [4]}", "print **: 5", "print: 6");
  }

  @Test
  @DisplayName("print in a callback registered in a printing zone goes through that zone's handler")
  void printFromLaterCallbacks() {
    Dart.run(
        () -> {
          Dart.runZoned(
              () -> {
                Dart.scheduleMicrotask(() -> print("from a microtask"));
                dev.dartasync.Timer.run(() -> print("from a timer"));
                dev.dartasync.DFuture.value(1.0).then(v -> { print(v); return null; });
              },
              ZoneSpecification.builder()
                  .print((self, parent, zone, line) -> log.add("zone: " + line))
                  .build());
        });
    log.assertLines("zone: from a microtask", "zone: 1.0", "zone: from a timer");
  }
}
