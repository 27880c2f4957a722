package dev.dartasync.api;

import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Dart's {@code f.then((v) => print(v))} and {@code f.then(print)} port as they are written:
 * {@code print} returns null typed Void, so both lambda and method reference fit {@code then}.
 */
class PrintPortTest {

  @Test
  void thenWithPrintCompilesAndPrintsDartText() {
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      Dart.run(
          () -> {
            DFuture<Void> lambda = DFuture.value(1.0).then(v -> print(v));
            DFuture<Void> reference = DFuture.value(java.util.List.of("a", "b")).then(Dart::print);
            assertNull(await(lambda));
            assertNull(await(reference));
            Dart.scheduleMicrotask(() -> print("in a Runnable"));
          });
    } finally {
      System.setOut(saved);
    }
    assertEquals(
        "1.0\n[a, b]\nin a Runnable\n", out.toString(StandardCharsets.UTF_8).replace("\r", ""));
  }
}
