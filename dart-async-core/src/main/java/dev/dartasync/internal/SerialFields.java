package dev.dartasync.internal;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * The fields one class declares, read and written without opening its package to reflection:
 * through the handles the JDK gives serialization libraries, {@code
 * sun.reflect.ReflectionFactory.defaultWriteObjectForSerialization} and {@code
 * defaultReadObjectForSerialization} (module {@code jdk.unsupported}, which is exported: no JVM
 * flag; JDK 24 and later). The first puts the object's serializable fields (its non-static,
 * non-transient ones) into the {@code PutField} of the stream it is given, the second sets them
 * from the stream's {@code GetField}; the streams here are stand-ins that only hand over an array
 * of values (the JDK documents that the handles call nothing else of the stream). No constructor,
 * {@code readObject} or {@code writeObject} of the class runs, and nothing is written anywhere.
 *
 * <p>Used for the {@code java.*} levels of a {@link Throwable} when their package is not open
 * ({@code java.lang} without {@code --add-opens java.base/java.lang=ALL-UNNAMED}, and {@code
 * java.nio.file}, {@code java.util} and the like always): see {@link FieldCopyPlan}. Not for
 * classes in general: a class with transient state (most collections) would be copied wrong.
 *
 * <p>The stand-in input stream is allocated without running a constructor ({@link Instantiator}):
 * {@code ObjectInputStream}'s own constructor would freeze the JVM-wide deserialization filter
 * factory ({@code ObjectInputFilter.Config.setSerialFilterFactory} then fails) and call it.
 */
final class SerialFields {

  private static final MethodType READ_ALL =
      MethodType.methodType(void.class, Object.class, ObjectOutputStream.class);
  private static final MethodType WRITE_ALL =
      MethodType.methodType(void.class, Object.class, ObjectInputStream.class);

  private static final Object FACTORY;
  private static final Method DEFAULT_WRITE;
  private static final Method DEFAULT_READ;
  private static final Constructor<?> SOURCE_ALLOCATOR;
  private static final String MISSING;

  static {
    Object factory = null;
    Method defaultWrite = null;
    Method defaultRead = null;
    Constructor<?> sourceAllocator = null;
    String missing = null;
    try {
      Class<?> type = Class.forName("sun.reflect.ReflectionFactory");
      factory = type.getMethod("getReflectionFactory").invoke(null);
      defaultWrite = type.getMethod("defaultWriteObjectForSerialization", Class.class);
      defaultRead = type.getMethod("defaultReadObjectForSerialization", Class.class);
      sourceAllocator = Instantiator.forClass(Source.class);
    } catch (ReflectiveOperationException | LinkageError e) {
      missing = "the JDK's serialization handles are missing (JDK 24 and later have them): " + e;
    }
    FACTORY = factory;
    DEFAULT_WRITE = defaultWrite;
    DEFAULT_READ = defaultRead;
    SOURCE_ALLOCATOR = sourceAllocator;
    MISSING = missing;
  }

  /** The class whose own fields these are. */
  final Class<?> type;

  /** The names of the fields, in the order of the values {@link #read} stores. */
  final String[] names;

  /** {@code (Object, ObjectOutputStream) void}: puts the object's fields into the stream's PutField. */
  private final MethodHandle readAll;

  /** {@code (Object, ObjectInputStream) void}: sets the object's fields from the stream's GetField. */
  private final MethodHandle writeAll;

  private SerialFields(
      Class<?> type, String[] names, MethodHandle readAll, MethodHandle writeAll) {
    this.type = type;
    this.names = names;
    this.readAll = readAll;
    this.writeAll = writeAll;
  }

  /**
   * The serializable fields {@code type} itself declares (not its superclasses').
   *
   * @throws ReflectiveOperationException with the reason if the JDK offers no handles for it (the
   *     JDK is older than 24, the class is not serializable or declares {@code
   *     serialPersistentFields})
   */
  static SerialFields forClass(Class<?> type) throws ReflectiveOperationException {
    if (MISSING != null) {
      throw new NoSuchMethodException(MISSING);
    }
    MethodHandle readAll = (MethodHandle) DEFAULT_WRITE.invoke(FACTORY, type);
    MethodHandle writeAll = (MethodHandle) DEFAULT_READ.invoke(FACTORY, type);
    ObjectStreamClass stream = ObjectStreamClass.lookup(type);
    if (readAll == null || writeAll == null || stream == null) {
      throw new NoSuchMethodException(
          "the JDK's serialization offers no default field access for " + type.getName());
    }
    ObjectStreamField[] fields = stream.getFields();
    String[] names = new String[fields.length];
    for (int i = 0; i < names.length; i++) {
      names[i] = fields[i].getName();
    }
    return new SerialFields(type, names, readAll.asType(READ_ALL), writeAll.asType(WRITE_ALL));
  }

