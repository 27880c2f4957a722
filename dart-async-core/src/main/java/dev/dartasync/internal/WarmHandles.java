package dev.dartasync.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One copy plan's combined method handles ({@link FieldHandles}), built off the copying thread.
 * Building them spins LambdaForm classes (foldArguments, permuteArguments, asSpreader shapes), and
 * on the copying thread that made a class's first copy slow. Until the handles are ready the plan
 * copies through plain reflection ({@link ReflectiveFields}): the same copies, slower per object.
 *
 * <p>Measured in fresh JVMs (JDK 25, a shared 2-core machine, medians of 7 runs), first copy of a
 * lambda / a record holding a list / a plain object with int, long, double and reference fields,
 * after one list copy had loaded the copier: 46 / 32 / 62 ms with the handles built on the copying
 * thread, 11 / 18 / 45 ms now (what remains is the JDK's own one-time reflection set-up per field
 * type, about 4 ms each, and the serialization constructor). A program's first {@code
 * Isolate.run(() -> k)} went from 97 to 54 ms. Copying 300,000 small objects once the handles are
 * ready is unchanged within the noise (best of 60: 82 ms before, 86 ms after).
 *
 * <p>A plan asks for its handles only after {@value #USES_BEFORE_BUILD} copies of its class, so a
 * class sent once or twice (a lambda given to {@code Isolate.run}) never costs the background
 * thread's CPU, which on a 2-core machine is taken from the isolates running right then. The
 * handles are built by one shared daemon thread and published through a volatile field; the
 * copying thread never waits for them. The price is paid by a big first message: its objects go
 * through reflection until the handles arrive (a first copy of 300,000 objects took 608 ms instead
 * of 526 ms).
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

  /**
   * Set only by tests, on the thread that then copies; not volatile, as it is read up to three
   * times per copied object.
   */
  static Mode mode = Mode.BACKGROUND;

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
