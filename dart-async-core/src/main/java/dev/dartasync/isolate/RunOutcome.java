package dev.dartasync.isolate;

import dev.dartasync.StackTrace;
import java.util.concurrent.Callable;

/** The messages between {@link Isolate#run} and its isolate (Dart's {@code _RemoteRunner}). */
final class RunOutcome {
  private RunOutcome() {}

  /** What is sent to the new isolate: the computation and where to answer. */
  record Runner<R>(Callable<R> computation, SendPort resultPort) {}

  /** The computation's result (Dart's {@code [result]}). */
  record Value(Object value) {}

  /** The computation's error, the original object and stack (Dart's {@code [e, s]}). */
  record Failure(Throwable error, StackTrace stackTrace) {}
}
