package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.scheduleMicrotask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.CarrierKind;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.internal.Testing;
import dev.dartasync.testing.CarrierAssumptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The flag-free carrier's direct pass: a body that suspends while the next microtask only resumes
 * another body (a Completer's value completion awaited by that body alone) runs that microtask
 * itself and hands the baton straight to the other body, instead of through the isolate's
 * thread. Each program below runs with the pass on and off and must print the same lines, which
 * are Dart's; under the flag-free carrier the pass must also really be taken where it applies.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DirectPassTest {

  private final List<String> log = new ArrayList<>();
  private long passes;

  @AfterEach
  void restore() {
    Testing.setDirectPass(true);
  }

  private List<String> run(boolean direct, ThrowingRunnable program) {
    log.clear();
    Testing.setDirectPass(direct);
    try {
      Dart.run(
          () -> {
            long before = Testing.directPasses();
            program.run();
            passes = Testing.directPasses() - before;
          });
    } finally {
      Testing.setDirectPass(true);
    }
    return List.copyOf(log);
  }

  /** Runs {@code program} with the pass off, then on; both print {@code expected}. */
  private void same(List<String> expected, ThrowingRunnable program) {
    assertEquals(expected, run(false, program), "through the isolate's thread");
    assertEquals(0, passes, "with the pass off, no body passes directly");
    assertEquals(expected, run(true, program), "body to body");
  }

  private static boolean flagFree() {
    return Dart.carrier() == CarrierKind.FLAG_FREE;
  }

  /** Two inboxes, as the ping-pong benchmark: the receiver renews its inbox, then signals. */
  static final class Inboxes {
    Completer<Integer> a;
    Completer<Integer> b;
  }

  /**
   * 1. B waits on its inbox; 2. main completes it and waits on its own; 3. B resumes, answers;
   * 4. main resumes; round after round, each answer a hand-off that only resumes the other body.
   */
  private void pingPong(int rounds) {
    Inboxes box = new Inboxes();
    box.b = new Completer<>();
    DFuture<Void> b =
        async(
            () -> {
              for (int i = 0; i < rounds; i++) {
                int v = await(box.b.future());
                log.add("b got " + v);
                box.b = new Completer<>();
                box.a.complete(v + 1);
              }
            });
    for (int i = 0; i < rounds; i++) {
      Completer<Integer> mine = new Completer<>();
      box.a = mine;
      box.b.complete(2 * i);
      int v = await(mine.future());
      log.add("main got " + v);
    }
    await(b);
    log.add("done");
  }

  @Test
  void pingPongPrintsTheSameAndPassesBodyToBody() {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      expected.add("b got " + 2 * i);
      expected.add("main got " + (2 * i + 1));
    }
    expected.add("done");
    same(expected, () -> pingPong(3));
    if (flagFree()) {
      // Every hand-off but the first (main is not resumed by a microtask) and the last (b ends).
      assertTrue(passes >= 4, "direct passes in 6 hand-offs: " + passes);
    } else {
      assertEquals(0, passes, "only the flag-free carrier passes the baton");
    }
  }

  @Test
  void manyRoundsPassBodyToBodyAlmostEveryTime() {
    int rounds = 2_000;
    run(true, () -> pingPong(rounds));
    assertEquals(2 * rounds + 1, log.size());
    assertEquals("main got " + (2 * rounds - 1), log.get(2 * rounds - 1));
    if (flagFree()) {
      assertTrue(passes >= 2 * rounds - 2, "direct passes in " + 2 * rounds + ": " + passes);
    }
  }

  /**
   * A user microtask queued after the answer runs after the resumed body's next suspension, not
   * before it: 1. b got 0, 2. main got 1 (the completion's microtask came first), 3. m after b 0,
   * 4. b got 2 (main's answer was queued after m), 5. main got 3, 6. m after b 2.
   */
  @Test
  void aMicrotaskQueuedAfterTheAnswerRunsInItsTurn() {
    same(
        List.of("b got 0", "main got 1", "m after b 0", "b got 2", "main got 3", "m after b 2"),
        () -> {
          Inboxes box = new Inboxes();
          box.b = new Completer<>();
          DFuture<Void> b =
              async(
                  () -> {
                    for (int i = 0; i < 2; i++) {
                      int v = await(box.b.future());
                      log.add("b got " + v);
                      box.b = new Completer<>();
                      box.a.complete(v + 1);
                      scheduleMicrotask(() -> log.add("m after b " + v));
                    }
                  });
          for (int i = 0; i < 2; i++) {
            box.a = new Completer<>();
            box.b.complete(2 * i);
            log.add("main got " + await(box.a.future())); // Read box.a before b renews it.
          }
          await(b);
        });
  }

  /**
   * A microtask queued before the answer runs first: 1. m before 0, 2. b got 0, 3. main got 1 ...
   * the pass is not taken where the next microtask is the user's.
   */
  @Test
  void aMicrotaskQueuedBeforeTheAnswerRunsFirst() {
    same(
        List.of("m before 0", "b got 0", "m before b 0", "main got 1"),
        () -> {
          Inboxes box = new Inboxes();
          box.b = new Completer<>();
          DFuture<Void> b =
              async(
                  () -> {
                    int v = await(box.b.future());
                    log.add("b got " + v);
                    scheduleMicrotask(() -> log.add("m before b " + v));
                    box.a.complete(v + 1);
                  });
          box.a = new Completer<>();
          scheduleMicrotask(() -> log.add("m before 0"));
          box.b.complete(0);
          log.add("main got " + await(box.a.future()));
          await(b);
        });
  }

  /**
   * A completion two bodies await resumes both in the order they awaited, and a then on it runs
   * in between as Dart's propagation orders its listeners: not a pass to one body.
   */
  @Test
  void aCompletionWithSeveralListenersIsTheLoops() {
    same(
        List.of("x waits", "y waits", "main waits", "x got 7", "then 7", "y got 7", "main on"),
        () -> {
          Completer<Integer> c = new Completer<>();
          DFuture<Void> x =
              async(
                  () -> {
                    log.add("x waits");
                    log.add("x got " + await(c.future()));
                  });
          c.future().thenAccept(v -> log.add("then " + v));
          DFuture<Void> y =
              async(
                  () -> {
                    log.add("y waits");
                    log.add("y got " + await(c.future()));
                  });
          c.complete(7);
          log.add("main waits");
          await(DFuture.value(null));
          log.add("main on");
          await(x);
          await(y);
        });
  }

  /** An error completes its awaiter through the loop, with the same text both ways. */
  @Test
  void anErrorAnswerReachesTheAwaiter() {
    same(
        List.of("b got 0", "main caught boom"),
        () -> {
          Inboxes box = new Inboxes();
          box.b = new Completer<>();
          DFuture<Void> b =
              async(
                  () -> {
                    int v = await(box.b.future());
                    log.add("b got " + v);
                    box.a.completeError(new IllegalStateException("boom"));
                  });
          box.a = new Completer<>();
          box.b.complete(0);
          try {
            await(box.a.future());
          } catch (IllegalStateException e) {
            log.add("main caught " + e.getMessage());
          }
          await(b);
        });
  }
}
