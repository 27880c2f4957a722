package dev.dartasync.fakeasync;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.StateError;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A body blocked in a call the fake clock does not own fails the run, naming the call, under both
 * carriers: the virtual-thread carrier sees the body's thread park outside an await; the flag-free
 * one, whose blocked body keeps the baton, looks at the holder's thread while it waits for it.
 */
@Timeout(60)
class FakeAsyncBlockingTest {

  private static final String TAIL =
      ", which the fake clock does not own: no elapse can end it, only real time or the outside"
          + " world. Under FakeAsync wait with a timer (DFuture.delayed) or a future, not a"
          + " blocking call.";

  @Test
  @DisplayName("Thread.sleep in the body: StateError naming java.lang.Thread.sleep and the line, at once")
  void threadSleep() {
    long before = System.nanoTime();
    StateError e =
        assertThrows(
            StateError.class,
            () ->
                FakeAsync.run(
                    fake -> {
                      fake.elapse(Duration.ofSeconds(1));
                      Thread.sleep(20_000);
                    }));
    long tookMs = (System.nanoTime() - before) / 1_000_000;
    String text = e.toString();
    assertTrue(
        text.startsWith(
            "Bad state: FakeAsync.run: an async body is blocked in java.lang.Thread.sleep (at"
                + " dev.dartasync.fakeasync.FakeAsyncBlockingTest."),
        text);
    assertTrue(text.contains("FakeAsyncBlockingTest.java:"), text);
    assertTrue(text.endsWith(TAIL), text);
    assertTrue(tookMs < 15_000, "failed after " + tookMs + " ms, not at once");
  }

  @Test
  @DisplayName("a socket accept in the body: StateError naming java.net.ServerSocket.accept")
  void socketAccept() throws Exception {
    try (ServerSocket server = new ServerSocket(0)) {
      StateError e =
          assertThrows(
              StateError.class,
              () ->
                  FakeAsync.run(
                      fake -> {
                        server.accept();
                      }));
      String text = e.toString();
      assertTrue(
          text.startsWith(
              "Bad state: FakeAsync.run: an async body is blocked in java.net.ServerSocket.accept"
                  + " (at dev.dartasync.fakeasync.FakeAsyncBlockingTest."),
          text);
      assertTrue(text.endsWith(TAIL), text);
    }
  }
}
