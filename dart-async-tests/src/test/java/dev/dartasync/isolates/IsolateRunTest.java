package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.RemoteError;
import dev.dartasync.internal.Testing;
import dev.dartasync.junit.Expect;
import dev.dartasync.junit.Isolates;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Isolate.run} as Dart's {@code isolate.dart} defines it (semantics notes §7.2; the SDK's
 * {@code tests/lib/isolate/isolate_run_test.dart}): the value, the original error with its stack
 * for a thrown error, {@code RemoteError} with the same text for an uncaught one, {@code
 * "Computation ended without result"} when the isolate ends without answering, and the capture's
 * {@code ArgumentError} when the computation cannot be sent.
 */
@Timeout(30)
class IsolateRunTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("the value comes back; an async computation's future is awaited in the isolate")
  void value() {
    assertEquals(42, Dart.<Integer>run(() -> await(Isolate.run(() -> 6 * 7))));
    int later =
        Dart.run(
            () ->
                await(
                    Isolate.run(
                        () -> await(DFuture.delayed(Duration.ofMillis(5)).then(ignored -> 7)))));
    assertEquals(7, later);
    // Dart's FutureOr: a returned future is awaited in the isolate (the Java type then reads
    // DFuture<DFuture<T>>, which is why the Javadoc recommends await inside).
    Object flattened =
        Dart.run(
            () -> {
              DFuture<?> raw = Isolate.run(() -> (Object) DFuture.value("v"));
              return await(raw);
            });
    assertEquals("v", flattened);
  }

  @Test
  @DisplayName("the computation runs on another thread, with a copy of what it captured")
  void runsElsewhereOnACopy() {
    List<Integer> numbers = new ArrayList<>(List.of(1, 2, 3));
    List<Object> seen =
        Dart.run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          numbers.add(4); // the isolate's copy
                          return List.of(numbers, Testing.loopThread().getName());
                        })));
    assertEquals(List.of(1, 2, 3), numbers, "the original is not changed by the isolate");
    assertEquals(List.of(1, 2, 3, 4), seen.get(0));
    assertNotSame(numbers, seen.get(0));
    assertTrue(
        ((String) seen.get(1)).startsWith("dart-async isolate carrier"),
        "ran on a pool thread: " + seen.get(1));
  }

  /**
   * The test's window into the isolate: a static field is not part of any message (a captured
   * AtomicReference would be copied), so it shows the very objects the isolate made.
   */
  static final AtomicReference<Object> MADE_IN_ISOLATE = new AtomicReference<>();

  @Test
  @DisplayName("the result is handed over without a copy (Isolate.exit)")
  void resultIsNotCopied() {
    Object received =
        Dart.run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          List<Integer> list = new ArrayList<>(List.of(1, 2));
                          MADE_IN_ISOLATE.set(list);
                          return list;
                        })));
    assertSame(MADE_IN_ISOLATE.get(), received);
  }

  @Test
  @DisplayName("a thrown error arrives as the original error object with its original stack")
  void thrownError() {
    Throwable caught =
        Dart.run(
            () -> {
              return Isolates.awaitError(
                  StateError.class, Isolate.run(
                        () -> {
                          StateError error = new StateError("boom");
                          MADE_IN_ISOLATE.set(error);
                          throw error;
                        }));
            });
    assertSame(MADE_IN_ISOLATE.get(), caught);
    assertEquals("Bad state: boom", caught.toString());
  }

  @Test
  @DisplayName("an error of the computation's future also arrives as the original error")
  void asyncError() {
    Throwable caught =
        Dart.run(
            () -> {
              return Isolates.awaitError(
                  ArgumentError.class, Isolate.run(
                        () -> {
                          await(DFuture.delayed(Duration.ofMillis(1)));
                          throw new ArgumentError("late");
                        }));
            });
    assertEquals("Invalid argument(s): late", caught.toString());
  }

  @Test
  @DisplayName("an uncaught error in the isolate arrives as RemoteError with the same text")
  void uncaughtError() {
    RemoteError error =
        Dart.run(
            () -> {
              try {
                await(
                    Isolate.run(
                        () -> {
                          Timer.run(
                              () -> {
                                throw new StateError("from a timer");
                              });
                          return await(new Completer<Integer>().future());
                        }));
                return null;
              } catch (RemoteError e) {
                return e;
              }
            });
    assertEquals("Bad state: from a timer", error.toString());
    assertTrue(
        error.stackTrace().toString().contains("IsolateRunTest"),
        "the remote stack's text names the throwing frame: " + error.stackTrace());
  }

  @Test
  @DisplayName("an isolate that ends without a result: RemoteError(Computation ended without result)")
  void endedWithoutResult() {
    List<String> texts =
        Dart.run(
            () -> {
              List<String> out = new ArrayList<>();
              List<java.util.concurrent.Callable<Object>> endings =
                  List.of(
                      () -> await(new Completer<Object>().future()), // nothing left to run
                      () -> {
                        Isolate.exit();
                        return "unreached";
                      },
                      () -> {
                        Isolate.current().kill();
                        return await(DFuture.delayed(Duration.ofSeconds(5)));
                      });
              for (var ending : endings) {
                try {
                  await(Isolate.run(ending));
                  out.add("value");
                } catch (RemoteError e) {
                  out.add(e + "|" + e.stackTrace());
                }
              }
              return out;
            });
    assertEquals(
        List.of(
            "Computation ended without result|",
            "Computation ended without result|",
            "Computation ended without result|"),
        texts);
  }

  @Test
  @DisplayName("a result that cannot be sent fails with a RemoteError of the ArgumentError")
  void unsendableResult() {
    RemoteError error =
        Dart.run(
            () -> {
              return Isolates.awaitError(
                  RemoteError.class, Isolate.run(() -> List.of(new Completer<Integer>())));
            });
    assertTrue(
        error
            .toString()
            .startsWith(
                "Invalid argument(s): Illegal argument in isolate message: object is unsendable"
                    + " - Library:'dev.dartasync' Class: Completer"),
        error.toString());
  }

  /** The capture trap: the lambda uses a field, so it captures {@code this}, which holds a port. */
  static final class Owner {
    final ReceivePort port = new ReceivePort();
    final List<Integer> numbers = List.of(1, 2, 3);

    DFuture<Integer> sum() {
      return Isolate.run(() -> numbers.stream().mapToInt(Integer::intValue).sum());
    }
  }

  @Test
  @DisplayName("an unsendable capture fails the returned future with the ArgumentError and path")
  void unsendableCapture() {
    String text =
        Dart.run(
            () -> {
              Owner owner = new Owner();
              DFuture<Integer> sum = owner.sum();
              try {
                await(sum);
                return "no error";
              } catch (ArgumentError e) {
                return e.toString();
              } finally {
                owner.port.close();
              }
            });
    assertEquals(
        "Invalid argument(s): Illegal argument in isolate message: object is unsendable -"
            + " Library:'dev.dartasync.isolate' Class: ReceivePort (see restrictions listed at"
            + " `SendPort.send()` documentation for more information)\n"
            + " <- port in Instance of 'Owner' (from dev.dartasync.isolates)\n"
            + " <- field this in Closure: Callable from Owner (from dev.dartasync.isolates)\n"
            + " <- computation in Instance of 'Runner' (from dev.dartasync.isolate)\n"
            + " <- message in Instance of 'SpawnMessage' (from dev.dartasync.isolate)\n",
        text);
  }

  @Test
  @DisplayName("the result arrives one microtask after the isolate's message (async completer)")
  void resultTiming() {
    Dart.run(
        () -> {
          ex.expect(1);
          Timer.run(() -> ex.expect(2)); // an event queued before the isolate's answer
          DFuture<Integer> result = Isolate.run(() -> 1);
          result.thenAccept(
              v -> {
                ex.expect(3);
                dev.dartasync.Dart.scheduleMicrotask(() -> ex.expect(5));
              });
          await(result);
          ex.expect(4);
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("compute(fn, message) is Isolate.run of fn(message), message copied")
  void compute() {
    List<Integer> message = new ArrayList<>(List.of(1, 2, 3));
    int sum =
        Dart.run(
            () ->
                await(
                    Isolate.compute(
                        (List<Integer> xs) -> {
                          xs.add(100);
                          return xs.stream().mapToInt(Integer::intValue).sum();
                        },
                        message)));
    assertEquals(106, sum);
    assertEquals(List.of(1, 2, 3), message);
  }

  @Test
  @DisplayName("debugName names the isolate; Isolate.current in main is 'main'")
  void debugName() {
    List<String> names =
        Dart.run(
            () ->
                List.of(
                    Isolate.current().debugName(),
                    await(Isolate.run(() -> Isolate.current().debugName(), "worker")),
                    await(Isolate.run(() -> Isolate.current().debugName()))));
    assertEquals(List.of("main", "worker", "isolate"), names);
  }

  @Test
  @DisplayName("null computation: Dart's notNull text, thrown at the call")
  void nullComputation() {
    ArgumentError e =
        assertThrows(ArgumentError.class, () -> Dart.run(() -> Isolate.run(null)));
    assertEquals("Invalid argument(s) (computation): Must not be null", e.toString());
  }

  @Test
  @DisplayName("outside an isolate Isolate.run fails with the no-isolate text")
  void outsideAnIsolate() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Isolate.run(() -> 1));
    assertTrue(e.getMessage().startsWith("This thread belongs to no isolate"), e.getMessage());
  }

  @Test
  @DisplayName("the remote stack of a thrown error is the original one")
  void originalStack() {
    StackTrace[] stacks =
        Dart.run(
            () -> {
              try {
                await(
                    Isolate.run(
                        () -> {
                          throw new StateError("x");
                        }));
                return null;
              } catch (StateError e) {
                return new StackTrace[] {StackTrace.of(e)};
              }
            });
    assertInstanceOf(StackTrace.class, stacks[0]);
    assertTrue(stacks[0].toString().contains("IsolateRunTest"), stacks[0].toString());
  }

  @Test
  @DisplayName("a blocking JDK call and timers in the isolate: it waits without holding a thread")
  void blockingCallAndTimers() {
    List<Object> got =
        Dart.run(
            () ->
                await(
                    Isolate.run(
                        () -> {
                          Thread.sleep(20); // parks the body; the isolate waits for it
                          List<Object> order = new ArrayList<>();
                          Completer<Void> done = new Completer<>();
                          new Timer(Duration.ofMillis(30), () -> {
                            order.add("30 ms");
                            done.complete();
                          });
                          new Timer(Duration.ofMillis(10), () -> order.add("10 ms"));
                          Timer.run(() -> order.add("zero"));
                          await(done.future());
                          return order;
                        })));
    assertEquals(List.of("zero", "10 ms", "30 ms"), got);
  }
}
