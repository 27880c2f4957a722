package dev.dartasync.isolates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.internal.Unsendable;
import java.io.ByteArrayInputStream;
import java.net.Socket;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Unsendable objects make the copy throw Dart's {@code ArgumentError} synchronously, with the
 * class and the retaining path from the message to the object (semantics notes §7.3, the VM's
 * {@code CanCopyObject} and {@code FindRetainingPath}, names adapted to Java), and nothing else
 * happens: the message is unchanged. Every case runs twice: through {@link MessageCopy#copy} and
 * through {@link MessageCopy#check} ({@code Isolate.exit}'s validation), which must agree exactly.
 */
class UnsendableMessageTest {

  /** The two walks over a message that must reject the same objects with the same texts. */
  enum Walk {
    COPY {
      @Override
      void run(Object message) {
        MessageCopy.copy(message);
      }
    },
    CHECK {
      @Override
      void run(Object message) {
        MessageCopy.check(message);
      }
    };

    abstract void run(Object message);

    /** The {@code toString()} of the error the walk throws. */
    String failure(Object message) {
      return assertThrows(ArgumentError.class, () -> run(message)).toString();
    }
  }

  private static final String HERE = " (from dev.dartasync.isolates)";

  static final class Holder {
    final String label = "holder";
    final Object held;

    Holder(Object held) {
      this.held = held;
    }
  }

  /** Dart's capture trap in Java: a lambda written in an instance method captures {@code this}. */
  static final class Worker {
    final Completer<String> pending;
    int base = 2;

    Worker(Completer<String> pending) {
      this.pending = pending;
    }

    Supplier<Integer> task() {
      return () -> base * 21;
    }

    static Supplier<Integer> staticTask(int base) {
      return () -> base * 21;
    }
  }

  /** A future port class would implement the marker like this. */
  static final class FakeRawReceivePort implements Unsendable {
    @Override
    public String unsendableMessage() {
      return "(object is a ReceivePort)";
    }
  }

  static final class Marked implements Unsendable {}

  static final class NativeHolder {
    long handle;

    @SuppressWarnings("unused")
    private static native void release(long handle);
  }

  record Link(List<Object> items) {}

  private static String unsendable(String classText, String... path) {
    StringBuilder text =
        new StringBuilder(
            "Invalid argument(s): Illegal argument in isolate message: object is unsendable - ");
    text.append(classText)
        .append(
            " (see restrictions listed at `SendPort.send()` documentation for more information)\n");
    for (String line : path) {
      text.append(" <- ").append(line).append('\n');
    }
    return text.toString();
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("a Completer sent directly: Dart's text, no retaining path")
  void completerAtTheRoot(Walk walk) {
    Dart.run(
        () -> {
          assertEquals(
              "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
                  + " - Library:'dev.dartasync' Class: Completer (see restrictions listed at"
                  + " `SendPort.send()` documentation for more information)\n",
              walk.failure(new Completer<String>()));
        });
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("the retaining path names the field, the list index and the map key that hold it")
  void retainingPaths(Walk walk) {
    Dart.run(
        () -> {
          Completer<String> completer = new Completer<>();
          String completerText = "Library:'dev.dartasync' Class: Completer";

          assertEquals(
              unsendable(completerText, "held in Instance of 'Holder'" + HERE),
              walk.failure(new Holder(completer)));

          List<Object> list = new ArrayList<>(List.of(1, "two"));
          list.add(new Holder(completer));
          assertEquals(
              unsendable(
                  completerText,
                  "held in Instance of 'Holder'" + HERE,
                  "[2] in ArrayList len:3 (from java.util)"),
              walk.failure(list));

          Map<String, Object> map = new LinkedHashMap<>();
          map.put("ok", 1);
          map.put("bad", List.of(completer));
          assertEquals(
              unsendable(
                  completerText,
                  "[0] in List12 len:1 (from java.util)",
                  "value of key \"bad\" in LinkedHashMap len:2 (from java.util)"),
              walk.failure(map));

          Map<Object, String> keyed = new HashMap<>();
          keyed.put(completer, "v");
          assertEquals(
              unsendable(completerText, "key in HashMap len:1 (from java.util)"),
              walk.failure(keyed));

          assertEquals(
              unsendable(
                  completerText,
                  "[0] in List12 len:1 (from java.util)",
                  "items in Instance of 'Link'" + HERE),
              walk.failure(new Link(List.of(completer))));

          Object[] array = {null, completer};
          assertEquals(unsendable(completerText, "[1] in Object[] len:2"), walk.failure(array));
        });
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("a lambda that captures this drags the instance's unsendable fields along")
  void lambdaCapturingThis(Walk walk) {
    Dart.run(
        () -> {
          Worker worker = new Worker(new Completer<>());
          assertEquals(
              unsendable(
                  "Library:'dev.dartasync' Class: Completer",
                  "pending in Instance of 'Worker'" + HERE,
                  "field this in Closure: Supplier from Worker" + HERE),
              walk.failure(worker.task()));
          // A captured local is named by the hidden class's field.
          Holder local = new Holder(worker.pending);
          Supplier<Object> capturesLocal = () -> local.held;
          assertEquals(
              unsendable(
                  "Library:'dev.dartasync' Class: Completer",
                  "held in Instance of 'Holder'" + HERE,
                  "field arg$1 in Closure: Supplier from UnsendableMessageTest" + HERE),
              walk.failure(capturesLocal));
          // The fix, as in Dart: capture only the value the lambda needs.
          Supplier<Integer> fixed = Worker.staticTask(worker.base);
          walk.run(fixed);
          assertEquals(42, ((Supplier<?>) MessageCopy.copy(fixed)).get());
        });
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("every unsendable kind: futures, streams, controllers, timers, zones, threads, locks, I/O")
  void unsendableKinds(Walk walk) throws Exception {
    Dart.run(
        () -> {
          StreamController<Integer> controller = new StreamController<>();
          Timer timer = new Timer(Duration.ofDays(1), () -> {});
          Map<Object, String> expected = new LinkedHashMap<>();
          expected.put(DFuture.value(1), "Library:'dev.dartasync' Class: DFuture");
          expected.put(controller, "Library:'dev.dartasync' Class: StreamController");
          expected.put(controller.stream(), "Library:'dev.dartasync' Class: DStream");
          expected.put(timer, "Library:'dev.dartasync' Class: Timer");
          expected.put(Zone.current(), "Library:'dev.dartasync' Class: Zone");
          expected.put(Thread.currentThread(), "Library:'java.lang' Class: VirtualThread");
          expected.put(new ReentrantLock(), "Library:'java.util.concurrent.locks' Class: ReentrantLock");
          expected.put(new ByteArrayInputStream(new byte[1]), "Library:'java.io' Class: ByteArrayInputStream");
          expected.put(new Marked(), "Library:'dev.dartasync.isolates' Class: Marked");
          expected.put(new NativeHolder(), "Library:'dev.dartasync.isolates' Class: NativeHolder");
          for (Map.Entry<Object, String> entry : expected.entrySet()) {
            assertEquals(
                unsendable(entry.getValue(), "held in Instance of 'Holder'" + HERE),
                walk.failure(new Holder(entry.getKey())));
          }
          timer.cancel();
        });
    try (Socket socket = new Socket()) {
      assertEquals(unsendable("Library:'java.net' Class: Socket"), walk.failure(socket));
    }
    Pipe pipe = Pipe.open();
    try {
      assertTrue(walk.failure(pipe.source()).startsWith(
          "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
              + " - Library:'sun.nio.ch' Class: "));
    } finally {
      pipe.source().close();
      pipe.sink().close();
    }
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("an Unsendable class may name itself like the VM's predefined cases")
  void specialText(Walk walk) {
    assertEquals(
        "Invalid argument(s): Illegal argument in isolate message: (object is a ReceivePort)\n"
            + " <- held in Instance of 'Holder'" + HERE + "\n",
        walk.failure(new Holder(new FakeRawReceivePort())));
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("what cannot be copied fails clearly: closed JDK classes, a record in a cycle")
  void uncopyable(Walk walk) {
    String weak = walk.failure(List.of(new WeakHashMap<>()));
    assertTrue(
        weak.startsWith(
            "Invalid argument(s): Illegal argument in isolate message: object cannot be copied"
                + " - Library:'java.util' Class: WeakHashMap (its fields are not open to reflection:"),
        weak);
    assertTrue(weak.endsWith(")\n <- [0] in List12 len:1 (from java.util)\n"), weak);

    // A lambda the JDK made (its hidden class lives in java.util, closed to reflection).
    String jdkLambda = walk.failure(Comparator.comparing(String::length));
    assertTrue(
        jdkLambda.startsWith(
            "Invalid argument(s): Illegal argument in isolate message: object cannot be copied"
                + " - Library:'java.util' Class: Closure (its fields are not open to reflection:"),
        jdkLambda);

    List<Object> items = new ArrayList<>();
    Link link = new Link(items);
    items.add(link);
    assertEquals(
        "Invalid argument(s): Illegal argument in isolate message: object cannot be copied"
            + " - Library:'dev.dartasync.isolates' Class: Link (it is part of a reference cycle,"
            + " and the copy of a record, a lambda or an unmodifiable collection can only be"
            + " built after everything it holds)\n"
            + " <- [0] in ArrayList len:1 (from java.util)\n"
            + " <- items in Instance of 'Link'" + HERE + "\n",
        walk.failure(link));
  }

  @ParameterizedTest
  @EnumSource(Walk.class)
  @DisplayName("a failed copy leaves the message as it was")
  void nothingChangesOnFailure(Walk walk) {
    Dart.run(
        () -> {
          Holder bad = new Holder(new Completer<Integer>());
          List<Object> inner = new ArrayList<>(List.of("a", "b"));
          Map<String, Object> message = new LinkedHashMap<>();
          message.put("first", inner);
          message.put("second", bad);
          message.put("third", new ArrayList<>(List.of(3)));
          String before = message.toString();
          List<Object> innerBefore = List.copyOf(inner);

          assertThrows(ArgumentError.class, () -> walk.run(message));

          assertEquals(before, message.toString());
          assertEquals(innerBefore, inner);
          assertEquals(List.of("first", "second", "third"), new ArrayList<>(message.keySet()));
        });
  }
}
