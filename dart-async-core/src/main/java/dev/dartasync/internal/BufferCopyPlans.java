package dev.dartasync.internal;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.InvalidMarkException;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The {@code java.nio} buffers ({@link ByteBuffer} and the six typed buffers), Java's typed data:
 * copied through their public API, so that no {@code --add-opens java.base/java.nio} is needed
 * (their fields are closed to reflection). The copy keeps everything the API shows: the kind
 * (heap, direct, read-only, a view over bytes), the byte order, capacity, limit, position and mark
 * (read off a duplicate, whose {@code reset()} moves to it), and every element the buffer can
 * reach:
 * <ul>
 *   <li>a buffer with an accessible array ({@code hasArray()}: a writable heap buffer) is a new
 *       buffer over the copy of that whole array, at the same {@code arrayOffset()}: the array is
 *       an object of the message, copied once however many buffers (or array references) reach
 *       it, as the Dart VM copies a typed-data view's backing store once and keeps the view's
 *       offset;</li>
 *   <li>any other buffer (read-only, direct, a view over a {@code ByteBuffer}, a {@code CharBuffer}
 *       over a {@code CharSequence}) is a new buffer of the same kind holding a copy of its
 *       elements {@code 0..capacity}; a direct one is a new direct buffer. Which memory such a
 *       buffer shares with others cannot be seen without reflection, so two of them over the same
 *       memory arrive as two independent copies (the same buffer reached twice is still one
 *       copy);</li>
 *   <li>a {@link java.nio.MappedByteBuffer} over a file cannot be told from {@code
 *       allocateDirect}'s (both are direct buffers): it is copied like any direct buffer, into
 *       direct memory (within {@code -XX:MaxDirectMemorySize}); the copy is not connected to the
 *       file.</li>
 * </ul>
 * The copy is made at once, on the sender's thread; a check copies nothing (a buffer holds no
 * reference that could be unsendable).
 */
final class BufferCopyPlans {
  private BufferCopyPlans() {}

  /** The plan for {@code type} if it is a {@code java.nio} buffer, else {@code null}. */
  static CopyPlan forType(Class<?> type) {
    for (Kind kind : Kind.values()) {
      if (kind.type.isAssignableFrom(type)) {
        return new Plan(kind);
      }
    }
    return null;
  }

  private static final class Plan extends CopyPlan {
    private final Kind kind;

    Plan(Kind kind) {
      this.kind = kind;
    }

    @Override
    Object copy(Object source, GraphCopier copier) {
      if (copier.checking) {
        return source;
      }
      Buffer buffer = (Buffer) source;
      Buffer copy;
      if (buffer.hasArray()) {
        // A primitive array: copied at once, or the copy this message already made of it.
        Object array = copier.resolve(buffer.array());
        copy = kind.over(array, buffer.arrayOffset(), buffer.capacity());
        if (kind == Kind.BYTE) {
          ((ByteBuffer) copy).order(kind.order(buffer)); // a slice starts big-endian
        }
      } else {
        copy = copyElements(buffer);
      }
      keepState(buffer, copy);
      return copier.copyNow(source, ignored -> copy);
    }

    /** A new buffer of {@code buffer}'s kind holding its elements {@code 0..capacity}. */
    private Buffer copyElements(Buffer buffer) {
      int capacity = buffer.capacity();
      ByteOrder order = kind.order(buffer);
      Buffer copy;
      if (kind == Kind.BYTE) {
        copy = bytes(buffer.isDirect(), capacity);
      } else if (buffer.isDirect() || !buffer.isReadOnly() || order != ByteOrder.nativeOrder()) {
        // A direct typed buffer, or a heap one without an array: a view over bytes. (A read-only
        // heap typed buffer in the native order looks the same as a view in that order; it gets
        // the plain heap form below.)
        int bytes = Math.multiplyExact(capacity, kind.size);
        ByteBuffer store = bytes(buffer.isDirect(), bytes);
        copy = kind.view(store.order(order));
      } else {
        copy = kind.allocate(capacity);
      }
      kind.put(copy, buffer.duplicate().clear(), capacity); // the source's limit bounds put
      if (buffer.isReadOnly()) {
        copy = kind.readOnly(copy);
      }
      if (kind == Kind.BYTE) {
        ((ByteBuffer) copy).order(order); // a new or read-only ByteBuffer starts big-endian
      }
      return copy;
    }
  }

