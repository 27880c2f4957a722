package dev.dartasync.junit;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.fakeasync.FakeAsync;
import dev.dartasync.isolate.RawReceivePort;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * {@link DartTest}: each behaviour is a test of {@link Cases}, run through the launcher, whose
 * outcome (passed, or the failure's type and message) is checked here.
 */
class DartTestTest {

  private static final CompletableFuture<String> NEVER = new CompletableFuture<>();
  static volatile Duration fakeElapsed;
  static volatile Thread methodThread;

  /** Run only through the launcher below (Surefire skips nested classes). */
  static final class Cases {
    @DartTest
    void awaitsInTheMethod() {
      methodThread = Thread.currentThread();
      assertEquals(3, (int) await(DFuture.delayed(Duration.ofMillis(5), () -> 3)));
    }

    @DartTest
    void uncaughtAsyncError() {
      Timer.run(
          () -> {
            throw new StateError("boom");
          });
    }

    @DartTest
    void methodFails() {
      await(DFuture.value(1));
      assertEquals(1, 2, "the method's own assertion");
    }

    @DartTest
    void leaksTimer() {
      new Timer(Duration.ofHours(1), () -> {});
    }

    @DartTest
    void leaksPortAndPeriodicTimer() {
      new RawReceivePort(message -> {});
      Timer.periodic(Duration.ofMillis(50), t -> {});
    }

    @DartTest
    void cancelsWhatItStarts() {
      Timer timer = new Timer(Duration.ofHours(1), () -> {});
      RawReceivePort port = new RawReceivePort(message -> {});
      Timer.run(timer::cancel); // run after the method returned: not a leak
      port.close();
    }

    @DartTest
    void fakeTime(FakeAsync fake) {
      DFuture<String> later = DFuture.delayed(Duration.ofHours(1), () -> "late");
      fake.elapse(Duration.ofHours(1));
      assertEquals("late", await(later));
      fakeElapsed = fake.elapsed();
    }

    @DartTest
    void fakeLeaksTimer(FakeAsync fake) {
      new Timer(Duration.ofMinutes(2), () -> {});
      fake.elapse(Duration.ofMinutes(1));
    }

    @DartTest
    void fakeUncaught(FakeAsync fake) {
      new Timer(Duration.ofSeconds(1), () -> {
        throw new StateError("late boom");
      });
      fake.elapse(Duration.ofSeconds(1));
    }

    @DartTest
    void runsDry() {
      await(new Completer<Void>().future()); // nothing completes it, nothing keeps the isolate
    }

    @DartTest(timeout = 300, unit = TimeUnit.MILLISECONDS)
    void neverCompletes() {
      await(DFuture.fromCompletionStage(NEVER));
    }
  }

  private static TestExecutionSummary run(String method) {
    String parameters = method.startsWith("fake") ? FakeAsync.class.getName() : "";
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectMethod(Cases.class, method, parameters))
            // JUnit's own timeout well above @DartTest's, so that a failure here is the extension's.
            .configurationParameter("junit.jupiter.execution.timeout.default", "20 s")
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    assertEquals(1, summary.getTestsStartedCount(), method + " started");
    return summary;
  }

  private static void assertPasses(String method) {
    TestExecutionSummary summary = run(method);
    List<TestExecutionSummary.Failure> failures = summary.getFailures();
    if (!failures.isEmpty()) {
      throw new AssertionError(method + " failed", failures.getFirst().getException());
    }
    assertEquals(1, summary.getTestsSucceededCount());
  }

  private static Throwable failure(String method) {
    TestExecutionSummary summary = run(method);
    assertEquals(1, summary.getTestsFailedCount(), method + " should fail");
    return summary.getFailures().getFirst().getException();
  }

  @Test
  @DisplayName("the method runs as an isolate's main, on an async body: await works in it")
  void awaits() {
    assertPasses("awaitsInTheMethod");
    assertNotNull(methodThread);
  }

  @Test
  @DisplayName("an uncaught async error fails the test with Dart's report, the error as the cause")
  void uncaught() {
    Throwable failure = failure("uncaughtAsyncError");
    assertInstanceOf(AssertionError.class, failure);
    assertEquals("Unhandled exception:\nBad state: boom", failure.getMessage());
    assertInstanceOf(StateError.class, failure.getCause());
  }

  @Test
  @DisplayName("what the method throws fails the test as it is")
  void methodThrows() {
    Throwable failure = failure("methodFails");
    assertEquals(
        "the method's own assertion ==> expected: <1> but was: <2>", failure.getMessage());
    assertEquals("org.opentest4j.AssertionFailedError", failure.getClass().getName());
  }

  @Test
  @DisplayName("a timer left pending fails the test at once, naming its duration and where it was made")
  void leakedTimer() {
    Throwable failure = failure("leaksTimer");
    assertEquals(
        "The test left this behind, which would keep its isolate alive:\n"
            + "  a Timer of 3600000 ms created at "
            + Cases.class.getName()
            + ".leaksTimer(DartTestTest.java:64)",
        failure.getMessage());
  }

  @Test
  @DisplayName("an open port and a periodic timer are named, one line each")
  void leakedPort() {
    Throwable failure = failure("leaksPortAndPeriodicTimer");
    assertEquals(
        "The test left these behind, which would keep its isolate alive:\n"
            + "  a periodic Timer of 50 ms created at "
            + Cases.class.getName()
            + ".leaksPortAndPeriodicTimer(DartTestTest.java:70)\n"
            + "  an open RawReceivePort",
        failure.getMessage());
  }

  @Test
  @DisplayName("what the queued work cancels and closes before the check is no leak")
  void noLeak() {
    assertPasses("cancelsWhatItStarts");
  }

  @Test
  @DisplayName("a FakeAsync parameter runs the method in FakeAsync.run, with that run's FakeAsync")
  void fakeAsync() {
    long start = System.nanoTime();
    assertPasses("fakeTime");
    assertEquals(Duration.ofHours(1), fakeElapsed);
    assertTrue(System.nanoTime() - start < TimeUnit.MINUTES.toNanos(1), "an hour of fake time");
  }

  @Test
  @DisplayName("a fake timer left pending fails the test too")
  void fakeLeak() {
    Throwable failure = failure("fakeLeaksTimer");
    assertEquals(
        "The test left this behind, which would keep its isolate alive:\n"
            + "  a Timer of 120000 ms created at "
            + Cases.class.getName()
            + ".fakeLeaksTimer(DartTestTest.java:91)",
        failure.getMessage());
  }

  @Test
  @DisplayName("an uncaught error under FakeAsync fails the test with Dart's report too")
  void fakeUncaughtError() {
    Throwable failure = failure("fakeUncaught");
    assertEquals("Unhandled exception:\nBad state: late boom", failure.getMessage());
    assertInstanceOf(StateError.class, failure.getCause());
  }

  @Test
  @DisplayName("a method awaiting what nothing completes fails with Dart.run's own error, as it is")
  void ranDry() {
    Throwable failure = failure("runsDry");
    assertInstanceOf(IllegalStateException.class, failure);
    assertTrue(
        failure.getMessage().startsWith("The isolate ran dry before main's future completed"),
        failure.getMessage());
  }

  @Test
  @DisplayName("the timeout fires: it stops the isolate and fails the test")
  void timeout() {
    try {
      Throwable failure = failure("neverCompletes");
      assertInstanceOf(TimeoutException.class, failure);
      assertEquals(
          "neverCompletes() timed out after 300 ms: its isolate was still running, and was stopped",
          failure.getMessage());
      assertInstanceOf(InterruptedException.class, failure.getSuppressed()[0]);
    } finally {
      NEVER.complete("released");
    }
    assertSame(false, Thread.currentThread().isInterrupted());
  }

  /** A lifecycle method asking for a FakeAsync: not resolved (it would run on no fake clock). */
  static final class FakeInBeforeEach {
    @org.junit.jupiter.api.BeforeEach
    void setUp(FakeAsync fake) {}

    @DartTest
    void test() {}
  }

  @Test
  @DisplayName("a FakeAsync parameter of a lifecycle method is JUnit's unresolved-parameter error")
  void fakeInLifecycleMethod() {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(org.junit.platform.engine.discovery.DiscoverySelectors.selectClass(
                    FakeInBeforeEach.class))
                .build(),
            listener);
    Throwable failure = listener.getSummary().getFailures().getFirst().getException();
    assertTrue(
        failure.getMessage().startsWith("No ParameterResolver registered for parameter"),
        failure.getMessage());
  }
}
