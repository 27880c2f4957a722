package dev.dartasync.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The continuation carrier's one reach into the JDK: {@code jdk.internal.vm.Continuation} and
 * {@code ContinuationScope}, the one-shot delimited continuations under the JDK's virtual threads,
 * used bare (no thread around them). They live in a package that {@code java.base} does not
 * export, so the JVM needs {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}; the
 * library reaches them through method handles (held in static finals, so the JIT inlines them as
 * direct calls), which keeps the build free of the flag. Without it, {@link #available()} is false
 * and {@link #unavailableReason()} says why.
 */
final class ContinuationSeam {
  private ContinuationSeam() {}

  /** The flag this seam needs, as the user writes it on the java command line. */
  static final String FLAG = "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED";

  /** The text of the refusal when the JVM lacks the flag; tests quote it. */
  static final String MISSING_FLAG_MESSAGE =
      "the continuation carrier runs async bodies as the JDK's own continuations, which needs the "
          + "JVM flag "
          + FLAG
          + ". Add it to the java command line (java "
          + FLAG
          + " ...), to Maven Surefire's <argLine>, or to an executable jar's manifest as "
          + "'Add-Exports: java.base/jdk.internal.vm'.";

  /** {@code new Continuation(scope, target)}, typed {@code (Object, Runnable)Object}. */
  private static final MethodHandle NEW_CONTINUATION;
  /** {@code continuation.run()}, typed {@code (Object)void}. */
  private static final MethodHandle RUN;
  /** {@code Continuation.yield(scope)}, typed {@code (Object)boolean}. */
  private static final MethodHandle YIELD;
  /** The one scope of all bodies of this library (a {@code ContinuationScope}), or null. */
  private static final Object SCOPE;
  /** Why the seam does not work here, or null. */
  private static final String UNAVAILABLE;

  static {
    MethodHandle newContinuation = null;
    MethodHandle run = null;
    MethodHandle yield = null;
    Object scope = null;
    String unavailable = null;
    try {
      Class<?> continuation = Class.forName("jdk.internal.vm.Continuation");
      Class<?> scopeClass = Class.forName("jdk.internal.vm.ContinuationScope");
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      newContinuation =
          lookup
              .findConstructor(
                  continuation, MethodType.methodType(void.class, scopeClass, Runnable.class))
              .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
      run =
          lookup
              .findVirtual(continuation, "run", MethodType.methodType(void.class))
              .asType(MethodType.methodType(void.class, Object.class));
      yield =
          lookup
              .findStatic(continuation, "yield", MethodType.methodType(boolean.class, scopeClass))
              .asType(MethodType.methodType(boolean.class, Object.class));
      scope =
          lookup
              .findConstructor(scopeClass, MethodType.methodType(void.class, String.class))
              .invoke("dart-async");
      probe(newContinuation, run, yield, scope);
    } catch (IllegalAccessException e) {
      unavailable = MISSING_FLAG_MESSAGE;
    } catch (Throwable e) {
      unavailable =
          "the continuation carrier needs the JDK's own continuations as JDK 21 to 25 have them, "
              + "and this JDK ("
              + Runtime.version()
              + ") does not offer them so ("
              + e.getClass().getSimpleName()
              + ").";
    }
    if (unavailable != null) {
      newContinuation = run = yield = null;
      scope = null;
    }
    NEW_CONTINUATION = newContinuation;
    RUN = run;
    YIELD = yield;
    SCOPE = scope;
    UNAVAILABLE = unavailable;
  }

  /** Runs a continuation that yields once and ends: that the JVM lets us do all we need. */
  private static void probe(MethodHandle make, MethodHandle run, MethodHandle yield, Object scope)
      throws Throwable {
    int[] steps = new int[1];
    Runnable target =
        () -> {
          steps[0]++;
          try {
            boolean yielded = (boolean) yield.invokeExact(scope);
            if (!yielded) {
              throw new IllegalStateException("a continuation could not yield");
            }
          } catch (RuntimeException | Error e) {
            throw e;
          } catch (Throwable e) {
            throw new IllegalStateException(e);
          }
          steps[0]++;
        };
    Object c = (Object) make.invokeExact(scope, target);
    run.invokeExact(c);
    run.invokeExact(c);
    if (steps[0] != 2) {
      throw new IllegalStateException("a continuation ran " + steps[0] + " of its 2 steps");
    }
  }

  /** Whether the JDK's continuations can be used in this JVM. */
  static boolean available() {
    return UNAVAILABLE == null;
  }

  /** Why they cannot, or null. */
  static String unavailableReason() {
    return UNAVAILABLE;
  }

  /** A new, not yet started continuation that runs {@code target}. */
  static Object newContinuation(Runnable target) {
    try {
      return (Object) NEW_CONTINUATION.invokeExact(SCOPE, target);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Runs {@code continuation} on the calling thread until it yields or ends: its first run starts
   * it, each later one continues it from its last yield.
   */
  static void run(Object continuation) {
    try {
      RUN.invokeExact(continuation);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /**
   * On a continuation's stack: suspends it, returning to the {@link #run} that ran it; returns
   * when it is run again.
   *
   * @throws IllegalStateException if it cannot suspend here: it is pinned (a class initializer, a
   *     native frame; the JDK's text starts with "Pinned")
   */
  static void yieldNow() {
    try {
      boolean unused = (boolean) YIELD.invokeExact(SCOPE);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }
}
