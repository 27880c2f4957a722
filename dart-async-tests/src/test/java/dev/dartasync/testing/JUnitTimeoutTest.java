package dev.dartasync.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * src/test/resources/junit-platform.properties: a test stuck in an isolate's event loop fails
 * after the global timeout, because the thread mode runs it on a thread of its own.
 */
class JUnitTimeoutTest {

  /** Held open by {@link Stuck}'s isolate until this test releases it. */
  private static final CompletableFuture<String> NEVER = new CompletableFuture<>();

  /** The thread that ran {@link Stuck#eventLoopNeverRunsDry()}. */
  private static volatile Thread stuckThread;

  /**
   * Run only through the launcher below: Surefire skips nested classes, and JUnit does not
   * discover a static nested class from its outer class.
   */
  static final class Stuck {
    @Test
    void eventLoopNeverRunsDry() {
      stuckThread = Thread.currentThread();
      // A pending Java computation keeps the isolate alive: Dart.run parks in its loop.
      Dart.run(() -> DFuture.fromCompletionStage(NEVER).ignore());
    }
  }

  @Test
  @DisplayName("a test whose isolate never runs dry fails with JUnit's timeout, on a thread of its own")
  void stuckTestFails() {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(Stuck.class))
            // Everything else (the thread mode) comes from junit-platform.properties.
            .configurationParameter("junit.jupiter.execution.timeout.default", "200 ms")
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    try {
      LauncherFactory.create().execute(request, listener);
    } finally {
      NEVER.complete("released"); // the isolate runs dry and the stuck thread ends
    }
    TestExecutionSummary summary = listener.getSummary();
    assertEquals(1, summary.getTestsStartedCount());
    assertEquals(1, summary.getTestsFailedCount());
    Throwable failure = summary.getFailures().getFirst().getException();
    assertInstanceOf(TimeoutException.class, failure);
    assertEquals("eventLoopNeverRunsDry() timed out after 200 milliseconds", failure.getMessage());
    assertNotNull(stuckThread);
    assertNotSame(
        Thread.currentThread(), stuckThread, "SEPARATE_THREAD: not the thread that ran the launcher");
  }
}
