package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A stream error handler that takes only the error (Dart's {@code onError: (e) => ...}), carried
 * where the API takes the two-argument shape. The subscription recognises it and registers and
 * runs {@link #handler} as a one-argument callback, as Dart does (runUnaryGuarded, not
 * runBinaryGuarded), so zone handlers see the same calls as in Dart.
 */
public record UnaryErrorHandler(Consumer<? super Throwable> handler)
    implements BiConsumer<Throwable, StackTrace> {

  /** {@code handler} wrapped, or null for null. */
  public static BiConsumer<Throwable, StackTrace> of(Consumer<? super Throwable> handler) {
    return handler == null ? null : new UnaryErrorHandler(handler);
  }

  @Override
  public void accept(Throwable error, StackTrace stackTrace) {
    handler.accept(error);
  }
}
