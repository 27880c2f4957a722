package dev.dartasync.internal;

import dev.dartasync.DFuture;

/**
 * Dart's {@code Future._nullFuture}: what {@code StreamSubscription.cancel()} returns when the
 * source had no clean-up future. A distinct class so that code ported from Dart's {@code
 * identical(cancelFuture, Future._nullFuture)} tests (stream_pipe.dart {@code _cancelAndValue},
 * {@code _cancelAndError}) can skip waiting for it: {@link #isNull}.
 */
final class NullFuture extends FutureImpl<Void> {

  NullFuture(ZoneImpl root) {
    super(root);
    setValue(null);
  }

  /** Whether a cancel future means "nothing to wait for": null or Dart's null future. */
  static boolean isNull(DFuture<?> cancelFuture) {
    return cancelFuture == null || cancelFuture instanceof NullFuture;
  }
}
