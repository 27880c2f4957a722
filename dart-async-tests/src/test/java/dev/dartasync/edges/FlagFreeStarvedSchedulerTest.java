package dev.dartasync.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.CarrierKind;
import dev.dartasync.testing.CarrierAssumptions;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The flag-free carrier's one hang that no watchdog of an isolate can break: every thread of the
 * JDK's virtual-thread scheduler parked under a pinned virtual thread (an await inside a class
 * initializer holds one until it resumes, and only a scheduler thread can resume it). It ends in
 * a clear error within a bound: {@code Dart.run} on a platform thread throws it, and it is
 * logged. A scheduler that is only busy (CPU work) is slow, not hung, and fails nothing.
 *
 * <p>Each case is a child JVM with {@code -Djdk.virtualThreadScheduler.parallelism=1}, so one
 * pinned await is enough; it runs once (in the flag-free run of the suite).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FlagFreeStarvedSchedulerTest {

  @BeforeEach
  void onceInTheFlagFreeRun() {
    CarrierAssumptions.assumeCarrier(CarrierKind.FLAG_FREE, "starts flag-free child JVMs");
  }

  private static ChildProcess.Result run(String mode) throws Exception {
    return ChildJvm.main(FlagFreeStarvedMain.class, mode)
        .withoutAddOpens()
        .systemProperty("dartasync.carrier", "flag-free")
        .systemProperty("jdk.virtualThreadScheduler.parallelism", "1")
        .timeout(Duration.ofSeconds(40))
        .run();
  }

  @Test
  void anAwaitInAClassInitializerThatStarvesTheSchedulerFailsDartRun() throws Exception {
    ChildProcess.Result result = run("pinned");
    assertEquals(0, result.exitCode(), result::describe);
    List<String> out = result.stdoutLines();
    assertEquals("threw java.lang.IllegalStateException", out.get(0), result::describe);
    String message = out.get(1);
    assertTrue(message.startsWith("Every thread of the JDK's virtual-thread scheduler (1) is"),
        result::describe);
    assertTrue(message.contains("class initializer"), result::describe);
    assertTrue(message.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), result::describe);
    assertEquals("within 10 s", out.get(out.size() - 1), result::describe);
    assertTrue(result.stderr().contains("ERROR"), result::describe);
    assertTrue(result.stderr().contains("Every thread of the JDK's virtual-thread scheduler"),
        result::describe);
  }

  @Test
  void aSchedulerThatIsOnlyBusyFailsNothing() throws Exception {
    ChildProcess.Result result = run("busy");
    assertEquals(0, result.exitCode(), result::describe);
    assertEquals(List.of("value 42", "within 10 s"), result.stdoutLines(), result::describe);
    assertEquals("", result.stderr(), result::describe);
  }
}
