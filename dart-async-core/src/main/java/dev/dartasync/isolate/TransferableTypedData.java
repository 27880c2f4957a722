package dev.dartasync.isolate;

import dev.dartasync.ArgumentError;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.TransferAccess;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A sequence of bytes that a message moves to another isolate instead of copying: Dart's {@code
 * TransferableTypedData}.
 *
 * <p>{@link #fromList} copies its chunks into one new array, once; that takes time proportional to
 * the number of bytes. Sending the transferable then takes constant time: the message's copy is a
 * new {@code TransferableTypedData} that takes over the bytes, and the sender's object is left
 * empty. The bytes change hands only when the whole message has been copied: if anything else in
 * the message cannot be sent, the send throws and this object keeps its bytes. Sent twice in one
 * message, it arrives as one object (the receiver can materialize it once).
 *
 * <p>{@link #materialize} hands the bytes out, also at most once. An empty transferable (sent, or
 * materialized) throws Dart's {@code ArgumentError} from {@code materialize}, and a message that
 * holds it throws from the send: {@code Invalid argument(s): Illegal argument in isolate message :
 * (TransferableTypedData has been transferred already)} followed by the retaining path.
 *
 * <p>A transferable belongs to one isolate at a time: use it on that isolate's thread.
 */
public final class TransferableTypedData {

  /** The largest array the JVM allocates reliably. */
  private static final int MAX_BYTES = Integer.MAX_VALUE - 8;

  static {
    TransferAccess.install(
        new TransferAccess.Transfers() {
          @Override
          public boolean isEmpty(TransferableTypedData transferable) {
            return transferable.bytes == null;
          }

          @Override
          public TransferableTypedData receiver() {
            return new TransferableTypedData(null);
          }

          @Override
          public void move(TransferableTypedData from, TransferableTypedData to) {
            to.bytes = from.bytes;
            from.bytes = null;
          }
        });
  }

  /** The bytes, or {@code null} once materialized or sent. */
  private byte[] bytes;

  private TransferableTypedData(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * Creates a transferable holding the bytes of {@code list}'s chunks, one after the other: each
   * {@code byte[]} whole, each {@link ByteBuffer} from its position to its limit (the buffer's
   * position is not changed). The bytes are copied here, synchronously; later changes to the
   * chunks are not seen. An empty list gives an empty transferable (zero bytes).
   *
   * @param list the chunks: {@code byte[]} and {@code ByteBuffer} objects
   * @return the new transferable
   * @throws ArgumentError at once: {@code Invalid argument(s) (list): Must not be null} for a
   *     {@code null} list, {@code Invalid argument(s) (list[1]): Must not be null} for a {@code
   *     null} chunk, {@code Invalid argument (list[1]): Not a byte[] or a ByteBuffer: "text"} for
   *     any other chunk, {@code Invalid argument (data): Aggregated list exceeds max size
   *     2147483639: Instance of 'List'} when the chunks hold more bytes than an array can
   */
  public static TransferableTypedData fromList(List<?> list) {
    Checks.notNull(list, "list");
    Object[] chunks = list.toArray();
    long total = 0;
    for (int i = 0; i < chunks.length; i++) {
      total += length(chunks[i], i);
    }
    if (total > MAX_BYTES) {
      throw ArgumentError.value(list, "data", "Aggregated list exceeds max size " + MAX_BYTES);
    }
    byte[] bytes = new byte[(int) total];
    int offset = 0;
    for (Object chunk : chunks) {
      if (chunk instanceof byte[] array) {
        System.arraycopy(array, 0, bytes, offset, array.length);
        offset += array.length;
      } else {
        ByteBuffer buffer = (ByteBuffer) chunk;
        int remaining = buffer.remaining();
        buffer.get(buffer.position(), bytes, offset, remaining);
        offset += remaining;
      }
    }
    return new TransferableTypedData(bytes);
  }

  private static int length(Object chunk, int index) {
    Checks.notNull(chunk, "list[" + index + "]");
    if (chunk instanceof byte[] array) {
      return array.length;
    } else if (chunk instanceof ByteBuffer buffer) {
      return buffer.remaining();
    }
    throw ArgumentError.value(chunk, "list[" + index + "]", "Not a byte[] or a ByteBuffer");
  }

  /**
   * Hands out the bytes, without copying them: a heap {@link ByteBuffer} over the array this
   * transferable held (position 0, limit and capacity the number of bytes, big-endian like any new
   * buffer). Afterwards this transferable is empty. Synchronous.
   *
   * @return the bytes
   * @throws ArgumentError if this transferable is empty (it was materialized before, or sent):
   *     {@code Invalid argument(s): Attempt to materialize object that was transferred already.}
   */
  public ByteBuffer materialize() {
    byte[] held = bytes;
    if (held == null) {
      throw new ArgumentError("Attempt to materialize object that was transferred already.");
    }
    bytes = null;
    return ByteBuffer.wrap(held);
  }
}
