package dev.dartasync.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.InaccessibleObjectException;
import java.util.concurrent.Executor;

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
          + "Surefire's <argLine>, or to an executable jar's manifest as "
          + "'Add-Opens: java.base/java.lang'.";

  private static final Constructor<?> BUILDER_CONSTRUCTOR;
  private static final RuntimeException UNAVAILABLE;

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
    BUILDER_CONSTRUCTOR = constructor;
    UNAVAILABLE = failure;
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

  /** Whether the seam works in this JVM (the flag is present and the JDK has the constructor). */
  public static boolean available() {
    return UNAVAILABLE == null;
  }
}
