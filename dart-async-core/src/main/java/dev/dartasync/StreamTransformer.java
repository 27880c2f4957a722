package dev.dartasync;

import dev.dartasync.internal.Checks;
import dev.dartasync.internal.StreamOperators;
import dev.dartasync.internal.StreamTransformers;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Dart's {@code StreamTransformer<S, T>}: turns a stream of {@code S} into a stream of {@code T};
 * used by {@link DStream#transform(StreamTransformer)}, which is {@code bind(this)}.
 *
 * <p>Made by {@link #of} (Dart's default constructor, from a function that makes the
 * subscription), {@link #fromHandlers}, {@link #fromBind}, or as a lambda for {@code bind}. Dart's
 * {@code StreamTransformerBase} is not needed: {@link #cast} is a default method here.
 *
 * @param <S> the input event type
 * @param <T> the output event type
 */
@FunctionalInterface
public interface StreamTransformer<S, T> {

  /**
   * Dart's {@code bind(stream)}: the transformed stream. The library's transformers throw {@link
   * ArgumentError} {@code Invalid argument(s) (stream): Must not be null} for null.
   */
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
    return stream -> bind.apply(Checks.notNull(stream, "stream"));
  }

  /**
   * Dart's {@code _SubscriptionTransformer}, the argument of the {@code
   * StreamTransformer(onListen)} constructor ({@link #of}): makes the subscription of a
   * transformed stream.
   */
  @FunctionalInterface
  interface SubscriptionTransformer<S, T> {
    /**
     * Called synchronously inside each {@code listen} of a bound stream, with the input stream
     * (the one given to {@code bind}) and the listener's {@code cancelOnError}; returns the
     * subscription that {@code listen} returns. Usually it listens to {@code stream} (with that
     * {@code cancelOnError}) and returns a subscription of its own that forwards pause, resume and
     * cancel, and runs the handlers in the zone of the {@code listen} call. It does not get the
     * listener's handlers: they are set on the returned subscription afterwards. Must not return
     * null.
     */
    StreamSubscription<T> onListen(DStream<S> stream, boolean cancelOnError);
  }

  /**
   * Dart's default constructor {@code StreamTransformer(onListen)}: a transformer whose bound
   * stream, at each {@code listen}, calls {@code onListen(stream, cancelOnError)} synchronously
   * and then sets the listener's handlers on the subscription it returned with {@link
   * StreamSubscription#onData}, {@link StreamSubscription#onError} and {@link
   * StreamSubscription#onDone} (null handlers included: a null {@code onError} leaves errors
   * uncaught in the subscription's zone). That subscription is what {@code listen} returns; it
   * alone decides when and in which zone events are delivered. The bound stream is broadcast if
   * the input stream is; each {@code listen} calls {@code onListen} again, which for a
   * single-subscription input usually fails with the input's {@code Bad state: Stream has already
   * been listened to.} What {@code onListen} throws is thrown out of {@code listen}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (onListen): Must not be null} for null
   */
  static <S, T> StreamTransformer<S, T> of(SubscriptionTransformer<S, T> onListen) {
    return StreamTransformers.fromSubscription(onListen);
  }

  /**
   * Dart's {@code StreamTransformer.castFrom<SS, ST, TS, TT>(source)}: {@code source} seen as a
   * transformer from {@code TS} to {@code TT}. Its {@code bind(stream)} is {@code
   * source.bind(stream.cast(inputType)).cast(outputType)}: each input data event is checked
   * against {@code inputType} (the type {@code source} reads) when it reaches {@code source}, and
   * each output data event against {@code outputType} when it is delivered, both as in {@link
   * DStream#cast(Class)}: a failing check is a {@link ClassCastException} error event, which does
   * not cancel, even with {@code cancelOnError}. The input one goes through {@code source} like
   * any input error. A cast of the result casts {@code source} again.
   *
   * <p>Java difference: Dart's type arguments {@code SS} and {@code TT} are runtime types and
   * checked there; Java erases them, so the two that need a check come as {@link Class} tokens.
   * {@code ST} and {@code TS} are not checked in Dart either (the casts convert the input to
   * {@code SS} and the output from {@code ST}).
   *
   * @throws ArgumentError {@code Invalid argument(s) (source): Must not be null}, {@code
   *     (inputType)}, {@code (outputType)} for a null argument
   */
  static <SS, ST, TS, TT> StreamTransformer<TS, TT> castFrom(
      StreamTransformer<SS, ST> source, Class<SS> inputType, Class<TT> outputType) {
    return StreamTransformers.castFrom(source, inputType, outputType);
  }

  /**
   * Dart's {@code cast<RS, RT>()}: this transformer seen as one from {@code RS} to {@code RT},
   * which is {@link #castFrom castFrom(this, inputType, outputType)}: input data events are
   * checked against {@code inputType} (this transformer's own input type {@code S}, as Dart checks
   * {@code is S}) and output data events against {@code outputType}; failing checks are {@link
   * ClassCastException} error events (see {@link #castFrom}). {@code RS} is not checked, as in
   * Dart, and so needs no token; it is inferred from the target type. The cast of a cast checks
   * the original transformer's input type (its {@code inputType} argument is then only checked
   * for null).
   *
   * @throws ArgumentError {@code Invalid argument(s) (inputType): Must not be null}, {@code
   *     (outputType)} for a null argument
   */
  default <RS, RT> StreamTransformer<RS, RT> cast(Class<S> inputType, Class<RT> outputType) {
    return castFrom(this, inputType, outputType);
  }
}
