package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * The one place that reaches into the JDK: a virtual-thread builder whose scheduler is an
 * {@link Executor} of ours, so that an isolate's event loop thread carries all of its async bodies.
 *
 * <p>The JDK has no public API for this. {@code java.lang.ThreadBuilders$VirtualThreadBuilder} has a
 * package-private constructor taking the scheduler (present in JDK 21 and 25); calling it needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}. Without the flag the first use fails with an
 * {@link IllegalStateException} that names the flag and where to put it. Keeping this behind one
 * small class lets a public JDK API, or a flag-free fallback, replace it later.
 */
public final class CarrierSeam {

  /** The text of the error thrown when the JVM lacks the flag; tests and the README quote it. */
  public static final String MISSING_FLAG_MESSAGE =
      "dart-async runs async bodies as virtual threads carried by the isolate's event loop, which "
          + "needs the JVM flag --add-opens java.base/java.lang=ALL-UNNAMED. Add it to the java "
          + "command line (java --add-opens java.base/java.lang=ALL-UNNAMED ...), to Maven "
          + "Surefire's <argLine>, to .mvn/jvm.config for mvn exec:java, or to an executable "
          + "jar's manifest as 'Add-Opens: java.base/java.lang'.";

  private static final Constructor<?> BUILDER_CONSTRUCTOR;
  private static final RuntimeException UNAVAILABLE;

  /**
   * The class of the continuation task a virtual thread hands its scheduler (in JDK 21 to 25 the
   * bound method reference {@code this::runContinuation}, one hidden class for all threads), and
   * a getter of the thread it is bound to. With it {@link Carrier#execute} tells its own bodies from
   * the threads that user code starts inside a body, which inherit the body's scheduler.
   */
  private static final Class<?> CONTINUATION_CLASS;
  private static final MethodHandle CONTINUATION_THREAD;
  /** The JDK's own virtual-thread scheduler, where every thread that is not a body goes. */
  private static final Executor DEFAULT_SCHEDULER;
  /** {@code VirtualThread.runContinuation}: a virtual thread's continuation task. */
  private static final MethodHandle RUN_CONTINUATION;

  static {
    Constructor<?> constructor = null;
    RuntimeException failure = null;
    try {
      Class<?> builderClass = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
      constructor = builderClass.getDeclaredConstructor(Executor.class);
      constructor.setAccessible(true);
    } catch (InaccessibleObjectException e) {
      failure = new IllegalStateException(MISSING_FLAG_MESSAGE, e);
    } catch (ReflectiveOperationException | RuntimeException e) {
      failure =
          new IllegalStateException(
              "dart-async needs a JDK 21+ whose java.lang.ThreadBuilders$VirtualThreadBuilder has "
                  + "a constructor taking an Executor (found in JDK 21 to 25); this JDK ("
                  + Runtime.version()
                  + ") does not have it.",
              e);
    }
    Class<?> continuationClass = null;
    MethodHandle continuationThread = null;
    Executor defaultScheduler = null;
    MethodHandle runContinuationGetter = null;
    if (failure == null) {
      try {
        Class<?> vthread = Class.forName("java.lang.VirtualThread");
        Field runContinuation = vthread.getDeclaredField("runContinuation");
        runContinuation.setAccessible(true);
        Thread probe = Thread.ofVirtual().unstarted(() -> {});
        Object task = runContinuation.get(probe);
        continuationClass = task.getClass();
        runContinuationGetter =
            MethodHandles.lookup()
                .unreflectGetter(runContinuation)
                .asType(MethodType.methodType(Runnable.class, Thread.class));
        Field bound = null;
        for (Field f : continuationClass.getDeclaredFields()) {
          if (!Modifier.isStatic(f.getModifiers()) && Thread.class.isAssignableFrom(f.getType())) {
            bound = f;
          }
        }
        if (bound == null) {
          throw new NoSuchFieldException("the thread bound to " + continuationClass);
        }
        bound.setAccessible(true);
        continuationThread =
            MethodHandles.lookup()
                .unreflectGetter(bound)
                .asType(MethodType.methodType(Thread.class, Runnable.class));
        Field scheduler = vthread.getDeclaredField("DEFAULT_SCHEDULER");
        scheduler.setAccessible(true);
        defaultScheduler = (Executor) scheduler.get(null);
      } catch (ReflectiveOperationException | RuntimeException e) {
        failure =
            new IllegalStateException(
                "dart-async could not read the continuation of a virtual thread on this JDK ("
                    + Runtime.version()
                    + "); it knows JDK 21 to 25.",
                e);
      }
    }
    BUILDER_CONSTRUCTOR = constructor;
    UNAVAILABLE = failure;
    CONTINUATION_CLASS = continuationClass;
    CONTINUATION_THREAD = continuationThread;
    DEFAULT_SCHEDULER = defaultScheduler != null ? defaultScheduler : ForkJoinPool.commonPool();
    RUN_CONTINUATION = runContinuationGetter;
  }

  /**
   * The continuation task of virtual thread {@code thread} (what its scheduler is handed): read
   * from the thread, a final field, instead of kept in each body (4 B per parked body).
   */
  static Runnable continuationOf(Thread thread) {
    try {
      return (Runnable) RUN_CONTINUATION.invokeExact(thread);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /**
   * The virtual thread whose continuation task {@code task} is, or null if it is not one: a
   * field read through a method handle, a few ns, on every hand-over.
   */
  static Thread threadOf(Runnable task) {
    if (task.getClass() != CONTINUATION_CLASS) {
      return null;
    }
    try {
      return (Thread) CONTINUATION_THREAD.invokeExact(task);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /** The JDK's default virtual-thread scheduler (a ForkJoinPool of platform carriers). */
  static Executor defaultScheduler() {
    return DEFAULT_SCHEDULER;
  }

  private CarrierSeam() {}

  /**
   * Returns a builder of virtual threads whose continuations are handed to {@code scheduler}.
   *
   * @throws IllegalStateException if the JVM was started without the {@code --add-opens} flag
   */
  public static Thread.Builder.OfVirtual virtualThreadBuilder(Executor scheduler) {
    if (UNAVAILABLE != null) {
      throw new IllegalStateException(UNAVAILABLE.getMessage(), UNAVAILABLE.getCause());
    }
    try {
      return (Thread.Builder.OfVirtual) BUILDER_CONSTRUCTOR.newInstance(scheduler);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not build a virtual thread builder", e);
    }
  }

  /**
   * Whether the seam fails only for want of {@code --add-opens} (not because this JDK lacks what it
   * needs).
   */
  static boolean lacksOnlyTheFlag() {
    return UNAVAILABLE != null && UNAVAILABLE.getCause() instanceof InaccessibleObjectException;
  }

  /** Why the seam does not work in this JVM, or null if it does. */
  static String unavailableReason() {
    return UNAVAILABLE == null ? null : UNAVAILABLE.getMessage();
  }

  /** Whether the seam works in this JVM (the flag is present and the JDK has the constructor). */
  public static boolean available() {
    return UNAVAILABLE == null;
  }
}
