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
 * source data event is converted; a future result pauses the source until it completes, its value
 * or error then being added; a null result is added as a null event at once; a throwing
 * conversion gives an error event.
 */
final class AsyncMap {
  private AsyncMap() {}

  static <T, E> DStream<E> of(
      DStream<T> source, Function<? super T, ? extends DFuture<? extends E>> convert) {
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
      Function<? super T, ? extends DFuture<? extends E>> convert,
      T event) {
    DFuture<? extends E> newValue;
    try {
      newValue = convert.apply(event);
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      AsyncError error = ZoneErrors.caught(e);
      ControllerPipe.addErrorDirect(controller, error.error(), error.stackTrace());
      return;
    }
    if (newValue == null) {
      controller.add(null); // Not a future: Dart adds a plain value at once.
      return;
    }
    subscription.pause();
    newValue
        .thenAccept(
            controller::add,
            (Throwable error, StackTrace stack) ->
                ControllerPipe.addErrorDirect(controller, error, stack))
        .whenComplete(subscription::resume);
  }
}
