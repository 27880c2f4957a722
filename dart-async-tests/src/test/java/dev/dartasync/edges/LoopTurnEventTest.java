package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.Timer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop's Flight Recorder events: a recording that enables {@code dev.dartasync.LoopTurn}
 * finds one event per long turn, of each kind (an event's callback, a microtask drain, a timer
 * event), with the isolate's name; turns shorter than the threshold are not recorded.
 */
@Timeout(30)
class LoopTurnEventTest {

  @Test
  void aRecordingFindsTheLongTurnsOfEachKind(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("loop.jfr");
    try (Recording recording = new Recording()) {
      recording.enable("dev.dartasync.LoopTurn").withThreshold(Duration.ofMillis(40));
      recording.start();
      Dart.run(
          () -> {
            BlockedLoopWatchTest.busyFor(100); // The main event itself: an "event" turn.
            Dart.scheduleMicrotask(() -> BlockedLoopWatchTest.busyFor(100)); // "microtasks".
            Completer<Void> fired = new Completer<>();
            new Timer(
                Duration.ofMillis(1),
                () -> {
                  BlockedLoopWatchTest.busyFor(100); // "timer".
                  fired.complete(null);
                });
            await(fired.future());
            for (int i = 0; i < 50; i++) {
              await(dev.dartasync.DFuture.delayed(Duration.ZERO)); // Short turns: none recorded.
            }
            return null;
          });
      recording.stop();
      recording.dump(file);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("dev.dartasync.LoopTurn"))
            .toList();
    Set<String> kinds = new TreeSet<>();
    for (RecordedEvent e : events) {
      assertEquals("main", e.getString("isolate"), e::toString);
      assertTrue(e.getDuration().toMillis() >= 40, e::toString);
      kinds.add(e.getString("kind"));
    }
    assertEquals(Set.of("event", "microtasks", "timer"), kinds, events::toString);
    assertTrue(events.size() <= 4, events::toString); // The 50 short turns are not there.
    assertTrue(Files.size(file) > 0);
  }
}
