package dev.dartasync.isolate;

import dev.dartasync.internal.Port;
import dev.dartasync.internal.Unsendable;
import java.util.function.Consumer;

/**
 * Dart's {@code RawReceivePort}: a port of the isolate that creates it, with a handler instead of
 * a stream. Unsendable: sending one fails with {@code Illegal argument in isolate message: (object
 * is a ReceivePort)}; send its {@link #sendPort()} instead.
 *
 * <p><b>When things happen.</b> Each message arrives as one event of this isolate: the handler is
 * called with it in the root zone, then the microtask queue is drained, as after every event. An
 * error thrown by the handler is not caught: it is an uncaught error of the isolate (fatal unless
 * the isolate's errors were made non-fatal). Without a handler, messages are dropped; after {@link
 * #close()}, too, without a word.
 *
 * <p><b>Lifetime.</b> While open (and {@link #keepIsolateAlive()}, the default) the port keeps its
 * isolate alive, even with nothing else to do: close it when done, or the isolate (for the main
 * isolate: {@code Dart.run}) never ends.
 */
public final class RawReceivePort implements Unsendable {

  final Port port;
  private final SendPort sendPort;

  /** An open port without a handler (messages are dropped until {@link #setHandler} is called). */
  public RawReceivePort() {
    this(null, null);
  }

  /** An open port whose messages go to {@code handler}. */
  public RawReceivePort(Consumer<Object> handler) {
    this(handler, null);
  }

  /**
   * Dart's {@code RawReceivePort([handler, debugName])}: an open port of the calling isolate.
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public RawReceivePort(Consumer<Object> handler, String debugName) {
    this.port = new Port(handler, debugName);
    this.sendPort = new SendPort(port);
  }

  /** Sets the handler called with each later message (null drops them). On the port's isolate. */
  public void setHandler(Consumer<Object> handler) {
    port.setHandler(handler);
  }

  /** The port that sends to this one; always the same object. */
  public SendPort sendPort() {
    return sendPort;
  }

  /**
   * Closes the port: messages not yet handled, and later ones, are dropped, and the port no longer
   * keeps its isolate alive. Closing twice does nothing. On the port's isolate.
   */
  public void close() {
    port.close();
  }

  /** Whether this port, while open, keeps its isolate alive (true unless set otherwise). */
  public boolean keepIsolateAlive() {
    return port.keepIsolateAlive();
  }

  /** Dart's {@code keepIsolateAlive} setter; on the port's isolate. No effect once closed. */
  public void setKeepIsolateAlive(boolean keep) {
    port.setKeepIsolateAlive(keep);
  }

  /** Dart's name for this class in the unsendable error. */
  @Override
  public String unsendableMessage() {
    return "(object is a ReceivePort)";
  }

  @Override
  public String toString() {
    return "RawReceivePort";
  }
}
