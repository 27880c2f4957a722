package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.EventSink;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import dev.dartasync.TimeoutException;
import dev.dartasync.Timer;
import java.time.Duration;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code Stream.timeout} (stream.dart): a sync controller whose {@code onListen} starts a
 * timer in the zone of the {@code timeout} call and listens to the source; every data or error
 * event restarts the timer, done and cancel stop it, and (single-subscription only) pause stops it
 * and resume starts it anew. When it fires, the default adds {@code TimeoutException after <limit>:
 * No stream event} (with the empty stack trace); an {@code onTimeout} callback instead runs,
 * guarded in that zone, with a sink valid only during the call.
 */
final class TimeoutStream<T> {
  private final StreamControllerBase<T> controller;
  private final DStream<T> source;
  private final Duration timeLimit;
  private final ZoneImpl zone;
  private final Runnable timeoutCallback;
  /** The running timer of the current listen. */
  private Timer timer;

  private TimeoutStream(DStream<T> source, Duration timeLimit, Consumer<EventSink<T>> onTimeout) {
    this.controller = ControllerPipe.syncControllerFor(source);
    this.source = source;
    this.timeLimit = timeLimit;
    this.zone = ZoneImpl.current();
    if (onTimeout == null) {
      this.timeoutCallback =
          () -> controller.addError(new TimeoutException("No stream event", timeLimit), null);
    } else {
      // Registered now, as Dart does.
      Consumer<EventSink<T>> registered = zone.registerConsumerOwned(onTimeout);
      ControllerEventSinkWrapper<T> wrapper = new ControllerEventSinkWrapper<>();
      this.timeoutCallback =
          () -> {
            wrapper.sink = controller; // Only valid during the call.
            zone.runUnaryGuardedOwned(registered, wrapper);
            wrapper.sink = null;
          };
    }
    controller.setOnListen(this::onListen);
  }

  static <T> DStream<T> of(
      DStream<T> source, Duration timeLimit, Consumer<EventSink<T>> onTimeout) {
    return new TimeoutStream<>(source, timeLimit, onTimeout).controller.stream();
  }

  private void startTimer() {
    timer = zone.createTimer(timeLimit, timeoutCallback);
  }

  /** A source event arrived: the time limit starts again (before the event goes on). */
  private void restartTimer() {
    timer.cancel();
    startTimer();
  }

  private void onListen() {
    startTimer();
    StreamSubscription<T> subscription = source.listen(null);
    subscription.onData(
        event -> {
          restartTimer();
          controller.add(event);
        });
    BiConsumer<Throwable, StackTrace> onError =
        (error, stack) -> {
          restartTimer();
          ControllerPipe.addErrorDirect(controller, error, stack);
        };
    subscription.onError(onError);
    subscription.onDone(
        () -> {
          timer.cancel();
          controller.close();
        });
    ControllerPipe.connect(
        controller,
        () -> {
          timer.cancel();
          return subscription.cancel();
        },
        () -> {
          timer.cancel();
          subscription.pause();
        },
        () -> {
          subscription.resume();
          startTimer();
        });
  }
}
