package dev.dartasync.junit;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.fakeasync.FakeAsync;
import dev.dartasync.internal.IsolateRuntime;
import dev.dartasync.internal.Testing;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * The extension behind {@link DartTest}; it can also be registered with {@code
 * @ExtendWith(DartExtension.class)}, and then runs each {@code @Test} method of the class so (with
 * the default timeout where the method has no {@code @DartTest}).
 *
 * <p>How a test method runs: on the test's thread, {@code Dart.run} starts an isolate whose main
 * calls the method (so the method runs as an async body and may {@code await}). With a {@link
 * FakeAsync} parameter, {@code FakeAsync.run} starts it instead and the method gets that run's
 * {@code FakeAsync}. When the method has returned, the isolate runs what is already queued (the
 * microtasks, the events and zero-duration timers posted so far); then anything left that would keep
 * it alive (a timer, an open {@code ReceivePort} or {@code RawReceivePort}, a {@code
 * Completer.keepAlive()} not completed, a subscription to a {@code Stream.periodic}, whose timer it
 * is) fails the test, one line each, and stops the isolate.
 *
 * <p>Where errors go: an exception the method throws fails the test as it is. An uncaught error of
 * the isolate (in a callback, a microtask, an unawaited future) fails it with an {@link
 * AssertionError} whose message is {@code Unhandled exception:} and the error's Dart text, as the
 * {@code dart} command reports it, and whose cause is the error. A timeout interrupts the isolate's
 * thread, which stops the isolate, and fails the test with a {@link TimeoutException}.
 */
public final class DartExtension implements InvocationInterceptor, ParameterResolver {

  /** Creates the extension (JUnit does, for {@link DartTest} and {@code @ExtendWith}). */
  public DartExtension() {}

