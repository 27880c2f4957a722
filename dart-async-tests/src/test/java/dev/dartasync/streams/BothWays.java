package dev.dartasync.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Dart;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.internal.Testing;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

/**
 * The harness of the no-park tests: runs a program in a fresh isolate with the library's
 * no-park fast paths on or off ({@link Testing#setInlineDelivery}) and records what it prints,
 * so that a test can require both ways to print the same lines.
 */
abstract class BothWays {

  private final List<String> log = new ArrayList<>();

  @AfterEach
  void restoreFastPaths() {
    Testing.setInlineDelivery(true);
  }

  /** Logs a line; true, so that it can end an await-for action that always continues. */
  boolean print(Object line) {
    return log.add(String.valueOf(line));
  }

  /** Runs {@code program} in a fresh isolate with the fast paths on or off; returns its lines. */
  List<String> run(boolean inline, ThrowingRunnable program) {
    log.clear();
    Testing.setInlineDelivery(inline);
    try {
      Dart.run(program);
    } finally {
      Testing.setInlineDelivery(true);
    }
    return List.copyOf(log);
  }

  /** Runs {@code program} both ways; both must print the same lines, which are returned. */
  List<String> same(ThrowingRunnable program) {
    List<String> parked = run(false, program);
    List<String> inline = run(true, program);
    assertEquals(parked, inline, "with a park vs without");
    return inline;
  }
}
