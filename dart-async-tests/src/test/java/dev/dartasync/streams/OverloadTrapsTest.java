package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.Completer;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.junit.Expect;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Overloads a Java user porting Dart falls into. Dart's {@code onCancel} takes one {@code
 * FutureOr<void> Function()}; Java has a {@link Runnable} form and a future-returning form, and
 * Java prefers a value-returning functional interface for a lambda whose body is an expression
 * with a value (JLS 15.12.2.5), so {@code () -> print("x")} (print returns {@code Void}) or {@code
 * () -> list.add(x)} used to pick the future form. The future form now takes only a lambda that
 * returns a DFuture. The two forms behave the same for a non-future result, so which one javac
 * picked is checked by compiling the obvious lambdas and reading the method each call invokes;
 * the behaviour is checked at run time.
 */
class OverloadTrapsTest {

  @RegisterExtension final Expect ex = new Expect();

  @TempDir Path out;

  @Test
  @DisplayName("onCancel(() -> list.add(x)) runs at cancel; cancel() returns a completed future")
  void printOnCancelRuns() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          StreamController<Integer> c =
              new StreamController<Integer>().onCancel(() -> log.add("cancel"));
          StreamSubscription<Integer> s = c.stream().listen(null);
          s.cancel().thenAccept(v -> ex.expect(2));
          ex.check(log.equals(List.of("cancel")), "onCancel ran inside cancel()");
          ex.expect(1);
        });
    ex.finish(3);
  }

  @Test
  @DisplayName("onCancel(() -> future): cancel() returns that future and the listener's done waits for it")
  void futureOnCancelIsWaitedFor() {
    Dart.run(
        () -> {
          Completer<Void> cleanUp = Completer.sync();
          StreamController<Integer> c =
              StreamController.<Integer>sync().onCancel(() -> cleanUp.future());
          c.stream().listen(v -> {}, () -> ex.expect(2));
          c.close().thenAccept(v -> ex.expect(3));
          ex.expect(1);
          cleanUp.complete(null); // done is delivered inside this completion
        });
    ex.finish(4);
  }

  @Test
  @DisplayName("javac: the obvious lambdas resolve to the obvious overloads")
  void resolution() throws IOException {
    Map<String, String> probes = new TreeMap<>();
    probes.put(
        "PrintOnCancel",
        "void f(StreamController<Integer> c) { c.onCancel(() -> print(\"cancel\")); }");
    probes.put(
        "AddOnCancel",
        "void f(StreamController<Integer> c, List<String> l) { c.onCancel(() -> l.add(\"x\")); }");
    probes.put(
        "FutureOnCancel",
        "void f(StreamController<Integer> c, StreamController<Integer> o) {"
            + " c.onCancel(() -> o.close()); }");
    probes.put(
        "MultiPrintOnCancel",
        "void f(MultiStreamController<Integer> c) { c.onCancel(() -> print(\"cancel\")); }");
    probes.put(
        "ListenDataDone",
        "void f(DStream<Integer> s) { s.listen(v -> print(v), () -> print(\"done\")); }");
    Map<String, String> invoked = compileAndRead(probes);
    String controller = "Ldev/dartasync/StreamController;";
    assertEquals(
        Map.of(
            "AddOnCancel", "onCancel(Ljava/lang/Runnable;)" + controller,
            "FutureOnCancel", "onCancel(Ljava/util/concurrent/Callable;)" + controller,
            "ListenDataDone",
                "listen(Ljava/util/function/Consumer;Ljava/lang/Runnable;)"
                    + "Ldev/dartasync/StreamSubscription;",
            "MultiPrintOnCancel",
                "onCancel(Ljava/lang/Runnable;)Ldev/dartasync/MultiStreamController;",
            "PrintOnCancel", "onCancel(Ljava/lang/Runnable;)" + controller),
        invoked);
  }

  /**
   * Compiles one class per probe (a method body using the library) and returns, per probe, the
   * {@code onCancel}/{@code listen} method it calls: name and descriptor, read from its class
   * file's constant pool.
   */
  private Map<String, String> compileAndRead(Map<String, String> probes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertTrue(javac != null, "no system Java compiler");
    List<JavaFileObject> sources = new ArrayList<>();
    for (var probe : probes.entrySet()) {
      String text =
          "import dev.dartasync.*;\nimport static dev.dartasync.Dart.*;\nimport java.util.*;\n"
              + "class "
              + probe.getKey()
              + " {\n  "
              + probe.getValue()
              + "\n}\n";
      sources.add(
          new SimpleJavaFileObject(
              URI.create("string:///" + probe.getKey() + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return text;
            }
          });
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options =
        List.of("-d", out.toString(), "-cp", System.getProperty("java.class.path"), "-proc:none");
    boolean ok = javac.getTask(null, null, diagnostics, options, null, sources).call();
    assertTrue(ok, "the obvious lambdas do not compile: " + diagnostics.getDiagnostics());
    Map<String, String> invoked = new TreeMap<>();
    for (String name : probes.keySet()) {
      invoked.put(name, calledMethod(Files.readAllBytes(out.resolve(name + ".class"))));
    }
    return invoked;
  }

  /**
   * The {@code onCancel} or {@code listen} method a class file refers to, as name and descriptor:
   * read from the Methodref/InterfaceMethodref entries of its constant pool (JVMS 4.4).
   */
  private static String calledMethod(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    in.readInt(); // magic
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[][] nameAndType = new int[count][];
    List<Integer> methodRefs = new ArrayList<>();
    int[] refNameAndType = new int[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
        case 15 -> {
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        case 3, 4, 9, 17, 18 -> in.readInt();
        case 10, 11 -> {
          in.readUnsignedShort();
          refNameAndType[i] = in.readUnsignedShort();
          methodRefs.add(i);
        }
        case 12 -> nameAndType[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
        case 5, 6 -> {
          in.readLong();
          i++; // Takes two entries.
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    List<String> found = new ArrayList<>();
    for (int ref : methodRefs) {
      int[] nt = nameAndType[refNameAndType[ref]];
      String name = utf8[nt[0]];
      if (name.equals("onCancel") || name.equals("listen")) {
        found.add(name + utf8[nt[1]]);
      }
    }
    return String.join(" + ", found);
  }
}
