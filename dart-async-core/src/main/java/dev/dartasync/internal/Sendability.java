package dev.dartasync.internal;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.StreamIterator;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneDelegate;
import dev.dartasync.isolate.TransferableTypedData;
import java.io.Console;
import java.io.FileDescriptor;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteOrder;
import java.nio.channels.Channel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.regex.Pattern;
import java.util.stream.BaseStream;

/**
 * Which objects a message may hold and how each class is copied (its {@link CopyPlan}, computed
 * once per class and cached in a {@link ClassValue}). Dart's rules (§7.3 of the semantics notes,
 * {@code object_graph_copy.cc}) carried over to Java:
 * <ul>
 *   <li>shared, not copied: {@code null}, strings, boxed primitives, {@link BigInteger}, {@link
 *       BigDecimal}, enums, {@code java.time} values, {@link Class}, {@link UUID}, {@link URI},
 *       {@link Locale}, {@link Pattern}, {@link Path}, {@link Charset}, {@link ByteOrder}, {@link
 *       Runtime.Version}, {@link StackWalker}, {@link Package}, {@link ModuleLayer}, {@code
 *       ScopedValue}, the JDK's {@link Character.Subset}s ({@code UnicodeBlock}), this library's
 *       {@link StackTrace}, {@link SharedAcrossIsolates} classes (ports, capabilities), objects without
 *       instance fields (non-capturing lambdas among them), and records, lambdas and unmodifiable
 *       collections whose contents are all shared;</li>
 *   <li>unsendable ({@code object is unsendable}): {@link Unsendable} classes, this library's
 *       futures, completers, streams, controllers, subscriptions, timers and zones, threads, locks and
 *       other synchronizers, executors, Java futures, sockets, channels, byte and character streams,
 *       references, class loaders, and classes outside the JDK with native methods;</li>
 *   <li>moved, not copied: {@link TransferableTypedData} ({@link TransferPlan});</li>
 *   <li>copied: arrays, records (canonical constructor), lambdas (their hidden class's constructor),
 *       the JDK collections {@link JdkCollectionPlans} and {@link UnmodifiablePlans} know, {@link
 *       java.util.Optional}, the atomics, {@link StringBuilder} and {@link StringBuffer}, the {@code
 *       java.nio} buffers ({@link BufferCopyPlans}),
 *       and any other class field by field ({@link
 *       FieldCopyPlan});</li>
 *   <li>cannot be copied ({@code object cannot be copied}): classes whose fields are closed to
 *       reflection (most JDK classes outside {@code java.lang}, and {@code java.lang}'s own when
 *       the JVM runs without {@code --add-opens java.base/java.lang=ALL-UNNAMED}; a throwable's
 *       JDK classes are copied through their serializable fields instead, see {@link
 *       FieldCopyPlan}), and other hidden classes.</li>
 * </ul>
 */
final class Sendability {
  private Sendability() {}

  private static final Set<Class<?>> SHARED_TYPES =
      Set.of(
          String.class,
          Boolean.class,
          Character.class,
          Byte.class,
          Short.class,
          Integer.class,
          Long.class,
          Float.class,
          Double.class,
          BigInteger.class,
          BigDecimal.class,
          Class.class,
          UUID.class,
          URI.class,
          Locale.class,
          Pattern.class,
          StackTraceElement.class,
          ByteOrder.class,
          OptionalInt.class,
          OptionalLong.class,
          OptionalDouble.class,
          StackTrace.class,
          // java.lang's immutable values and runtime objects: with the flag they were copied field
          // by field (a Package, a StackWalker), without it rejected; shared, like Class.
          Runtime.Version.class,
          StackWalker.class,
          Package.class,
          ModuleLayer.class);

  private static final List<Class<?>> UNSENDABLE_TYPES =
      List.of(
          // dart:async's @vmIsolateUnsendable classes and this library's runtime.
          DFuture.class,
          Completer.class,
          DStream.class,
          StreamController.class,
          dev.dartasync.MultiStreamController.class,
          StreamSubscription.class,
          StreamIterator.class,
          Timer.class,
          Zone.class,
          ZoneDelegate.class,
          EventLoop.class,
          // Threads and what only makes sense among threads that share memory.
          Thread.class,
          ThreadGroup.class,
          ThreadLocal.class,
          Lock.class,
          ReadWriteLock.class,
          Condition.class,
          StampedLock.class,
          Semaphore.class,
          CountDownLatch.class,
          CyclicBarrier.class,
          Phaser.class,
          Exchanger.class,
          Executor.class,
          Future.class,
          CompletionStage.class,
          BlockingQueue.class,
          java.util.Timer.class,
          java.util.TimerTask.class,
          // Native resources.
          Socket.class,
          ServerSocket.class,
          DatagramSocket.class,
          Channel.class,
          Selector.class,
          SelectionKey.class,
          InputStream.class,
          OutputStream.class,
          Reader.class,
          Writer.class,
          RandomAccessFile.class,
          FileDescriptor.class,
          Console.class,
          BaseStream.class,
          Process.class,
          ProcessHandle.class,
          Runtime.class,
          ClassLoader.class,
          java.lang.ref.Reference.class,
          java.lang.ref.ReferenceQueue.class,
          java.lang.ref.Cleaner.class);

