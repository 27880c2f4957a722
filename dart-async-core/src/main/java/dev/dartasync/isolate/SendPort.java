package dev.dartasync.isolate;

import dev.dartasync.internal.Port;
import dev.dartasync.internal.SharedAcrossIsolates;

/**
 * Dart's {@code SendPort}: sends messages to the {@link ReceivePort} or {@link RawReceivePort} it
 * was made by, in whatever isolate that lives. A send port may itself be sent; it stays the same
 * object, so ports compare equal ({@link #equals}) across isolates by the port they send to.
 *
 * <p><b>When things happen.</b> {@link #send} copies the message <em>synchronously, on the calling
 * thread</em> (so later changes to the original are not seen by the receiver), then posts it to the
 * receiving isolate, where it arrives as <em>one event</em>, after the events queued before it.
 * Messages from one isolate to one port arrive in the order sent.
 *
 * <p><b>What may be sent.</b> Any object graph, copied with identity preserved (an object reached
 * twice is copied once; cycles stay cycles), except what is unsendable: {@link ReceivePort},
 * {@link RawReceivePort}, futures, completers, streams, stream controllers and subscriptions,
 * timers, zones, threads, locks, sockets, channels, byte streams, and anything holding one. Values
 * that cannot change are shared, not copied: strings, boxed primitives, enums, {@code java.time}
 * values, {@code BigInteger}/{@code BigDecimal}, records of such values, send ports and
 * capabilities. Primitive arrays are copied in bulk; JDK collections and maps into the same kind;
 * records through their canonical constructor; other classes field by field. A {@link
 * TransferableTypedData} is moved, not copied.
 */
public final class SendPort implements SharedAcrossIsolates {

  final Port port;

  SendPort(Port port) {
    this.port = port;
  }

  /**
   * Sends a copy of {@code message} to this port (see the class comment). A message to a closed
   * port, or to an isolate that ended, is dropped without a word.
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s): Illegal argument in isolate
   *     message: object is unsendable - Library:'…' Class: … (see restrictions listed at
   *     `SendPort.send()` documentation for more information)}, then the retaining path (one
   *     {@code " <- holder"} line per object holding the culprit, nearest first), when the message
   *     holds an unsendable object; nothing is sent then
   */
  public void send(Object message) {
    port.send(message);
  }

  /** Equal to every send port of the same receive port, in every isolate. */
  @Override
  public boolean equals(Object other) {
    return other instanceof SendPort that && that.port == port;
  }

  @Override
  public int hashCode() {
    return port.hashCode();
  }

  @Override
  public String toString() {
    return "SendPort";
  }
}
