package dev.dartasync.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One copy plan's combined method handles ({@link FieldHandles}), built off the copying thread.
 * Building them spins LambdaForm classes: in a fresh JVM that made the first copy of a lambda take
 * 51 ms, of a record 69 ms and of a plain object 114 ms (medians of 5 fresh JVMs, JDK 25, 2 cores),
 * and the first {@code Isolate.run} block its caller for ~80 ms. Until the handles are ready the
 * plan copies through plain reflection ({@link ReflectiveFields}): same copies, slower per object.
 *
 * <p>A plan asks for its handles only after {@value #USES_BEFORE_BUILD} copies of its class, so a
 * class sent once or twice (a lambda given to {@code Isolate.run}) never costs the background
 * thread's CPU, which on a 2-core machine would otherwise be taken from the isolates running
 * right then. The handles are built by one shared daemon thread and published through a volatile
 * field; the copying thread never waits for them.
 *
 * @param <H> the plan's handles
 */
final class WarmHandles<H> {

  /** Copies of a class through reflection before its handles are requested. */
  static final int USES_BEFORE_BUILD = 32;

  /** Which path plans take: the testing seam forces one to compare them. */
  enum Mode {
    /** Reflection until the handles, built in the background, are ready. */
    BACKGROUND,
    /** Reflection only, even where handles are ready. */
    REFLECTION,
    /** The handles, built on the copying thread on first use if needed. */
    HANDLES
  }

  static volatile Mode mode = Mode.BACKGROUND;

  /** How many plans' handles have been built so far (for tests of the background path). */
  static final AtomicLong built = new AtomicLong();

  /** Builds a plan's handles. */
  @FunctionalInterface
  interface Builder<H> {
    H buildHandles() throws ReflectiveOperationException;
  }

  private static final class Worker {
    static final Executor EXECUTOR =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(task, "dart-async-copy-handles");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** Returns once the handles requested so far are built (or failed). */
  static void awaitBuilt() throws InterruptedException {
    var done = new java.util.concurrent.CountDownLatch(1);
    Worker.EXECUTOR.execute(done::countDown);
    done.await();
  }

  private final Builder<H> builder;
  private final AtomicBoolean requested = new AtomicBoolean();
  private volatile H ready;
  private int uses;

  WarmHandles(Builder<H> builder) {
    this.builder = builder;
  }

  /** The handles, or {@code null} when the caller must use reflection this time. */
  H get() {
    H handles = ready;
    if (handles != null) {
      return mode == Mode.REFLECTION ? null : handles;
    }
    return cold();
  }

  private H cold() {
    switch (mode) {
      case REFLECTION:
        return null;
      case HANDLES:
        H handles = build();
        if (handles == null) {
          throw new IllegalStateException("the copy plan's handles could not be built");
        }
        return handles;
      default:
        // Racy count: a lost increment only delays the request.
        if (++uses >= USES_BEFORE_BUILD && requested.compareAndSet(false, true)) {
          Worker.EXECUTOR.execute(this::build);
        }
        return null;
    }
  }

  private H build() {
    try {
      H handles = builder.buildHandles();
      ready = handles;
      built.incrementAndGet();
      return handles;
    } catch (ReflectiveOperationException | RuntimeException e) {
      // The plan was checked when it was made; should the handles still fail, reflection serves.
      return null;
    }
  }
}
