package dev.dartasync.internal;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The receiving end of a port (Dart's {@code RawReceivePort}), owned by one isolate. Any thread may
 * {@linkplain #send send} to it: the message is copied on the sender's thread, then posted to the
 * owner as one event, and each event calls the handler in the root zone; the loop drains the
 * microtask queue after it, as after every event. Messages from one sender arrive in the order
 * sent.
 *
 * <p>State: {@link #closed} goes from false to true once, on the owner; a message arriving after
 * that, or for an isolate that ended, is dropped without a word (Dart's rule for ports).
 */
public final class Port {

  private static final Log LOG = Log.named("dev.dartasync.isolate.SendPort");

  private static final AtomicLong IDS = new AtomicLong();

  /** The isolate that receives. */
  final EventLoop loop;
  /** A number for messages and {@code hashCode}; unique in the JVM. */
  final long id;

  final String debugName;
  /** Called with each message, on the owner; null drops messages. Written on the owner only. */
  private volatile Consumer<Object> handler;
  /** Set once, on the owner, by {@link #close}. */
  private volatile boolean closed;
  /** Held while open and {@link #keepIsolateAlive}; null otherwise. Owner only. */
  private KeepAlive keepAlive;

  /** A port of the calling isolate, open and keeping it alive. */
  public Port(Consumer<Object> handler, String debugName) {
    this(EventLoop.require(), handler, debugName, true);
  }

  Port(EventLoop loop, Consumer<Object> handler, String debugName, boolean keepAlive) {
    this.loop = loop;
    this.handler = handler;
    this.debugName = debugName;
    this.id = IDS.incrementAndGet();
    if (keepAlive) {
      this.keepAlive = loop.keepAlive("an open RawReceivePort");
    }
  }

  /** Sets the handler; on the owning isolate. */
  public void setHandler(Consumer<Object> handler) {
    requireOwner("set the handler of");
    this.handler = handler;
  }

  /** Closes the port: later messages are dropped, and it no longer keeps the isolate alive. */
  public void close() {
    if (closed) {
      return;
    }
    requireOwner("close");
    closed = true;
    releaseKeepAlive();
  }

  /** Whether the port keeps its isolate alive while open. */
  public boolean keepIsolateAlive() {
    return keepAlive != null;
  }

  public void setKeepIsolateAlive(boolean keep) {
    requireOwner("change keepIsolateAlive of");
    if (keep && keepAlive == null && !closed) {
      keepAlive = loop.keepAlive("an open RawReceivePort");
    } else if (!keep) {
      releaseKeepAlive();
    }
  }

  private void releaseKeepAlive() {
    KeepAlive held = keepAlive;
    keepAlive = null;
    if (held != null) {
      held.release();
    }
  }

  private void requireOwner(String what) {
    if (!loop.isOwnerThread()) {
      throw new IllegalStateException(
          "Cannot " + what + " a RawReceivePort from outside the isolate that created it.");
    }
  }

  /**
   * Copies {@code message} (on this thread) and posts it to the owner. From an isolate that is
   * stopping ({@code Isolate.exit} called, or killed immediately) nothing is posted: the send
   * throws the isolate's stop instead. The check comes after the copy, just before the post, so a
   * send that passed it before a kill's flag was set counts as sent before the kill.
   *
   * @throws dev.dartasync.ArgumentError if the message holds an unsendable object; nothing is sent
   */
  public void send(Object message) {
    Object copy = MessageCopy.copy(message);
    EventLoop.exitCurrentIfStopping();
    deliver(copy);
  }

  /** Posts {@code message} as it is (already copied, or handed over by {@code Isolate.exit}). */
  public void deliver(Object message) {
    if (closed) {
      return;
    }
    loop.post(new PortMessage(this, message));
  }

  /** On the owner: hands one message to the handler. */
  void receive(Object message) {
    Consumer<Object> h = handler;
    if (closed || h == null) {
      return;
    }
    h.accept(message);
  }

  @Override
  public String toString() {
    return "port " + id + (debugName == null ? "" : " (" + debugName + ")");
  }

  /** One message on its way to a port. */
  private record PortMessage(Port port, Object message) implements DroppableEvent {
    @Override
    public void run() {
      port.receive(message);
    }

    @Override
    public void dropped() {
      // Dart drops messages to a port whose isolate ended without a word; we say it at DEBUG.
      LOG.debug("The isolate of {} ended; a message to it was dropped", port);
    }

    @Override
    public String toString() {
      return "a message to " + port;
    }
  }
}
