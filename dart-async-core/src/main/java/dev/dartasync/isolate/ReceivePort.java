package dev.dartasync.isolate;

import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.Unsendable;
import dev.dartasync.DStream;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code ReceivePort}: a port of the isolate that creates it, read as a single-subscription
 * {@link DStream} of its messages. Unsendable (sending one fails with {@code Illegal argument in
 * isolate message: object is unsendable - Library:'dev.dartasync.isolate' Class: ReceivePort (see
 * restrictions …)}); send its {@link #sendPort()} instead.
 *
 * <p><b>When things happen.</b> Messages that arrive before the stream is listened to are
 * buffered; once listened, each message is delivered <em>synchronously inside its event</em> (the
 * stream is Dart's {@code StreamController(sync: true)}), then the microtask queue is drained.
 * Listening twice fails with {@code Bad state: Stream has already been listened to.} A port never
 * emits errors.
 *
 * <p><b>Lifetime.</b> An open port keeps its isolate alive. Cancelling the subscription closes
 * the port, so {@code port.first()}, a {@code take(n)} that completes, or leaving an {@code await
 * for} all close it; {@link #close()} closes it and delivers done.
 */
public final class ReceivePort implements DStream<Object>, Unsendable {

  private final RawReceivePort raw;
  private final StreamController<Object> controller;

  /** An open port of the calling isolate. */
  public ReceivePort() {
    this((String) null);
  }

  /**
   * Dart's {@code ReceivePort([debugName])}: an open port of the calling isolate.
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public ReceivePort(String debugName) {
    this(new RawReceivePort((java.util.function.Consumer<Object>) null, debugName));
  }

  private ReceivePort(RawReceivePort raw) {
    this.raw = raw;
    this.controller = StreamController.sync(null, null, null, this::close);
    raw.setHandler(controller::add);
  }

  /**
   * Dart's {@code ReceivePort.fromRawReceivePort}: the raw port's messages, from now on, go to this
   * stream (its handler is replaced).
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s) (rawPort): Must not be null}
   */
  public static ReceivePort fromRawReceivePort(RawReceivePort rawPort) {
    Checks.notNull(rawPort, "rawPort");
    return new ReceivePort(rawPort);
  }

  /** The port that sends to this one; always the same object. */
  public SendPort sendPort() {
    return raw.sendPort();
  }

  /**
   * Closes the port: later messages are dropped, the stream delivers done (after the messages
   * buffered before), and the port no longer keeps its isolate alive. Closing twice does nothing.
   */
  public void close() {
    raw.close();
    if (!controller.isClosed()) {
      controller.close().ignore();
    }
  }

  /** See {@link DStream#listen(Consumer, BiConsumer, Runnable, boolean)}; see the class comment. */
  @Override
  public StreamSubscription<Object> listen(
      Consumer<? super Object> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    return controller.stream().listen(onData, onError, onDone, cancelOnError);
  }

  @Override
  public String toString() {
    return "ReceivePort";
  }
}
