package dev.dartasync.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dartasync.Dart;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports of the SDK's tests/lib/async/zone_register_callback_test.dart,
 * zone_bind_callback_test.dart, zone_bind_callback_unary_test.dart, zone_root_bind_test.dart and
 * zone_bind_test.dart: register handlers wrap callbacks; bind registers and runs in the zone.
 */
class ZoneRegisterAndBindTest {

  @RegisterExtension final Expect ex = new Expect();

  /** Captured by the register handler at registration, restored when the callback runs. */
  private Object valueToCapture;

  private Object restoredValue;

  private ZoneSpecification capturingRegisterCallback() {
    return ZoneSpecification.builder()
        .registerCallback(
            (self, parent, origin, f) -> {
              // Still the zone where registerCallback was called.
              ex.checkSame(Zone.root(), Zone.current(), "zone in the register handler");
              // Not forwarding is legal, though not encouraged.
              Object captured = valueToCapture;
              return parent.registerCallback(
                  origin,
                  () -> {
                    restoredValue = captured;
                    return f.call();
                  });
            })
        .build();
  }

  @Test
  @DisplayName("zone_register_callback_test: the handler's wrapper is returned and restores the captured value")
  void registerCallback() {
    Dart.run(
        () -> {
          assertSame(Zone.root(), Zone.current());
          Zone forked = Zone.current().fork(capturingRegisterCallback());
          valueToCapture = 499;
          Callable<Integer> fun = () -> 99;
          Callable<Integer> registered = forked.registerCallback(fun);
          assertNotSame(fun, registered);
          // Invoking it outside the zone is legal (and discouraged): registering does not bind.
          assertEquals(99, registered.call());
          assertEquals(499, restoredValue);
          return null;
        });
  }

  @Test
  @DisplayName("zone_bind_callback_test: bindCallback registers, and the bound callback runs in the zone")
  void bindCallback() {
    Dart.run(
        () -> {
          Zone forked = Zone.current().fork(capturingRegisterCallback());
          valueToCapture = 499;
          Callable<Integer> fun =
              () -> {
                ex.checkSame(forked, Zone.current(), "zone of the bound callback");
                return 99;
              };
          Callable<Integer> registered = forked.bindCallback(fun);
          assertNotSame(fun, registered);
          assertEquals(99, registered.call());
          assertEquals(499, restoredValue);
          return null;
        });
  }

  @Test
  @DisplayName("zone_bind_callback_unary_test: bindUnaryCallback goes through registerUnaryCallback")
  void bindUnaryCallback() {
    Dart.run(
        () -> {
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .registerUnaryCallback(
                              (self, parent, origin, f) -> {
                                ex.checkSame(Zone.root(), Zone.current(), "zone in the handler");
                                Object captured = valueToCapture;
                                return parent.registerUnaryCallback(
                                    origin,
                                    arg -> {
                                      restoredValue = captured;
                                      return f.apply(arg);
                                    });
                              })
                          .build());
          valueToCapture = 499;
          Function<Integer, Integer> fun =
              x -> {
                ex.checkSame(forked, Zone.current(), "zone of the bound callback");
                return x + 99;
              };
          Function<Integer, Integer> bound = forked.bindUnaryCallback(fun);
          assertNotSame(fun, bound);
          // Invoking it from another zone is legal (and discouraged).
          assertEquals(498, bound.apply(399));
          assertEquals(499, restoredValue);
        });
  }

  @Test
  @DisplayName("bindBinaryCallback goes through registerBinaryCallback and runBinary (zone.dart)")
  void bindBinaryCallback() {
    Dart.run(
        () -> {
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .registerBinaryCallback(
                              (self, parent, origin, f) -> {
                                ex.expect(1);
                                return parent.registerBinaryCallback(
                                    origin,
                                    (a, b) -> {
                                      ex.expect(3);
                                      return f.apply(a, b);
                                    });
                              })
                          .runBinary(
                              (self, parent, origin, f, a, b) -> {
                                ex.expect(2);
                                return parent.runBinary(origin, f, a, (Integer) b * 10);
                              })
                          .build());
          BiFunction<Integer, Integer, Integer> bound =
              forked.bindBinaryCallback(
                  (a, b) -> {
                    ex.checkSame(forked, Zone.current(), "zone of the bound callback");
                    return a + b;
                  });
          assertEquals(41, bound.apply(1, 4));
          ex.finish(4);
        });
  }

  @Test
  @DisplayName("zone_root_bind_test: a callback bound to the root runs in the root from any zone")
  void rootBind() {
    Dart.run(
        () -> {
          assertSame(Zone.root(), Zone.current());
          Zone forked = Zone.current().fork();
          Callable<Object> f =
              Zone.current()
                  .bindCallback(
                      () -> {
                        ex.checkSame(Zone.root(), Zone.current(), "zone of the root-bound callback");
                        ex.expect(1);
                        return null;
                      });
          forked.run(f::call);
          ex.finish(2);
        });
  }

  @Test
  @DisplayName("zone_bind_test: the zone's scheduleMicrotask, createTimer and createPeriodicTimer bind to it")
  void zoneOperationsBindTheirCallbacks() {
    Dart.run(
        () -> {
          assertSame(Zone.root(), Zone.current());
          Zone forked = Zone.current().fork(ZoneSpecification.builder().build());
          Duration now = Duration.ZERO;
          forked.scheduleMicrotask(
              () -> {
                ex.checkSame(forked, Zone.current(), "microtask zone");
                ex.expect(1);
              });
          forked.createTimer(
              now,
              () -> {
                ex.checkSame(forked, Zone.current(), "timer zone");
                ex.expect(2);
              });
          Consumer<Timer> periodic =
              timer -> {
                ex.checkSame(forked, Zone.current(), "periodic timer zone");
                timer.cancel();
                ex.finish(3);
              };
          forked.createPeriodicTimer(now, periodic);
        });
  }

  @Test
  @DisplayName("bindCallbackGuarded: an error goes to the zone's handler, not to the caller")
  void bindCallbackGuarded() {
    RuntimeException boom = new RuntimeException("boom");
    Dart.run(
        () -> {
          Runnable[] bound = new Runnable[1];
          Dart.runZonedGuarded(
              () -> {
                bound[0] =
                    Zone.current()
                        .bindCallbackGuarded(
                            () -> {
                              ex.expect(1);
                              throw boom;
                            });
              },
              (error, stack) -> {
                ex.checkSame(boom, error, "error handled");
                ex.expect(2);
              });
          bound[0].run(); // From the root zone; the error does not come back here.
          ex.finish(3);
        });
  }
}