  /** Stores the fields' values (primitives boxed) in {@code values}, from {@code base} on. */
  void read(Object source, Object[] values, int base) {
    try {
      readAll.invokeExact(source, (ObjectOutputStream) new Sink(names, values, base));
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  /** Sets the fields of {@code target} from {@code values}, from {@code base} on. */
  void write(Object target, Object[] values, int base) {
    try {
      Source source = (Source) SOURCE_ALLOCATOR.newInstance();
      source.fields = new Values(names, values, base);
      writeAll.invokeExact(target, (ObjectInputStream) source);
    } catch (Throwable t) {
      throw Sneaky.rethrow(t);
    }
  }

  /** The slot of field {@code name}: the handles go through the fields in {@link #names}' order. */
  private static int slot(String[] names, int base, int expected, String name) {
    if (expected < names.length && names[expected].equals(name)) {
      return base + expected;
    }
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return base + i;
      }
    }
    throw new IllegalArgumentException("no serializable field " + name);
  }

  /** The stand-in output stream: its PutField stores the values, and nothing is written. */
  private static final class Sink extends ObjectOutputStream {
    private final Fields fields;

    Sink(String[] names, Object[] values, int base) throws IOException {
      super();
      this.fields = new Fields(names, values, base);
    }

    @Override
    public PutField putFields() {
      return fields;
    }

    @Override
    public void writeFields() {}
  }

  private static final class Fields extends ObjectOutputStream.PutField {
    private final String[] names;
    private final Object[] values;
    private final int base;
    private int next;

    Fields(String[] names, Object[] values, int base) {
      this.names = names;
      this.values = values;
      this.base = base;
    }

    private void store(String name, Object value) {
      values[slot(names, base, next++, name)] = value;
    }

    @Override
    public void put(String name, boolean value) {
      store(name, value);
    }

    @Override
    public void put(String name, byte value) {
      store(name, value);
    }

    @Override
    public void put(String name, char value) {
      store(name, value);
    }

    @Override
    public void put(String name, short value) {
      store(name, value);
    }

    @Override
    public void put(String name, int value) {
      store(name, value);
    }

    @Override
    public void put(String name, long value) {
      store(name, value);
    }

    @Override
    public void put(String name, float value) {
      store(name, value);
    }

    @Override
    public void put(String name, double value) {
      store(name, value);
    }

    @Override
    public void put(String name, Object value) {
      store(name, value);
    }

    @Override
    @Deprecated
    @SuppressWarnings("removal")
    public void write(ObjectOutput out) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * The stand-in input stream, allocated without a constructor (see the class comment): only
   * {@link #readFields} is called.
   */
  private static final class Source extends ObjectInputStream {
    Values fields;

    private Source() throws IOException {
      // Never runs: instances are allocated by Instantiator.
    }

    @Override
    public GetField readFields() {
      return fields;
    }
  }

  private static final class Values extends ObjectInputStream.GetField {
    private final String[] names;
    private final Object[] values;
    private final int base;
    private int next;

    Values(String[] names, Object[] values, int base) {
      this.names = names;
      this.values = values;
      this.base = base;
    }

    private Object value(String name) {
      return values[slot(names, base, next++, name)];
    }

    @Override
    public ObjectStreamClass getObjectStreamClass() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean defaulted(String name) {
      return false;
    }

    @Override
    public boolean get(String name, boolean unused) {
      return (Boolean) value(name);
    }

    @Override
    public byte get(String name, byte unused) {
      return (Byte) value(name);
    }

    @Override
    public char get(String name, char unused) {
      return (Character) value(name);
    }

    @Override
    public short get(String name, short unused) {
      return (Short) value(name);
    }

    @Override
    public int get(String name, int unused) {
      return (Integer) value(name);
    }

    @Override
    public long get(String name, long unused) {
      return (Long) value(name);
    }

    @Override
    public float get(String name, float unused) {
      return (Float) value(name);
    }

    @Override
    public double get(String name, double unused) {
      return (Double) value(name);
    }

    @Override
    public Object get(String name, Object unused) {
      return value(name);
    }
  }
}
