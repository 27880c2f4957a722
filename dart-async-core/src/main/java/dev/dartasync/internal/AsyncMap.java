package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Dart's {@code Stream.asyncMap} (stream.dart): a sync controller fed from {@code onListen}. Each
 * source data event is converted; a future result ({@link DFuture}) pauses the source until it
 * completes, its value or error then being added; any other result (null too) is Dart's plain
 * {@code FutureOr} value, added at once without pausing; a throwing conversion gives an error
 * event. {@code DStream.asyncMap} gives a function whose results are futures (or null), {@code
 * DStream.asyncMapFutureOr} one whose results may be either.
 */
final class AsyncMap {
  private AsyncMap() {}

  static <T, E> DStream<E> of(DStream<T> source, Function<? super T, ?> convert) {
    StreamControllerBase<E> controller = ControllerPipe.syncControllerFor(source);
    BiConsumer<Throwable, StackTrace> addError =
        (error, stack) -> ControllerPipe.addErrorDirect(controller, error, stack);
    controller.setOnListen(
        () -> {
          StreamSubscription<T> subscription = source.listen(null, addError, controller::close);
          subscription.onData(event -> convertEvent(controller, subscription, convert, event));
          ControllerPipe.connect(
              controller, subscription::cancel, subscription::pause, subscription::resume);
        });
    return controller.stream();
  }

  private static <T, E> void convertEvent(
      StreamControllerBase<E> controller,
      StreamSubscription<T> subscription,
      Function<? super T, ?> convert,
      T event) {
    Object newValue;
    try {
      newValue = convert.apply(event);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      AsyncError error = ZoneErrors.caught(e);
      ControllerPipe.addErrorDirect(controller, error.error(), error.stackTrace());
      return;
    }
    if (!(newValue instanceof DFuture<?> future)) {
      controller.add(plainValue(newValue)); // Not a future: Dart adds a plain value at once.
      return;
    }
    subscription.pause();
    @SuppressWarnings("unchecked") // FutureOr<E>: the caller's function promised an E.
    DFuture<? extends E> typed = (DFuture<? extends E>) future;
    typed
        .thenAccept(
            controller::add,
            (Throwable error, StackTrace stack) ->
                ControllerPipe.addErrorDirect(controller, error, stack))
        .whenComplete(subscription::resume);
  }

  @SuppressWarnings("unchecked") // FutureOr<E>: the caller's function promised an E.
  private static <E> E plainValue(Object value) {
    return (E) value;
  }
}