  private static final ScheduledExecutorService TIMEOUTS =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "dart-async-junit timeout");
            t.setDaemon(true);
            return t;
          });

  /**
   * Supports {@link FakeAsync} parameters of the test method itself: it gets the run's own. (A
   * lifecycle method's {@code FakeAsync} parameter is not supported: it runs on no fake clock.)
   */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == FakeAsync.class
        && context.getTestMethod().filter(parameter.getDeclaringExecutable()::equals).isPresent();
  }

  /** Null for now: the interceptor passes the run's {@link FakeAsync} in its place. */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return null;
  }

  @Override
  public void interceptTestMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    runInIsolate(invocation, invocationContext, context);
  }

  @Override
  public void interceptTestTemplateMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    runInIsolate(invocation, invocationContext, context);
  }

  private static void runInIsolate(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> call,
      ExtensionContext context)
      throws Throwable {
    Method method = call.getExecutable();
    DartTest settings = method.getAnnotation(DartTest.class);
    long timeoutNanos =
        settings == null
            ? TimeUnit.SECONDS.toNanos(30)
            : settings.unit().toNanos(Math.max(0, settings.timeout()));
    boolean fake = false;
    for (Parameter p : method.getParameters()) {
      fake |= p.getType() == FakeAsync.class;
    }
    // What the method itself threw: passed on as it is.
    Throwable[] thrownByMethod = new Throwable[1];
    Watchdog watchdog = new Watchdog(Thread.currentThread());
    if (timeoutNanos > 0) {
      watchdog.arm(timeoutNanos);
    }
    try {
      if (fake) {
        invocation.skip();
        try {
          FakeAsync.run(
              (FakeAsync.VoidBody)
                  f -> {
                    Testing.trackPendingWork();
                    invokeWithFake(call, f, thrownByMethod);
                    checkLeaks();
                  });
        } catch (Throwable e) {
          // FakeAsync.run throws the method's error, the leak check's, its own StateError (a body
          // nothing can resume), or else the isolate's uncaught error.
          boolean ownError =
              e instanceof StateError && String.valueOf(e.getMessage()).startsWith("FakeAsync.run");
          if (e == thrownByMethod[0] || e instanceof LeakError || ownError || watchdog.fired()) {
            throw e;
          }
          throw unhandled(e);
        }
      } else {
        IsolateRuntime isolate =
            Testing.runIsolate(
                () -> {
                  Testing.trackPendingWork();
                  try {
                    invocation.proceed();
                  } catch (Throwable e) {
                    thrownByMethod[0] = e; // main's error stops the isolate too: told apart here
                    throw Dart.rethrow(e); // the original object, checked or not
                  }
                  checkLeaks();
                  return null;
                });
        Throwable uncaught = isolate.fatalError();
        if (uncaught != null
            && uncaught != thrownByMethod[0]
            && !(uncaught instanceof LeakError)
            && !(uncaught instanceof InterruptedException) // someone else stopped it: as it is
            && !watchdog.fired()) {
          throw unhandled(uncaught);
        }
        isolate.value(); // the leak check's error, main's own error, or nothing
      }
    } catch (Throwable e) {
      throw afterTimeout(watchdog, method, timeoutNanos, e);
    } finally {
      if (watchdog.disarm()) {
        Thread.interrupted(); // The watchdog's interrupt: it stopped the isolate, and ends here.
      }
    }
    if (watchdog.fired()) {
      throw new TimeoutException(method.getName() + "() timed out after " + describe(timeoutNanos));
    }
  }

  /** An uncaught error of the isolate, as the test's failure: Dart's report, the error as cause. */
  private static AssertionError unhandled(Throwable error) {
    return new AssertionError("Unhandled exception:\n" + Testing.toDartString(error), error);
  }

  /** {@code e} as it is, or the timeout's failure (with {@code e} suppressed) if the time ran out. */
  private static Throwable afterTimeout(
      Watchdog watchdog, Method method, long timeoutNanos, Throwable e) {
    if (!watchdog.fired()) {
      return e;
    }
    TimeoutException timeout =
        new TimeoutException(
            method.getName()
                + "() timed out after "
                + describe(timeoutNanos)
                + ": its isolate was still running, and was stopped");
    timeout.addSuppressed(e);
    return timeout;
  }

  private static void invokeWithFake(
      ReflectiveInvocationContext<Method> call, FakeAsync fake, Throwable[] thrown)
      throws Exception {
    Method method = call.getExecutable();
    List<Object> args = new ArrayList<>(call.getArguments());
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      if (types[i] == FakeAsync.class) {
        args.set(i, fake);
      }
    }
    method.setAccessible(true);
    try {
      method.invoke(call.getTarget().orElse(null), args.toArray());
    } catch (InvocationTargetException e) {
      thrown[0] = e.getCause();
      throw Dart.rethrow(e.getCause());
    }
  }

  /**
   * In main, after the method returned: lets what is queued run (a zero-duration timer's event is
   * posted after them), then fails the test if anything would still keep the isolate alive. The
   * failure is thrown from a microtask, an uncaught error, so that it stops the isolate.
   */
  private static void checkLeaks() {
    Dart.await(DFuture.delayed(Duration.ZERO));
    List<String> pending = Testing.pendingWork();
    if (!pending.isEmpty()) {
      LeakError leak =
          new LeakError(
              "The test left "
                  + (pending.size() == 1 ? "this" : "these")
                  + " behind, which would keep its isolate alive:\n  "
                  + String.join("\n  ", pending));
      Dart.scheduleMicrotask(
          () -> {
            throw leak;
          });
    }
  }

  private static String describe(long nanos) {
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + " s";
    }
    return TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
  }

  /** The leak check's failure: a timer, port or other hold left behind. */
  static final class LeakError extends AssertionError {
    LeakError(String message) {
      super(message);
    }
  }

  /** Interrupts the test's thread when the time is up, unless disarmed first. */
  private static final class Watchdog {
    private final Thread thread;
    private ScheduledFuture<?> task;
    private boolean done;
    private boolean fired;

    Watchdog(Thread thread) {
      this.thread = thread;
    }

    void arm(long nanos) {
      task = TIMEOUTS.schedule(this::fire, nanos, TimeUnit.NANOSECONDS);
    }

    private synchronized void fire() {
      if (!done) {
        fired = true;
        thread.interrupt();
      }
    }

    synchronized boolean fired() {
      return fired;
    }

    /** Stops the watchdog; returns whether it fired (its interrupt was then delivered). */
    synchronized boolean disarm() {
      done = true;
      if (task != null) {
        task.cancel(false);
      }
      return fired;
    }
  }
}
