package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamIterator;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamTransformer;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.IsolateEntryPoint;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Isolate.exit} called inside a callback the library runs (a guarded zone's body, a future's
 * computation or action, a stream operator's function, a transformer's handler): nothing of the
 * isolate runs after it, as in Dart. No error handler of the user's or of a zone sees the exit, and
 * nothing the isolate sends afterwards (even from a user's own {@code catch (Throwable)}) arrives.
 *
 * <p>Each test spawns an isolate whose entry point exits with {@code "final"} inside the site, and
 * whose every handler sends what it saw; the main isolate collects its messages up to the exit
 * listener's {@code "exit"}. Dart's order: {@code [final, exit]}, nothing else.
 */
@Timeout(30)
class ExitInsideCallbacksTest {

  /** Spawns {@code entry} with a port of the main isolate; returns its messages up to "exit". */
  private static List<Object> messagesOf(IsolateEntryPoint<SendPort> entry) {
    HANDLERS.clear();
    List<Object> got = messagesArriving(entry);
    for (Object ran : HANDLERS) {
      got.add("a handler ran: " + ran);
    }
    return got;
  }

  private static List<Object> messagesArriving(IsolateEntryPoint<SendPort> entry) {
    return Dart.run(
        () -> {
          ReceivePort port = new ReceivePort();
          await(
              Isolate.spawn(
                  entry, port.sendPort(), SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
          StreamIterator<Object> messages = new StreamIterator<>(port);
          List<Object> got = new ArrayList<>();
          while (await(messages.moveNext())) {
            got.add(messages.current());
            if ("exit".equals(messages.current())) {
              break;
            }
          }
          await(messages.cancel());
          return got;
        });
  }

  /**
   * What the isolate's handlers did, recorded outside the library too: a handler whose send is
   * suppressed (the isolate is ending) still shows here if it ran.
   */
  static final List<Object> HANDLERS = java.util.Collections.synchronizedList(new ArrayList<>());

  /** Records {@code message} and sends it; a value for a then handler. */
  private static Void note(SendPort p, Object message) {
    HANDLERS.add(message);
    p.send(message);
    return null;
  }

  private static final List<Object> DART = List.of("final", "exit");

  @Test
  @DisplayName("runZonedGuarded's body: onError does not see the exit; nothing after it runs")
  void runZonedGuardedBody() {
    List<Object> got =
        messagesOf(
            p -> {
              Dart.runZonedGuarded(
                  () -> {
                    Isolate.exit(p, "final");
                  },
                  (e, s) -> note(p, "onError saw " + e));
              note(p, "after runZonedGuarded");
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("zone.runGuarded: the zone's uncaught-error handler does not see the exit")
  void zoneRunGuarded() {
    List<Object> got =
        messagesOf(
            p -> {
              Zone zone =
                  Zone.current()
                      .fork(
                          ZoneSpecification.builder()
                              .handleUncaughtError(
                                  (self, parent, z, e, s) -> note(p, "handler saw " + e))
                              .build());
              zone.runGuarded(() -> Isolate.exit(p, "final"));
              note(p, "after runGuarded");
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("DFuture.run: the computation's exit does not fail the future")
  void futureRun() {
    List<Object> got =
        messagesOf(
            p -> {
              DFuture.run(
                      () -> {
                        Isolate.exit(p, "final");
                        return 1;
                      })
                  .then(v -> note(p, "value " + v), (e, s) -> note(p, "onError saw " + e));
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("whenComplete: the action's exit does not fail the returned future")
  void whenComplete() {
    List<Object> got =
        messagesOf(
            p -> {
              DFuture.value(1)
                  .whenComplete(() -> Isolate.exit(p, "final"))
                  .then(v -> note(p, "value " + v), (e, s) -> note(p, "onError saw " + e));
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("fold: combine's exit does not fail fold's future")
  void fold() {
    List<Object> got =
        messagesOf(
            p -> {
              DStream.fromIterable(List.of(1, 2, 3))
                  .fold(
                      0,
                      (Integer sum, Integer x) -> {
                        Isolate.exit(p, "final");
                        return sum + x;
                      })
                  .then(v -> note(p, "value " + v), (e, s) -> note(p, "onError saw " + e));
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("map: convert's exit is no error event, and no later event is delivered")
  void map() {
    List<Object> got =
        messagesOf(
            p -> {
              DStream.fromIterable(List.of(1, 2, 3))
                  .map(
                      x -> {
                        Isolate.exit(p, "final");
                        return x;
                      })
                  .listen(
                      x -> note(p, "data " + x),
                      (Throwable e) -> note(p, "onError saw " + e),
                      () -> note(p, "done"),
                      false);
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("where: test's exit is no error event, and no later event is delivered")
  void where() {
    List<Object> got =
        messagesOf(
            p -> {
              DStream.fromIterable(List.of(1, 2, 3))
                  .where(
                      x -> {
                        Isolate.exit(p, "final");
                        return true;
                      })
                  .listen(
                      x -> note(p, "data " + x),
                      (Throwable e) -> note(p, "onError saw " + e),
                      () -> note(p, "done"),
                      false);
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("a transformer's handleData: its exit is no error event of the output")
  void transformerHandleData() {
    List<Object> got =
        messagesOf(
            p -> {
              DStream.fromIterable(List.of(1, 2, 3))
                  .transform(
                      StreamTransformer.<Integer, Integer>fromHandlers(
                          (x, sink) -> Isolate.exit(p, "final"), null, null))
                  .listen(
                      x -> note(p, "data " + x),
                      (Throwable e) -> note(p, "onError saw " + e),
                      () -> note(p, "done"),
                      false);
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("asyncMap: convert's exit is no error event, and no later event is delivered")
  void asyncMap() {
    List<Object> got =
        messagesOf(
            p -> {
              DStream.fromIterable(List.of(1, 2, 3))
                  .asyncMap(
                      x -> {
                        Isolate.exit(p, "final");
                        return DFuture.value(x);
                      })
                  .listen(
                      x -> note(p, "data " + x),
                      (Throwable e) -> note(p, "onError saw " + e),
                      () -> note(p, "done"),
                      false);
            });
    assertEquals(DART, got);
  }

  @Test
  @DisplayName("an async* body that exits: no error or done event reaches the listener")
  void asyncStarBody() {
    List<Object> got =
        messagesOf(
            p -> {
              Dart.<Integer>asyncStar(
                      sink -> {
                        sink.yield(1);
                        Isolate.exit(p, "final");
                      })
                  .listen(
                      x -> note(p, "data " + x),
                      (Throwable e) -> note(p, "onError saw " + e),
                      () -> note(p, "done"),
                      false);
            });
    assertEquals(List.of("data 1", "final", "exit", "a handler ran: data 1"), got);
  }

  static final java.util.concurrent.atomic.AtomicBoolean CANCEL_RAN =
      new java.util.concurrent.atomic.AtomicBoolean();

  @Test
  @DisplayName("awaitFor left by an exit in its action: the stream's onCancel does not run")
  void awaitForAction() {
    CANCEL_RAN.set(false);
    List<Object> got =
        messagesOf(
            p -> {
              StreamController<Integer> controller =
                  new StreamController<Integer>().onCancel(() -> CANCEL_RAN.set(true));
              controller.add(1);
              Dart.awaitFor(
                  controller.stream(),
                  x -> {
                    Isolate.exit(p, "final");
                    return true;
                  });
            });
    assertEquals(DART, got);
    assertFalse(CANCEL_RAN.get(), "onCancel ran after the exit");
  }

  @Test
  @DisplayName("a user's catch (Throwable) that swallows the exit cannot make the isolate send")
  void userCatchSwallowsThenSends() {
    List<Object> got =
        messagesOf(
            p -> {
              try {
                Isolate.exit(p, "final");
              } catch (Throwable swallowed) {
                p.send("caught " + swallowed);
              }
              p.send("after the catch");
            });
    assertEquals(DART, got);
  }

  static final AtomicReference<String> SEEN = new AtomicReference<>();

  @Test
  @DisplayName("what a user's catch (Throwable) sees: Isolate.isExit says so; no internal name")
  void whatAUserCatchSees() {
    SEEN.set(null);
    List<Object> got =
        messagesOf(
            p -> {
              try {
                Isolate.exit(p, "final");
              } catch (Throwable t) {
                SEEN.set(Isolate.isExit(t) + " " + (t instanceof Error) + " " + t);
                Isolate.rethrowIfExit(t);
                SEEN.set("rethrowIfExit returned");
              }
            });
    assertEquals(DART, got);
    String seen = SEEN.get();
    assertTrue(seen.startsWith("true true "), seen);
    assertFalse(seen.contains("dev.dartasync.internal"), seen);
    assertEquals(
        "true true The isolate is ending (Isolate.exit or Isolate.kill): let this pass, see"
            + " Isolate.rethrowIfExit",
        seen);
  }

  static final AtomicReference<String> FOREIGN_GET = new AtomicReference<>();
  static volatile CountDownLatch foreignDone;

  @Test
  @DisplayName("a cancel posted from another thread, whose onCancel exits: its future is not failed with the exit")
  void postedCancelWhoseOnCancelExits() throws InterruptedException {
    FOREIGN_GET.set(null);
    foreignDone = new CountDownLatch(1);
    List<Object> got =
        messagesOf(
            p -> {
              new ReceivePort(); // Holds the isolate open until the posted cancel ran.
              StreamController<Integer> c =
                  new StreamController<Integer>().onCancel(() -> Isolate.exit(p, "final"));
              StreamSubscription<Integer> s = c.stream().listen(v -> {});
              new Thread(
                      () -> {
                        String outcome;
                        try {
                          outcome = "completed with " + s.cancel().get();
                        } catch (ExecutionException e) {
                          outcome = "failed with " + e.getCause();
                        } catch (Throwable e) {
                          outcome = e.toString();
                        }
                        FOREIGN_GET.set(outcome);
                        foreignDone.countDown();
                      },
                      "foreign")
                  .start();
            });
    assertEquals(DART, got);
    assertTrue(foreignDone.await(10, TimeUnit.SECONDS), "the foreign get() did not return");
    // The isolate ended inside the posted cancel: its future never completes (as a posted call's
    // future of an isolate that ended), and the stop is never a future's error.
    assertEquals(
        "java.lang.IllegalStateException: The isolate that owns this future ended before the"
            + " future completed; it never will.",
        FOREIGN_GET.get());
  }

  static volatile StreamController<String> mainController;

  @Test
  @DisplayName("a user's catch (Throwable) that swallows the exit cannot post to another isolate's controller")
  void swallowedExitThenAddToAControllerOfAnotherIsolate() {
    List<Object> delivered = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Object> got =
        Dart.run(
            () -> {
              StreamController<String> c = new StreamController<>();
              c.stream().listen(delivered::add);
              mainController = c;
              ReceivePort port = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort p) -> {
                        try {
                          Isolate.exit(p, "final");
                        } catch (Throwable swallowed) {
                          mainController.add("added after the exit"); // Posted to the main isolate.
                        }
                      },
                      port.sendPort(),
                      SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              List<Object> messages = await(port.take(2).toList());
              await(DFuture.delayed(java.time.Duration.ofMillis(50))); // Later events, if any.
              c.close();
              return messages;
            });
    assertEquals(DART, got);
    assertEquals(List.of(), delivered);
  }

  static volatile dev.dartasync.Completer<String> mainCompleter;

  @Test
  @DisplayName("a user's catch (Throwable) that swallows the exit cannot complete another isolate's completer, nor hold it open")
  void swallowedExitThenCompleteACompleterOfAnotherIsolate() {
    List<Object> completions = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Object> got =
        Dart.run(
            () -> {
              // keepAlive: Dart.run returns only if the completer stops holding the isolate open.
              dev.dartasync.Completer<String> completer = dev.dartasync.Completer.keepAlive();
              completer.future().then(completions::add);
              mainCompleter = completer;
              ReceivePort port = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort p) -> {
                        try {
                          Isolate.exit(p, "final");
                        } catch (Throwable swallowed) {
                          mainCompleter.complete("completed after the exit"); // Posted.
                        }
                      },
                      port.sendPort(),
                      SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              List<Object> messages = await(port.take(2).toList());
              await(DFuture.delayed(java.time.Duration.ofMillis(50))); // Later events, if any.
              return messages;
            });
    assertEquals(DART, got);
    assertEquals(List.of(), completions);
  }

  static volatile dev.dartasync.Timer mainTimer;

  @Test
  @DisplayName("an isolate that swallowed its exit cannot cancel a timer of another isolate")
  void swallowedExitThenCancelATimerOfAnotherIsolate() {
    List<Object> fired = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Object> got =
        Dart.run(
            () -> {
              mainTimer =
                  new dev.dartasync.Timer(
                      java.time.Duration.ofMillis(300), () -> fired.add("fired"));
              ReceivePort port = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort p) -> {
                        try {
                          Isolate.exit(p, "final");
                        } catch (Throwable swallowed) {
                          mainTimer.cancel(); // From another isolate: must not take effect.
                        }
                      },
                      port.sendPort(),
                      SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              return await(port.take(2).toList());
            });
    assertEquals(DART, got);
    assertEquals(List.of("fired"), fired); // Dart.run returned after the timer's event.
  }
}
