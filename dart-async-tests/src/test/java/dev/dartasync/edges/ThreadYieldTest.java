package dev.dartasync.edges;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.junit.Expect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Java's {@code Thread.yield()} inside an async body. A body suspends in {@code await} by yielding
 * its virtual thread, and the carrier keeps the continuation until it resumes the body; a yield of
 * the user's own is something else. It is not a Dart suspension: like any other blocking JDK call,
 * the body continues before anything else of the isolate runs, and it never resumes (or is taken
 * for) a body that is waiting in an await.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ThreadYieldTest {

  @RegisterExtension final Expect ex = new Expect();

  /** 1 caller; 2 body; 3 body after its Thread.yield(); 4 caller; 5 after the body's future. */
  @Test
  void aJavaYieldInABodyIsNotASuspension() {
    Dart.run(
        () -> {
          ex.expect(1);
          DFuture<Void> body =
              async(
                  () -> {
                    ex.expect(2);
                    Thread.yield();
                    ex.expect(3);
                  });
          ex.expect(4);
          await(body);
          ex.finish(5);
          return null;
        });
  }

  /**
   * 1 caller; 2 the waiter awaits; 3 caller; 4 the yielder, after 1,000 yields; 5 caller; 6 the
   * waiter resumes once, with the value; 7 the caller sees it.
   */
  @Test
  void aJavaYieldDoesNotWakeABodyThatAwaits() {
    String result =
        Dart.run(
            () -> {
              Completer<String> c = new Completer<>();
              ex.expect(1);
              DFuture<String> waiter =
                  async(
                      () -> {
                        ex.expect(2);
                        String v = await(c.future());
                        ex.expect(6);
                        return v;
                      });
              ex.expect(3);
              DFuture<Void> yielder =
                  async(
                      () -> {
                        for (int i = 0; i < 1_000; i++) {
                          Thread.yield();
                        }
                        ex.expect(4);
                        c.complete("done");
                      });
              ex.expect(5);
              await(yielder);
              String v = await(waiter);
              ex.finish(7);
              return v;
            });
    assertEquals("done", result);
  }

  /** Bodies that mix their own yields with awaits, 200 of them at once, each resumed in order. */
  @Test
  void yieldsAndAwaitsInterleavedInManyBodies() {
    List<Integer> order =
        Dart.run(
            () -> {
              List<Integer> log = new ArrayList<>();
              List<DFuture<Void>> bodies = new ArrayList<>();
              for (int b = 0; b < 200; b++) {
                int id = b;
                bodies.add(
                    async(
                        () -> {
                          for (int round = 0; round < 10; round++) {
                            Thread.yield();
                            await(DFuture.value(round));
                            if (round == 9) {
                              log.add(id);
                            }
                          }
                        }));
              }
              await(DFuture.wait(bodies));
              return log;
            });
    List<Integer> expected = new ArrayList<>();
    for (int b = 0; b < 200; b++) {
      expected.add(b);
    }
    assertEquals(expected, order, "each await resumes after one microtask, in the order awaited");
  }
}
