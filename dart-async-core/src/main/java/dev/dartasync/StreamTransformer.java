package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.StreamOperators;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code StreamTransformer<S, T>}: turns a stream of {@code S} into a stream of {@code T};
 * used by {@link DStream#transform(StreamTransformer)}, which is {@code bind(this)}.
 *
 * @param <S> the input event type
 * @param <T> the output event type
 */
@FunctionalInterface
public interface StreamTransformer<S, T> {

  /** Dart's {@code bind(stream)}: the transformed stream. */
  DStream<T> bind(DStream<S> stream);

  /** Dart's {@code handleError} shape of {@code StreamTransformer.fromHandlers}. */
  @FunctionalInterface
  interface ErrorHandler<T> {
    /** Handles an input error event; may put events into {@code sink}. */
    void handle(Throwable error, StackTrace stackTrace, EventSink<T> sink);
  }

  /**
   * Dart's {@code StreamTransformer.fromHandlers(handleData: ..., handleError: ..., handleDone:
   * ...)}; any handler may be null, which forwards the event unchanged (data as an unchecked cast).
   * The bound stream is broadcast if the input is; each {@code listen} listens to the input at
   * once (inside that call). The handlers run synchronously inside the input's event callbacks, in
   * the zone of the {@code listen} call, and what they add to the sink is delivered synchronously
   * (buffered while the output subscription is paused). After {@code sink.close()} the output is
   * done and the input cancelled; adding to the sink then throws {@code Bad state: Stream is
   * already closed}. An error a handler throws becomes an output error event (a rethrown input
   * error keeps its stack trace).
   */
  static <S, T> StreamTransformer<S, T> fromHandlers(
      BiConsumer<? super S, EventSink<T>> handleData,
      ErrorHandler<T> handleError,
      Consumer<EventSink<T>> handleDone) {
    return StreamOperators.fromHandlers(handleData, handleError, handleDone);
  }

  /**
   * Dart's {@code StreamTransformer.fromBind(bind)}: a transformer whose {@code bind} is the
   * function, called at each {@code bind}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (bind): Must not be null} for null
   */
  static <S, T> StreamTransformer<S, T> fromBind(Function<DStream<S>, DStream<T>> bind) {
    Checks.notNull(bind, "bind");
    return bind::apply;
  }
}
