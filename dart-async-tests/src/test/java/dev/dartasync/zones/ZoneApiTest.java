package dev.dartasync.zones;

import static dev.dartasync.junit.Isolates.uncaught;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.Zone;
import dev.dartasync.ZoneDelegate;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.testing.Log;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The Java side of the zone API: argument checks, threads, and handler failure paths. */
class ZoneApiTest {

  private final Log log = new Log();

  @Test
  @DisplayName("a delegate refuses a zone not made by the library: Dart's 'Can only run in platform zones'")
  void delegateRefusesForeignZones() {
    Zone foreign =
        (Zone)
            Proxy.newProxyInstance(
                Zone.class.getClassLoader(), new Class<?>[] {Zone.class}, (p, m, a) -> null);
    AtomicReference<ZoneDelegate> delegate = new AtomicReference<>();
    Dart.run(
        () -> {
          Zone zone =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .print(
                              (self, parent, z, line) -> {
                                delegate.set(parent);
                              })
                          .build());
          zone.print("x");
          ArgumentError e =
              assertThrows(ArgumentError.class, () -> delegate.get().run(foreign, () -> 1));
          assertTrue(
              e.toString().startsWith("Invalid argument (zone): Can only run in platform zones: "),
              e.toString());
        });
  }

  @Test
  @DisplayName("errorCallback(null): Invalid argument(s) (error): Must not be null")
  void errorCallbackNeedsAnError() {
    Dart.run(
        () -> {
          ArgumentError e =
              assertThrows(ArgumentError.class, () -> Zone.current().errorCallback(null, null));
          assertEquals("Invalid argument(s) (error): Must not be null", e.toString());
          assertEquals(null, Zone.current().errorCallback(new DartException("x"), null));
        });
  }

  @Test
  @DisplayName("fork, run and register from another thread: IllegalStateException; print with a handler is posted")
  void foreignThreads() throws Exception {
    List<String> refused = new ArrayList<>();
    AtomicReference<Zone> isolateRoot = new AtomicReference<>();
    Dart.run(
        () -> {
          Zone zone =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .print(
                              (self, parent, z, line) ->
                                  log.add(
                                      line
                                          + ", on the foreign thread: "
                                          + Thread.currentThread().getName().equals("foreign")
                                          + ", in the zone's isolate: "
                                          + (Zone.root() == isolateRoot.get())))
                          .build());
          isolateRoot.set(Zone.root());
          Thread t =
              Thread.ofPlatform()
                  .name("foreign")
                  .start(
                      () -> {
                        for (Runnable call :
                            List.<Runnable>of(
                                zone::fork,
                                () -> zone.run(() -> {}),
                                () -> zone.registerCallback(() -> 1))) {
                          try {
                            call.run();
                          } catch (IllegalStateException e) {
                            String m = e.getMessage();
                            refused.add(m.contains("another thread") ? "refused" : m);
                          }
                        }
                        zone.print("posted");
                      });
          try {
            t.join(); // A blocking call: the loop handles the posted print meanwhile, or after.
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        });
    assertEquals(List.of("refused", "refused", "refused"), refused);
    log.assertLines("posted, on the foreign thread: false, in the zone's isolate: true");
  }

  @Test
  @DisplayName("an uncaught-error handler that throws: the parent's handling gets the new error (the root: fatal)")
  void throwingErrorHandlerGoesToTheParent() {
    DartException first = new DartException("first");
    DartException second = new DartException("second");
    Throwable thrown =
        uncaught(
            () -> {
              Zone zone =
                  Zone.current()
                      .fork(
                          ZoneSpecification.builder()
                              .handleUncaughtError(
                                  (self, parent, z, e, s) -> {
                                    log.add("handler got " + e);
                                    throw second;
                                  })
                              .build());
              zone.handleUncaughtError(first, StackTrace.empty());
              log.add("after");
            });
    assertSame(second, thrown);
    log.assertLines("handler got Exception: first", "after");
  }
}
