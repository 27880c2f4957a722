package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.StackTrace;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Calls made from a thread that is not the isolate's: state changes are posted to the isolate as
 * events, and code that would run synchronously in the isolate is refused.
 */
class ForeignCallsTest {

  /**
   * Runs {@code action} on a new platform thread and waits for it. Called inside an async body,
   * the join is a blocking JDK call: the body parks and the isolate runs other events meanwhile.
   */
  private static void onForeignThread(Runnable action) {
    Thread thread = new Thread(action, "foreign");
    thread.start();
    try {
      thread.join();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  @DisplayName("Timer.cancel from another thread is posted: the callback never runs")
  void cancelFromForeignThread() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Timer timer = new Timer(Duration.ofMillis(200), () -> log.add("fired"));
          Timer.run(
              () -> {
                onForeignThread(timer::cancel); // Posted; handled after this event.
                log.add("cancel posted");
              });
          new Timer(
              Duration.ofMillis(20), () -> log.add("active after cancel: " + timer.isActive()));
        });
    assertEquals(List.of("cancel posted", "active after cancel: false"), log);
  }

  @Test
  @DisplayName("Zone.run and runGuarded from another thread: IllegalStateException, the isolate unharmed")
  void zoneRunFromForeignThreadIsRefused() {
    AtomicReference<Throwable> seen = new AtomicReference<>();
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Zone root = Zone.root();
          onForeignThread(
              () -> {
                try {
                  root.runGuarded(() -> log.add("ran on the foreign thread"));
                } catch (IllegalStateException e) {
                  seen.set(e);
                }
              });
          log.add("isolate still running");
        });
    assertTrue(seen.get() != null && seen.get().getMessage().contains("another thread"));
    assertEquals(List.of("isolate still running"), log);
  }

  @Test
  @DisplayName("handleUncaughtError from another thread runs the zone's handler on the isolate")
  void uncaughtReportFromForeignThread() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Zone root = Zone.root();
          Dart.runZonedGuarded(
              () -> {
                Zone guarded = Zone.current();
                onForeignThread(
                    () ->
                        guarded.handleUncaughtError(
                            new DartException("from afar"), StackTrace.empty()));
                return null;
              },
              (error, stack) ->
                  log.add(
                      "handled "
                          + error
                          + " on the isolate: "
                          + (Zone.root() == root)
                          + ", on the foreign thread: "
                          + Thread.currentThread().getName().equals("foreign")));
        });
    // The body's join() is a blocking JDK call, an implicit await: the loop handled the posted
    // report meanwhile, on its own thread.
    assertEquals(
        List.of("handled Exception: from afar on the isolate: true, on the foreign thread: false"),
        log);
  }
}
