package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Dart;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.TransferableTypedData;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.InvalidMarkException;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.ShortBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java.nio} buffers in messages, Java's typed data ({@code Uint8List}, {@code ByteData} and
 * the other typed lists and their views): copied, never rejected, with no extra JVM flag. A copy
 * keeps what the buffer shows through the public API: its kind (heap, direct, read-only, a view
 * over bytes), its byte order, position, limit, capacity and mark, and every element it can reach.
 * A writable heap buffer's whole backing array is copied as an object of the message, as the Dart
 * VM copies a typed-data view's backing store: the copy's {@code array()} and {@code arrayOffset()}
 * are the original's, and buffers and arrays that share an array share its copy.
 */
class ByteBufferMessageTest {

  @SuppressWarnings("unchecked")
  private static <T> T copy(T message) {
    return (T) MessageCopy.copy(message);
  }

  /** The bytes {@code 0..capacity}, whatever the limit. */
  private static byte[] bytes(ByteBuffer buffer) {
    byte[] out = new byte[buffer.capacity()];
    buffer.duplicate().clear().get(0, out);
    return out;
  }

  /** The buffer's mark, read without moving it: -1 if none is set. */
  private static int mark(Buffer buffer) {
    Buffer probe = buffer.duplicate();
    try {
      return probe.reset().position();
    } catch (InvalidMarkException none) {
      return -1;
    }
  }

  /** The state a copy must keep: capacity, limit, position and mark. */
  private static List<Integer> state(Buffer buffer) {
    return List.of(buffer.capacity(), buffer.limit(), buffer.position(), mark(buffer));
  }

  @Test
  @DisplayName("a heap ByteBuffer is copied: bytes, position, limit, mark and byte order kept")
  void heapBuffer() {
    byte[] array = {1, 2, 3, 4, 5, 6};
    ByteBuffer sent = ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN);
    sent.position(1).mark().position(2).limit(5);

    ByteBuffer received = copy(sent);

