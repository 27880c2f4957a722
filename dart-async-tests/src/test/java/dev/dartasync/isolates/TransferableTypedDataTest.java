package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.isolate.TransferableTypedData;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link TransferableTypedData}: bytes copied once at creation, then moved by a message instead of
 * copied (semantics notes §7.3; the SDK's {@code tests/lib/isolate/transferable_test.dart}, the
 * VM's {@code TransferableTypedData_materialize} and {@code CopyTransferableTypedData}).
 */
class TransferableTypedDataTest {

  private static final String MATERIALIZED =
      "Invalid argument(s): Attempt to materialize object that was transferred already.";

  private static final String TRANSFERRED =
      "Invalid argument(s): Illegal argument in isolate message : (TransferableTypedData has been"
          + " transferred already)\n";

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return out;
  }

  private static String failure(Runnable action) {
    return assertThrows(ArgumentError.class, action::run).toString();
  }

  private static TransferableTypedData of(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return TransferableTypedData.fromList(List.of(bytes));
  }

  @Test
  @DisplayName("fromList concatenates byte[] chunks and ByteBuffers (position to limit) once")
  void fromListConcatenates() {
    byte[] first = {1, 2};
    ByteBuffer heap = ByteBuffer.wrap(new byte[] {9, 3, 4, 9});
    heap.position(1).limit(3);
    ByteBuffer direct = ByteBuffer.allocateDirect(2).put((byte) 5).put((byte) 6).flip();
    ByteBuffer readOnly = ByteBuffer.wrap(new byte[] {7}).asReadOnlyBuffer();
    TransferableTypedData data =
        TransferableTypedData.fromList(List.of(first, heap, direct, readOnly, new byte[0]));

    assertEquals(1, heap.position(), "the chunks' positions are not changed");
    assertEquals(0, direct.position());
    first[0] = 100; // later changes to a chunk are not seen: the bytes were copied
    heap.put(1, (byte) 100);

    ByteBuffer buffer = data.materialize();
    assertTrue(buffer.hasArray());
    assertEquals(0, buffer.position());
    assertEquals(7, buffer.capacity());
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7}, buffer.array());
    assertEquals(0, TransferableTypedData.fromList(List.of()).materialize().capacity());
  }

  @Test
  @DisplayName("materialize hands the bytes out once; a second call throws Dart's ArgumentError")
  void materializeOnce() {
    TransferableTypedData data = of(1, 2, 3);
    ByteBuffer buffer = data.materialize();
    assertArrayEquals(new byte[] {1, 2, 3}, bytes(buffer));
    assertEquals(MATERIALIZED, failure(data::materialize));
    assertEquals(MATERIALIZED, failure(data::materialize), "and every call after");
  }

  @Test
  @DisplayName("fromList validates its argument at once, with Dart's notNull and clear texts")
  void fromListArguments() {
    assertEquals(
        "Invalid argument(s) (list): Must not be null",
        failure(() -> TransferableTypedData.fromList(null)));
    assertEquals(
        "Invalid argument(s) (list[1]): Must not be null",
        failure(() -> TransferableTypedData.fromList(Arrays.asList(new byte[1], null))));
    assertEquals(
        "Invalid argument (list[1]): Not a byte[] or a ByteBuffer: \"text\"",
        failure(() -> TransferableTypedData.fromList(List.of(new byte[1], "text"))));
    assertEquals(
        "Invalid argument (list[0]): Not a byte[] or a ByteBuffer: Instance of 'int[]'",
        failure(() -> TransferableTypedData.fromList(List.of(new int[1]))));
    // 3000 references to one 1 MiB buffer: more bytes than an array holds (nothing allocated).
    List<ByteBuffer> huge = Collections.nCopies(3000, ByteBuffer.allocate(1 << 20));
    assertEquals(
        "Invalid argument (data): Aggregated list exceeds max size 2147483639: Instance of 'List'",
        failure(() -> TransferableTypedData.fromList(huge)));
  }

  @Test
  @DisplayName("a message moves the bytes: the receiver materializes them, the sender cannot")
  void sendMovesTheBytes() {
    TransferableTypedData sent = of(1, 2, 3);
    assertFalse(MessageCopy.isSharedType(TransferableTypedData.class));
    TransferableTypedData received = (TransferableTypedData) MessageCopy.copy(sent);
    assertNotSame(sent, received);
    assertEquals(MATERIALIZED, failure(sent::materialize));
    assertArrayEquals(new byte[] {1, 2, 3}, bytes(received.materialize()));
    assertEquals(MATERIALIZED, failure(received::materialize));
  }

  @Test
  @DisplayName("the same transferable twice in one message arrives as one object (SDK test)")
  void sameTransferableTwice() {
    TransferableTypedData twice = of(7);
    TransferableTypedData other = of(8);
    List<?> c = (List<?>) MessageCopy.copy(new ArrayList<>(List.of(twice, twice, other)));
    assertSame(c.get(0), c.get(1));
    assertNotSame(c.get(0), c.get(2));
    assertArrayEquals(new byte[] {7}, bytes(((TransferableTypedData) c.get(1)).materialize()));
    assertEquals(MATERIALIZED, failure(((TransferableTypedData) c.get(0))::materialize));
    assertArrayEquals(new byte[] {8}, bytes(((TransferableTypedData) c.get(2)).materialize()));
    assertEquals(MATERIALIZED, failure(twice::materialize));
    assertEquals(MATERIALIZED, failure(other::materialize));
  }

  @Test
  @DisplayName("sending a transferable that was sent or materialized throws, with the retaining path")
  void sendingAnEmptyOneThrows() {
    TransferableTypedData sent = of(1);
    MessageCopy.copy(sent);
    TransferableTypedData materialized = of(2);
    materialized.materialize();

    assertEquals(TRANSFERRED, failure(() -> MessageCopy.copy(sent)));
    assertEquals(
        TRANSFERRED + " <- [1] in ArrayList len:2 (from java.util)\n",
        failure(() -> MessageCopy.copy(new ArrayList<>(List.of("ok", materialized)))));
    assertEquals(TRANSFERRED, failure(() -> MessageCopy.check(sent)), "check: the same text");
    assertEquals(
        TRANSFERRED + " <- [1] in ArrayList len:2 (from java.util)\n",
        failure(() -> MessageCopy.check(new ArrayList<>(List.of("ok", materialized)))));
  }

  @Test
  @DisplayName("a message that fails elsewhere leaves its transferables with the sender")
  void failedMessageTransfersNothing() {
    TransferableTypedData data = of(4, 5);
    TransferableTypedData again = of(6);
    List<Object> message = new ArrayList<>(List.of(data, again, data));
    message.add(Thread.currentThread()); // unsendable, reached after both transferables
    assertTrue(
        failure(() -> MessageCopy.copy(message))
            .startsWith(
                "Invalid argument(s): Illegal argument in isolate message: object is unsendable"));
    assertArrayEquals(new byte[] {4, 5}, bytes(data.materialize()));
    assertArrayEquals(new byte[] {6}, bytes(again.materialize()));
  }

  @Test
  @DisplayName("check accepts a transferable and leaves it with its bytes (Isolate.exit hands it over)")
  void checkDoesNotTransfer() {
    TransferableTypedData data = of(1, 2);
    MessageCopy.check(new ArrayList<>(List.of(data, data)));
    MessageCopy.check(data);
    assertArrayEquals(new byte[] {1, 2}, bytes(data.materialize()));
  }

  @Test
  @DisplayName("a transferable held by an object or a record is moved into the copy")
  void heldTransferable() {
    record Envelope(String label, TransferableTypedData payload) {}
    TransferableTypedData data = of(3);
    Envelope envelope = new Envelope("e", data);
    Envelope c = (Envelope) MessageCopy.copy(envelope);
    assertNotSame(envelope, c, "the record is rebuilt around the received transferable");
    assertNotSame(data, c.payload());
    assertArrayEquals(new byte[] {3}, bytes(c.payload().materialize()));
    assertEquals(MATERIALIZED, failure(data::materialize));
  }
}
