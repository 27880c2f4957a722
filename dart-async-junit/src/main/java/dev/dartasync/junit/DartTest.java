package dev.dartasync.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test whose method runs as the main of an isolate, as {@code Dart.run} runs it: the
 * method may {@code await}, and the test ends when the method has returned and the isolate has
 * nothing else to run. Use it instead of {@code @Test}.
 *
 * <pre>{@code
 * @DartTest
 * void delayedValue() {
 *   assertEquals("done", await(DFuture.delayed(Duration.ofMillis(10), () -> "done")));
 * }
 *
 * @DartTest
 * void anHourOfTimers(FakeAsync fake) { // runs inside FakeAsync.run, on a fake clock
 *   DFuture<String> later = DFuture.delayed(Duration.ofHours(1), () -> "late");
 *   fake.elapse(Duration.ofHours(1));
 *   assertEquals("late", await(later));
 * }
 * }</pre>
 *
 * <p>The test fails (see {@link DartExtension}) when the method throws (with that exception); when
 * an uncaught async error stops the isolate (an {@link AssertionError} whose message is Dart's
 * {@code Unhandled exception:} report of it, the error as its cause); when the method leaves a
 * timer, an open port or another hold on the isolate behind (naming each, instead of waiting for
 * it); and when the isolate still runs after {@link #timeout()} (the isolate is stopped).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Test
@ExtendWith(DartExtension.class)
public @interface DartTest {

  /**
   * How long the isolate may run (the method and what it leaves to run) before the test fails and
   * the isolate is stopped (its thread interrupted); 0 or less: no limit. 30 by default.
   */
  long timeout() default 30;

  /** The unit of {@link #timeout()}; seconds by default. */
  TimeUnit unit() default TimeUnit.SECONDS;
}