    assertNotSame(sent, received);
    assertNotSame(array, received.array());
    assertArrayEquals(array, received.array());
    assertEquals(List.of(6, 5, 2, 1), state(received));
    assertEquals(ByteOrder.LITTLE_ENDIAN, received.order());
    assertTrue(received.hasArray());
    assertFalse(received.isDirect());
    assertFalse(received.isReadOnly());
    array[2] = 100; // later changes are not seen: the bytes were copied
    assertEquals(3, received.get(2));
    assertEquals(0x0403, received.getShort(2), "read little-endian");
    assertEquals(List.of(6, 5, 2, 1), state(sent), "the sender's buffer is not moved");
  }

  @Test
  @DisplayName("a slice of a heap buffer keeps its offset into a copy of the whole backing array")
  void heapSlice() {
    byte[] array = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    ByteBuffer slice = ByteBuffer.wrap(array).position(3).slice(); // offset 3, capacity 7
    slice.limit(4);

    ByteBuffer received = copy(slice);

    assertEquals(3, received.arrayOffset());
    assertEquals(List.of(7, 4, 0, -1), state(received));
    assertArrayEquals(
        array, received.array(), "the array the buffer reaches, as Dart copies a view's store");
    assertEquals(3, received.get(0));
    assertEquals(ByteOrder.BIG_ENDIAN, received.order());
  }

  @Test
  @DisplayName("one message keeps identity: a buffer sent twice, and buffers over one array, share")
  void identityWithinOneMessage() {
    byte[] array = new byte[8];
    ByteBuffer whole = ByteBuffer.wrap(array);
    ByteBuffer tail = whole.slice(4, 4);
    ByteBuffer direct = ByteBuffer.allocateDirect(4);
    List<Object> sent = List.of(whole, whole, tail, array, direct, direct);

    List<Object> received = copy(sent);

    ByteBuffer wholeCopy = (ByteBuffer) received.get(0);
    ByteBuffer tailCopy = (ByteBuffer) received.get(2);
    assertSame(wholeCopy, received.get(1), "the same buffer twice arrives as one object");
    assertSame(received.get(4), received.get(5), "so does the same direct buffer twice");
    assertSame(received.get(3), wholeCopy.array(), "the message's array is the buffer's array");
    assertSame(wholeCopy.array(), tailCopy.array(), "two buffers over one array still share it");
    tailCopy.put(0, (byte) 9);
    assertEquals(9, wholeCopy.get(4), "a write through one is seen through the other");
    assertEquals(0, array[4], "and not in the sender's array");
  }

  @Test
  @DisplayName("a direct ByteBuffer is copied into a new direct buffer, state and order kept")
  void directBuffer() {
    ByteBuffer sent = ByteBuffer.allocateDirect(8).order(ByteOrder.LITTLE_ENDIAN);
    sent.putInt(0, 0x01020304).putInt(4, 0x05060708);
    sent.position(2).mark().position(3).limit(7);

    ByteBuffer received = copy(sent);

    assertNotSame(sent, received);
    assertTrue(received.isDirect());
    assertFalse(received.isReadOnly());
    assertEquals(ByteOrder.LITTLE_ENDIAN, received.order());
    assertEquals(List.of(8, 7, 3, 2), state(received));
    assertArrayEquals(bytes(sent), bytes(received));
    sent.put(0, (byte) 42);
    assertEquals(4, received.get(0), "later changes are not seen");
    received.put(1, (byte) 43);
    assertEquals(3, sent.get(1), "and the receiver's changes do not reach the sender");
  }

  @Test
  @DisplayName("a direct slice is copied as what it can reach: its own capacity")
  void directSlice() {
    ByteBuffer parent = ByteBuffer.allocateDirect(8);
    for (int i = 0; i < 8; i++) {
      parent.put(i, (byte) i);
    }
    ByteBuffer slice = parent.slice(2, 4).position(1);

    ByteBuffer received = copy(slice);

    assertTrue(received.isDirect());
    assertEquals(List.of(4, 4, 1, -1), state(received));
    assertArrayEquals(new byte[] {2, 3, 4, 5}, bytes(received));
  }

  @Test
  @DisplayName("read-only buffers stay read-only, heap and direct alike")
  void readOnly() {
    ByteBuffer heap = ByteBuffer.wrap(new byte[] {1, 2, 3}).position(1).asReadOnlyBuffer();
    ByteBuffer direct =
        ByteBuffer.allocateDirect(2).put(0, (byte) 7).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer directReadOnly = direct.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);

    ByteBuffer heapCopy = copy(heap);
    ByteBuffer directCopy = copy(directReadOnly);

    assertTrue(heapCopy.isReadOnly());
    assertFalse(heapCopy.isDirect());
    assertEquals(List.of(3, 3, 1, -1), state(heapCopy));
    assertArrayEquals(new byte[] {1, 2, 3}, bytes(heapCopy));
    assertThrows(ReadOnlyBufferException.class, () -> heapCopy.put(0, (byte) 0));
    assertTrue(directCopy.isReadOnly());
    assertTrue(directCopy.isDirect());
    assertEquals(ByteOrder.LITTLE_ENDIAN, directCopy.order());
    assertArrayEquals(new byte[] {7, 0}, bytes(directCopy));
    assertThrows(ReadOnlyBufferException.class, () -> directCopy.put(0, (byte) 0));
  }

  @Test
  @DisplayName("a file mapping is copied into a new direct buffer that is no longer the file")
  void mappedBuffer(@TempDir Path dir) throws IOException {
    Path file = Files.write(dir.resolve("mapped"), new byte[] {1, 2, 3, 4});
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, 4);
      mapped.position(1);

      ByteBuffer received = copy(mapped);

      assertTrue(received.isDirect());
      assertEquals(List.of(4, 4, 1, -1), state(received));
      assertArrayEquals(new byte[] {1, 2, 3, 4}, bytes(received));
      received.put(0, (byte) 9);
      assertEquals(1, mapped.get(0), "a write to the copy does not reach the mapping");
    }
    assertArrayEquals(new byte[] {1, 2, 3, 4}, Files.readAllBytes(file), "nor the file");
  }

  @Test
  @DisplayName("the other typed buffers are copied too: heap, read-only, direct, views over bytes")
  void typedBuffers() {
    IntBuffer ints = IntBuffer.wrap(new int[] {1, 2, 3}).position(1);
    LongBuffer longs = ByteBuffer.allocateDirect(16).asLongBuffer().put(0, 5L).put(1, 6L);
    ShortBuffer shorts =
        ByteBuffer.wrap(new byte[] {1, 0, 2, 0}).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer();
    FloatBuffer floats = FloatBuffer.wrap(new float[] {1.5f, 2.5f}).asReadOnlyBuffer();
    DoubleBuffer doubles = DoubleBuffer.allocate(3).put(0.25).mark().put(0.5);
    CharBuffer chars = CharBuffer.wrap(new StringBuilder("text"), 1, 3);
    CharBuffer charArray = CharBuffer.wrap("abc".toCharArray());
    List<Buffer> sent = List.of(ints, longs, shorts, floats, doubles, chars, charArray);

    List<Buffer> received = copy(sent);

    for (int i = 0; i < sent.size(); i++) {
      Buffer original = sent.get(i);
      Buffer copy = received.get(i);
      String what = original.getClass().getSimpleName() + " #" + i;
      assertNotSame(original, copy, what);
      assertEquals(state(original), state(copy), what);
      assertEquals(original.isDirect(), copy.isDirect(), what);
      assertEquals(original.isReadOnly(), copy.isReadOnly(), what);
      assertEquals(original.hasArray(), copy.hasArray(), what);
      assertEquals(original, copy, what + ": the same remaining elements");
    }
    IntBuffer intsCopy = (IntBuffer) received.get(0);
    assertArrayEquals(new int[] {1, 2, 3}, intsCopy.array());
    assertNotSame(ints.array(), intsCopy.array());
    assertEquals(6L, ((LongBuffer) received.get(1)).get(1));
    assertEquals(ByteOrder.BIG_ENDIAN, ((LongBuffer) received.get(1)).order());
    assertEquals(ByteOrder.LITTLE_ENDIAN, ((ShortBuffer) received.get(2)).order());
    assertEquals(2, ((ShortBuffer) received.get(2)).get(1));
    assertEquals("text", received.get(5).rewind().limit(4).toString(), "every char it reaches");
  }

  @Test
  @DisplayName("MessageCopy.check (Isolate.exit's validation) accepts every buffer and moves none")
  void checkAccepts() throws IOException {
    ByteBuffer heap = ByteBuffer.wrap(new byte[] {1, 2}).position(1);
    List<Buffer> message =
        List.of(
            heap,
            heap.asReadOnlyBuffer(),
            ByteBuffer.allocateDirect(4).limit(3),
            IntBuffer.allocate(2),
            ByteBuffer.allocateDirect(8).asDoubleBuffer(),
            CharBuffer.wrap("s"));
    List<List<Integer>> before = new ArrayList<>();
    for (Buffer buffer : message) {
      before.add(state(buffer));
    }

    MessageCopy.check(message);

    for (int i = 0; i < message.size(); i++) {
      assertEquals(before.get(i), state(message.get(i)), "buffer " + i + " unchanged");
    }
    assertTrue(MessageCopy.isSharedType(ByteOrder.class), "ByteOrder, a constant, is shared");
  }

  @Test
  @Timeout(20)
  @DisplayName("end to end: a port delivers a copy; Isolate.run captures and returns buffers")
  void endToEnd() {
    TransferableTypedData transferable = TransferableTypedData.fromList(List.of(new byte[] {4, 5}));
    List<Object> seen =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              ByteBuffer materialized = transferable.materialize();
              ByteBuffer direct = ByteBuffer.allocateDirect(2).put(0, (byte) 6);
              port.sendPort().send(List.of(materialized, direct));
              materialized.put(0, (byte) 0); // after the send: the message holds a copy
              @SuppressWarnings("unchecked")
              List<ByteBuffer> got = (List<ByteBuffer>) await(port.first());
              int sum =
                  await(
                      Isolate.run(
                          () -> got.get(0).get(0) + got.get(0).get(1) + got.get(1).get(0)));
              ByteBuffer back =
                  await(Isolate.run(() -> ByteBuffer.allocateDirect(1).put(0, (byte) 8)));
              return List.of(
                  Arrays.toString(bytes(got.get(0))), got.get(1).isDirect(), sum, back.get(0));
            });
    assertEquals(List.of("[4, 5]", true, 15, (byte) 8), seen);
  }
}
