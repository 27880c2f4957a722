package dev.dartasync.bench;

import static dev.dartasync.Dart.await;

import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.RawReceivePort;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of row 10 and each way of copying them, shared by {@link MessageCopyBench} (time
 * per copy) and the heap probe {@code memory.MemoryFootprint} (bytes allocated per copied
 * element), so that both measure the same code.
 */
public final class CopyWorkloads {
  private CopyWorkloads() {}

  /** Elements of the list: 10 M. */
  public static final int LIST_SIZE = 10_000_000;

  /**
   * Elements of the list that Java serialization copies: 1 M, a tenth. Written and read back, 10 M
   * boxed integers take 13 to 29 s here (about 1 µs per object, more as the handle tables and the
   * heap grow), too long for a benchmark run; the report multiplies this one's time by {@link
   * #SERIALIZED_LIST_SCALE}, which flatters serialization.
   */
  public static final int SERIALIZED_LIST_SIZE = 1_000_000;

  public static final int SERIALIZED_LIST_SCALE = LIST_SIZE / SERIALIZED_LIST_SIZE;

  /** Bytes of the array: 10 MB (10,000,000 bytes). */
  public static final int BYTES = 10_000_000;

  /** An {@code ArrayList} of the boxed integers 0 .. size-1 (each its own Integer beyond 127). */
  public static List<Integer> list(int size) {
    List<Integer> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(i);
    }
    return list;
  }

  /** 10 MB of varied bytes. */
  public static byte[] bytes() {
    byte[] bytes = new byte[BYTES];
    for (int i = 0; i < BYTES; i++) {
      bytes[i] = (byte) (i * 31);
    }
    return bytes;
  }

  /**
   * Ours: in a fresh main isolate, {@code SendPort.send(message)} to a port of that isolate, which
   * is then closed (the copy, made by the send on this thread, is dropped with the message). The
   * {@code Dart.run} and the port cost microseconds; the copy, milliseconds.
   */
  public static void sendToOwnPort(Object message) {
    Dart.run(
        () -> {
          RawReceivePort port = new RawReceivePort();
          port.sendPort().send(message);
          port.close();
        });
  }

  /**
   * Ours: {@code await Isolate.run(() => message.size)} in a fresh main isolate: the message is
   * copied with the computation that captures it, into a new isolate, which answers its size.
   */
  public static int isolateRunCapturing(List<Integer> message) {
    return Dart.run(() -> await(Isolate.run(() -> message.size())));
  }

  /** {@link #isolateRunCapturing(List)} for an array. */
  public static int isolateRunCapturing(byte[] message) {
    return Dart.run(() -> await(Isolate.run(() -> message.length)));
  }

  /** Java serialization: written to a byte array, then read back (a complete copy). */
  public static Object serializationRoundTrip(Object message) {
    Buffer out = write(message);
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(out.bytes(), 0, out.size()))) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Buffer write(Object message) {
    Buffer out = new Buffer();
    try (ObjectOutputStream oos = new ObjectOutputStream(out)) {
      oos.writeObject(message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** A byte array stream whose buffer is read in place (no copy by {@code toByteArray()}). */
  private static final class Buffer extends ByteArrayOutputStream {
    byte[] bytes() {
      return buf;
    }
  }
}
