package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.isolate.Capability;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.RemoteError;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import dev.dartasync.junit.Isolates;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Isolate.spawn} and the control of a spawned isolate (semantics notes §7.1, §7.4): the
 * entry point gets a copy of the message; exit and error listeners; errorsAreFatal; paused;
 * kill; {@code Isolate.exit} with a message; ping; the errors stream; and the end of every
 * spawned isolate with the main isolate.
 */
@Timeout(30)
class SpawnTest {

  /** A worker: answers each request with its double on the port it was given, until "stop". */
  static void doubler(SendPort replies) {
    ReceivePort requests = new ReceivePort();
    replies.send(requests.sendPort());
    requests.listen(
        request -> {
          if ("stop".equals(request)) {
            requests.close();
          } else {
            replies.send((Integer) request * 2);
          }
        });
  }

  @Test
  @DisplayName("a long-lived worker answers requests over ports; onExit's null comes last")
  void worker() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              ReceivePort exit = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          SpawnTest::doubler,
                          port.sendPort(),
                          SpawnOptions.defaults().onExit(exit.sendPort()).debugName("doubler")));
              var messages = new dev.dartasync.StreamIterator<>(port);
              await(messages.moveNext());
              SendPort requests = (SendPort) messages.current();
              List<Object> out = new ArrayList<>();
              out.add(isolate.debugName());
              for (int i = 1; i <= 3; i++) {
                requests.send(i);
                await(messages.moveNext());
                out.add(messages.current());
              }
              requests.send("stop");
              out.add(await(exit.first()));
              await(messages.cancel());
              return out;
            });
    assertEquals(java.util.Arrays.asList("doubler", 2, 4, 6, null), got);
  }

  @Test
  @DisplayName("the entry point gets a copy: changes on either side are not seen by the other")
  void messageIsCopied() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              List<Integer> shared = new ArrayList<>(List.of(1));
              await(
                  Isolate.spawn(
                      (List<Object> message) -> {
                        @SuppressWarnings("unchecked")
                        List<Integer> copy = (List<Integer>) message.get(1);
                        copy.add(99);
                        ((SendPort) message.get(0)).send(copy);
                      },
                      List.of(port.sendPort(), shared)));
              shared.add(2);
              Object back = await(port.first());
              return List.of(back, shared);
            });
    assertEquals(List.of(List.of(1, 99), List.of(1, 2)), got);
  }

  @Test
  @DisplayName("an unsendable message fails the spawn future with the ArgumentError; nothing starts")
  void unsendableMessage() {
    String text =
        Dart.run(
            () -> {
              Completer<String> completer = new Completer<>();
              return Isolates.awaitError(
                  ArgumentError.class, Isolate.spawn(m -> {}, List.of(completer))).toString();
            });
    assertEquals(
        "Invalid argument(s): Illegal argument in isolate message: object is unsendable -"
            + " Library:'dev.dartasync' Class: Completer (see restrictions listed at"
            + " `SendPort.send()` documentation for more information)\n"
            + " <- [0] in List12 len:1 (from java.util)\n"
            + " <- message in Instance of 'SpawnMessage' (from dev.dartasync.isolate)\n",
        text.replaceAll("Completer@[0-9a-f]+", "Completer"));
  }

  @Test
  @DisplayName("onError gets [error text, stack text]; a fatal error ends the isolate (onExit)")
  void fatalError() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort events = new ReceivePort();
              await(
                  Isolate.spawn(
                      (String m) -> {
                        throw new StateError(m);
                      },
                      "fatal",
                      SpawnOptions.defaults()
                          .onError(events.sendPort())
                          .onExit(events.sendPort(), "exit")));
              List<Object> both = await(events.take(2).toList());
              List<?> error = (List<?>) both.get(0);
              return List.of(
                  error.get(0),
                  ((String) error.get(1)).contains("SpawnTest"),
                  both.get(1));
            });
    assertEquals(List.of("Bad state: fatal", true, "exit"), got);
  }

  @Test
  @DisplayName("errorsAreFatal(false): every uncaught error is reported and the isolate goes on")
  void nonFatalErrors() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort events = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort done) -> {
                        Timer.run(
                            () -> {
                              throw new StateError("one");
                            });
                        Timer.run(
                            () -> {
                              throw new StateError("two");
                            });
                        Timer.run(() -> done.send("still running"));
                      },
                      events.sendPort(),
                      SpawnOptions.defaults()
                          .errorsAreFatal(false)
                          .onError(events.sendPort())
                          .onExit(events.sendPort(), "exit")));
              List<Object> all = await(events.take(4).toList());
              return List.of(
                  ((List<?>) all.get(0)).get(0), ((List<?>) all.get(1)).get(0), all.get(2),
                  all.get(3));
            });
    assertEquals(List.of("Bad state: one", "Bad state: two", "still running", "exit"), got);
  }

  @Test
  @DisplayName("Isolate.errors delivers RemoteErrors with the remote text")
  void errorsStream() {
    String text =
        Dart.run(
            () -> {
              ReceivePort go = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (SendPort ready) -> {
                            ReceivePort trigger = new ReceivePort();
                            ready.send(trigger.sendPort());
                            await(trigger.first());
                            throw new ArgumentError("bad");
                          },
                          go.sendPort()));
              DFuture<Object> first = isolate.errors().first();
              SendPort trigger = (SendPort) await(go.first());
              trigger.send("go"); // the listener was added before: the error reaches it
              return Isolates.awaitError(
                  RemoteError.class, first).toString();
            });
    assertEquals("Invalid argument(s): bad", text);
  }

  @Test
  @DisplayName("paused: nothing runs until resume with the pause capability")
  void pausedUntilResumed() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (SendPort p) -> p.send("started"),
                          port.sendPort(),
                          SpawnOptions.defaults().paused(true)));
              var messages = new dev.dartasync.StreamIterator<>(port);
              DFuture<Boolean> next = messages.moveNext();
              boolean[] arrived = {false};
              next.thenAccept(ignored -> arrived[0] = true);
              await(DFuture.delayed(Duration.ofMillis(50)));
              List<Object> out = new ArrayList<>();
              out.add(arrived[0] ? "ran early" : "paused");
              isolate.resume(new Capability()); // not its capability: no effect
              isolate.resume(isolate.pauseCapability());
              await(next);
              out.add(messages.current());
              await(messages.cancel());
              return out;
            });
    assertEquals(List.of("paused", "started"), got);
  }

  @Test
  @DisplayName("kill ends an isolate kept alive by its port; onExit arrives")
  void kill() {
    Object got =
        Dart.run(
            () -> {
              ReceivePort exit = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (String m) -> new ReceivePort(), // open forever
                          "",
                          SpawnOptions.defaults().onExit(exit.sendPort(), "gone")));
              isolate.kill(Isolate.IMMEDIATE);
              isolate.kill(); // again: nothing more happens
              return await(exit.first());
            });
    assertEquals("gone", got);
  }

  static final AtomicInteger AFTER_EXIT = new AtomicInteger();

  @Test
  @DisplayName("Isolate.exit sends its message, then ends at once: no microtask, no timer (finally runs)")
  void exitWithMessage() {
    AFTER_EXIT.set(0);
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort p) -> {
                        Timer.run(AFTER_EXIT::incrementAndGet);
                        Dart.scheduleMicrotask(AFTER_EXIT::incrementAndGet);
                        try {
                          Isolate.exit(p, List.of("result"));
                        } finally {
                          AFTER_EXIT.addAndGet(100); // Java unwinds the caller (Dart does not)
                        }
                      },
                      port.sendPort(),
                      SpawnOptions.defaults().onExit(port.sendPort(), "exit")));
              return await(port.take(2).toList());
            });
    assertEquals(List.of(List.of("result"), "exit"), got);
    assertEquals(100, AFTER_EXIT.get(), "the finally block ran; the microtask and timer did not");
  }

  @Test
  @DisplayName("Isolate.exit with an unsendable message throws and the isolate goes on")
  void exitUnsendable() {
    Object got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              await(
                  Isolate.spawn(
                      (SendPort p) -> {
                        try {
                          Isolate.exit(p, new Completer<Integer>());
                        } catch (ArgumentError e) {
                          p.send("still here");
                        }
                      },
                      port.sendPort()));
              return await(port.first());
            });
    assertEquals("still here", got);
  }

  @Test
  @DisplayName("ping is answered with its response, also while paused")
  void ping() {
    Object got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (String m) -> new ReceivePort(),
                          "",
                          SpawnOptions.defaults().paused(true)));
              isolate.ping(port.sendPort(), "pong", Isolate.BEFORE_NEXT_EVENT);
              Object answer = await(port.first());
              isolate.kill();
              return answer;
            });
    assertEquals("pong", got);
  }

  @Test
  @DisplayName("an invalid priority is refused with an ArgumentError")
  void badPriority() {
    String text =
        Dart.run(
            () -> {
              try {
                Isolate.current().kill(7);
                return "no error";
              } catch (ArgumentError e) {
                return e.toString();
              }
            });
    assertTrue(text.startsWith("Invalid argument(s): Invalid argument (priority)"), text);
  }

  static final AtomicInteger TICKS = new AtomicInteger();

  @Test
  @DisplayName("when the main isolate ends, the isolates spawned under it end too")
  void endsWithMain() throws InterruptedException {
    TICKS.set(0);
    Dart.run(
        () -> {
          await(
              Isolate.spawn(
                  (String m) -> {
                    Timer.periodic(Duration.ofMillis(5), t -> TICKS.incrementAndGet());
                  },
                  ""));
          await(DFuture.delayed(Duration.ofMillis(50)));
        });
    assertTrue(TICKS.get() > 0, "the worker ticked while main ran");
    Thread.sleep(50);
    int after = TICKS.get();
    Thread.sleep(200);
    assertEquals(after, TICKS.get(), "the worker stopped with main");
  }

  @Test
  @DisplayName("killing the main isolate ends Dart.run with a text that says so")
  void killMain() {
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class,
            () ->
                Dart.run(
                    () -> {
                      Isolate.current().kill();
                      return await(DFuture.delayed(Duration.ofSeconds(10)));
                    }));
    assertEquals(
        "The main isolate was ended by Isolate.kill or Isolate.exit before main's future"
            + " completed; Dart.run has no value to return.",
        e.getMessage());
  }

  @Test
  @DisplayName("Isolate handles and capabilities are shared by messages: the same objects arrive")
  void handlesAreShared() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate main = Isolate.current();
              Capability capability = new Capability();
              port.sendPort().send(List.of(main, capability));
              List<?> back = (List<?>) await(port.first());
              return List.of(back.get(0) == main, back.get(1) == capability);
            });
    assertEquals(List.of(true, true), got);
  }

  @Test
  @DisplayName("no thread for the isolate: IsolateSpawnException: Unable to spawn isolate: ...")
  void spawnFailure() {
    dev.dartasync.internal.Testing.setIsolatePool(
        task -> {
          throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
        });
    try {
      List<String> texts =
          Dart.run(
              () -> {
                List<String> out = new ArrayList<>();
                try {
                  await(Isolate.spawn((String m) -> {}, ""));
                } catch (dev.dartasync.isolate.IsolateSpawnException e) {
                  out.add(e.toString());
                }
                try {
                  await(Isolate.run(() -> 1));
                } catch (dev.dartasync.isolate.IsolateSpawnException e) {
                  out.add(e.toString());
                }
                return out;
              });
      String text =
          "IsolateSpawnException: Unable to spawn isolate: java.lang.OutOfMemoryError: unable to"
              + " create native thread: possibly out of memory";
      assertEquals(List.of(text, text), texts);
    } finally {
      dev.dartasync.internal.Testing.setIsolatePool(null);
    }
  }

  @Test
  @DisplayName("a paused isolate with queued events waits without burning the CPU")
  void pausedDoesNotSpin() {
    long cpuNanos =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              Isolate isolate =
                  await(
                      Isolate.spawn(
                          (SendPort p) -> p.send("ran"),
                          port.sendPort(),
                          SpawnOptions.defaults().paused(true)));
              long before = carrierCpuNanos();
              await(DFuture.delayed(Duration.ofMillis(300)));
              long used = carrierCpuNanos() - before;
              isolate.resume(isolate.pauseCapability());
              assertEquals("ran", await(port.first()));
              return used;
            });
    assertTrue(
        cpuNanos < 100_000_000L,
        "the isolate carriers used " + cpuNanos / 1_000_000 + " ms of CPU in 300 ms while paused");
  }

  /** CPU time of the pool threads that carry spawned isolates. */
  private static long carrierCpuNanos() {
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long total = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("dart-async isolate carrier")) {
        total += Math.max(0, threads.getThreadCpuTime(t.threadId()));
      }
    }
    return total;
  }

  @Test
  @DisplayName("setErrorsFatal(false) on the main isolate: it goes on, and the error is printed")
  void mainNonFatalErrorIsPrinted() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true));
    String result;
    try {
      result =
          Dart.run(
              () -> {
                Isolate.current().setErrorsFatal(false);
                Timer.run(
                    () -> {
                      throw new StateError("not fatal");
                    });
                await(DFuture.delayed(Duration.ofMillis(10)));
                return "went on";
              });
    } finally {
      System.setErr(saved);
    }
    assertEquals("went on", result);
    assertTrue(
        captured.toString().startsWith("Unhandled exception:\nBad state: not fatal\n"),
        "standard error: " + captured);
  }
}