  /** A new direct or heap {@code ByteBuffer} of {@code capacity} bytes. */
  private static ByteBuffer bytes(boolean direct, int capacity) {
    return direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
  }

  /** Gives {@code copy} (at position 0, limit at capacity) {@code source}'s limit, mark, position. */
  private static void keepState(Buffer source, Buffer copy) {
    int position = source.position();
    copy.limit(source.limit());
    int mark = mark(source);
    if (mark >= 0) {
      copy.position(mark).mark();
    }
    copy.position(position);
  }

  /** The buffer's mark, or -1 if it has none, read without changing it. */
  private static int mark(Buffer buffer) {
    try {
      return buffer.duplicate().reset().position();
    } catch (InvalidMarkException none) {
      return -1;
    }
  }

  /** The seven buffer classes, each with what a copy needs of it. */
  private enum Kind {
    BYTE(ByteBuffer.class, 1) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return ByteBuffer.wrap((byte[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes;
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((ByteBuffer) to).put(0, (ByteBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((ByteBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((ByteBuffer) buffer).order();
      }
    },
    CHAR(CharBuffer.class, Character.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return CharBuffer.wrap((char[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return CharBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asCharBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((CharBuffer) to).put(0, (CharBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((CharBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((CharBuffer) buffer).order();
      }
    },
    SHORT(ShortBuffer.class, Short.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return ShortBuffer.wrap((short[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return ShortBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asShortBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((ShortBuffer) to).put(0, (ShortBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((ShortBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((ShortBuffer) buffer).order();
      }
    },
    INT(IntBuffer.class, Integer.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return IntBuffer.wrap((int[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return IntBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asIntBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((IntBuffer) to).put(0, (IntBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((IntBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((IntBuffer) buffer).order();
      }
    },
    LONG(LongBuffer.class, Long.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return LongBuffer.wrap((long[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return LongBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asLongBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((LongBuffer) to).put(0, (LongBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((LongBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((LongBuffer) buffer).order();
      }
    },
    FLOAT(FloatBuffer.class, Float.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return FloatBuffer.wrap((float[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return FloatBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asFloatBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((FloatBuffer) to).put(0, (FloatBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((FloatBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((FloatBuffer) buffer).order();
      }
    },
    DOUBLE(DoubleBuffer.class, Double.BYTES) {
      @Override
      Buffer over(Object array, int offset, int capacity) {
        return DoubleBuffer.wrap((double[]) array).slice(offset, capacity);
      }

      @Override
      Buffer allocate(int capacity) {
        return DoubleBuffer.allocate(capacity);
      }

      @Override
      Buffer view(ByteBuffer bytes) {
        return bytes.asDoubleBuffer();
      }

      @Override
      void put(Buffer to, Buffer from, int count) {
        ((DoubleBuffer) to).put(0, (DoubleBuffer) from, 0, count);
      }

      @Override
      Buffer readOnly(Buffer buffer) {
        return ((DoubleBuffer) buffer).asReadOnlyBuffer();
      }

      @Override
      ByteOrder order(Buffer buffer) {
        return ((DoubleBuffer) buffer).order();
      }
    };

    final Class<? extends Buffer> type;
    /** Bytes per element. */
    final int size;

    Kind(Class<? extends Buffer> type, int size) {
      this.type = type;
      this.size = size;
    }

    /** A writable heap buffer over {@code array} from {@code offset}, {@code capacity} long. */
    abstract Buffer over(Object array, int offset, int capacity);

    /** A writable heap buffer (in the native order for the typed ones). */
    abstract Buffer allocate(int capacity);

    /** A buffer of this kind over {@code bytes}, in their order. */
    abstract Buffer view(ByteBuffer bytes);

    /** Copies {@code from}'s elements {@code 0..count} to {@code to}'s, positions unchanged. */
    abstract void put(Buffer to, Buffer from, int count);

    abstract Buffer readOnly(Buffer buffer);

    abstract ByteOrder order(Buffer buffer);
  }
}
