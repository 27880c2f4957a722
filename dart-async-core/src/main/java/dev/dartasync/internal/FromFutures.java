package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;

/**
 * Dart's {@code Stream.fromFutures} (stream.dart): a sync controller fed by listeners registered
 * on every future now, so results that arrive before {@code listen} are buffered. Events come in
 * completion order; the stream closes when the last future has completed; with no futures it
 * closes in a microtask queued now.
 */
public final class FromFutures<T> {
  private final StreamControllerImpl<T> controller = new StreamControllerImpl<>(true);
  private int count;

  private FromFutures() {}

  public static <T> DStream<T> of(Iterable<? extends DFuture<? extends T>> futures) {
    Checks.notNull(futures, "futures");
    FromFutures<T> feed = new FromFutures<>();
    for (DFuture<? extends T> future : futures) {
      feed.count++;
      future.thenAccept(feed::onValue, feed::onError);
    }
    if (feed.count == 0) {
      // The controller is sync: closing now would deliver done inside listen's caller's code.
      ZoneImpl.current().scheduleMicrotaskFromCurrent(feed.controller::close);
    }
    return feed.controller.stream();
  }

  private void onValue(T value) {
    if (!controller.isClosed()) {
      controller.addUnchecked(value);
      closeIfLast();
    }
  }

  private void onError(Throwable error, StackTrace stackTrace) {
    if (!controller.isClosed()) {
      controller.addErrorUnchecked(error, stackTrace);
      closeIfLast();
    }
  }

  private void closeIfLast() {
    if (--count == 0) {
      controller.closeUnchecked();
    }
  }
}