  private static final ClassValue<CopyPlan> PLANS =
      new ClassValue<>() {
        @Override
        protected CopyPlan computeValue(Class<?> type) {
          return classify(type);
        }
      };

  /** The plan for the instances of {@code type}. */
  static CopyPlan plan(Class<?> type) {
    return PLANS.get(type);
  }

  /** Whether every instance of {@code type} is shared by messages instead of copied. */
  static boolean isShared(Class<?> type) {
    return PLANS.get(type) == CopyPlan.SHARED;
  }

  /** The text after {@code "Illegal argument in isolate message: "} for an unsendable class. */
  static String unsendable(Class<?> type) {
    return "object is unsendable - "
        + RetainingPath.classText(type)
        + " (see restrictions listed at `SendPort.send()` documentation for more information)";
  }

  /** The text for an object this library cannot copy, with the reason. */
  static String uncopyable(Class<?> type, String reason) {
    return "object cannot be copied - " + RetainingPath.classText(type) + " (" + reason + ")";
  }

  /** A plan that rejects every instance with {@code message}. */
  static CopyPlan rejecting(String message) {
    return new CopyPlan() {
      @Override
      Object copy(Object source, GraphCopier copier) {
        throw copier.reject(message);
      }
    };
  }

  private static CopyPlan classify(Class<?> type) {
    try {
      return classifyLoaded(type);
    } catch (LinkageError e) {
      return rejecting(uncopyable(type, "its class cannot be inspected: " + e));
    }
  }

  private static CopyPlan classifyLoaded(Class<?> type) {
    if (Unsendable.class.isAssignableFrom(type)) {
      return new CopyPlan() {
        @Override
        Object copy(Object source, GraphCopier copier) {
          String special = ((Unsendable) source).unsendableMessage();
          throw copier.reject(special != null ? special : unsendable(type));
        }
      };
    }
    if (type == TransferableTypedData.class) {
      return new TransferPlan();
    }
    if (SharedAcrossIsolates.class.isAssignableFrom(type) || isSharedValueType(type)) {
      return CopyPlan.SHARED;
    }
    for (Class<?> unsendable : UNSENDABLE_TYPES) {
      if (unsendable.isAssignableFrom(type)) {
        return rejecting(unsendable(type));
      }
    }
    if (type.isArray()) {
      return ArrayCopyPlans.forArray(type);
    }
    if (RetainingPath.isLambda(type)) {
      return ConstructorCopyPlan.forLambda(type);
    }
    if (type.isRecord()) {
      return ConstructorCopyPlan.forRecord(type);
    }
    CopyPlan known = JdkCollectionPlans.forType(type);
    if (known == null) {
      known = UnmodifiablePlans.forType(type);
    }
    if (known == null) {
      known = JdkValuePlans.forType(type);
    }
    if (known == null) {
      known = BufferCopyPlans.forType(type);
    }
    if (known != null) {
      return known;
    }
    if (!isJdk(type) && hasNativeMethod(type)) {
      return rejecting(unsendable(type));
    }
    if (!hasInstanceFields(type)) {
      return CopyPlan.SHARED;
    }
    return FieldCopyPlan.forType(type);
  }

  /**
   * Whether {@code type} is one of the immutable value types (strings, boxes, enums, {@code
   * java.time}, …), without looking at its fields.
   */
  static boolean isSharedValueType(Class<?> type) {
    if (SHARED_TYPES.contains(type) || Enum.class.isAssignableFrom(type)) {
      return true;
    }
    if (!isJdk(type)) {
      return false;
    }
    return type.getPackageName().startsWith("java.time")
        || Path.class.isAssignableFrom(type)
        || Charset.class.isAssignableFrom(type)
        // Constants compared by identity (Character.UnicodeBlock), and a scoped value's key
        // (named: a preview class on the JDK 21 this library compiles for).
        || Character.Subset.class.isAssignableFrom(type)
        || type.getName().equals("java.lang.ScopedValue");
  }

  /** Whether {@code type} belongs to the JDK (a {@code java.*} or {@code jdk.*} module). */
  static boolean isJdk(Class<?> type) {
    String module = type.getModule().getName();
    return module != null && (module.startsWith("java.") || module.startsWith("jdk."));
  }

  /**
   * Whether a class of the library's users (not the JDK's: those are judged by the lists above, and
   * {@code Throwable}'s own native methods must not make every exception unsendable) declares a
   * native method, the sign of a native resource.
   */
  private static boolean hasNativeMethod(Class<?> type) {
    for (Class<?> c = type; c != null && !isJdk(c); c = c.getSuperclass()) {
      for (Method method : c.getDeclaredMethods()) {
        if (Modifier.isNative(method.getModifiers())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean hasInstanceFields(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (!Modifier.isStatic(field.getModifiers())) {
          return true;
        }
      }
    }
    return false;
  }
}
