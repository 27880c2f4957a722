package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.Timer;
import dev.dartasync.Zone;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.RawReceivePort;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ports (semantics notes §7.4; co19 {@code LibTest/isolate/ReceivePort}, {@code RawReceivePort}):
 * a ReceivePort is a sync single-subscription stream that buffers until listened and closes when
 * its subscription is cancelled; an open port keeps its isolate alive; a closed port drops
 * messages; send ports keep their identity across isolates; messages are copies, in order.
 */
@Timeout(30)
class PortsTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("messages sent before listen are buffered, then delivered in order")
  void buffersUntilListened() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              port.sendPort().send(1);
              port.sendPort().send("two");
              port.sendPort().send(List.of(3));
              return await(port.take(3).toList());
            });
    assertEquals(List.of(1, "two", List.of(3)), got);
  }

  @Test
  @DisplayName("a message is delivered synchronously in its event, then microtasks drain")
  void deliveredInItsEvent() {
    Dart.run(
        () -> {
          ReceivePort port = new ReceivePort();
          port.listen(
              message -> {
                int step = (Integer) message;
                ex.expect(step);
                Dart.scheduleMicrotask(() -> ex.expect(step + 1));
                if (step == 4) {
                  port.close();
                }
              });
          ex.expect(1);
          port.sendPort().send(2);
          port.sendPort().send(4); // its event comes after the first message's microtask
        });
    ex.finish(6);
  }

  @Test
  @DisplayName("listening twice: Bad state: Stream has already been listened to.")
  void singleSubscription() {
    String text =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              port.listen(m -> {});
              try {
                port.listen(m -> {});
                return "no error";
              } catch (StateError e) {
                return e.toString();
              } finally {
                port.close();
              }
            });
    assertEquals("Bad state: Stream has already been listened to.", text);
  }

  @Test
  @DisplayName("first() cancels the subscription, which closes the port: the isolate can end")
  void firstClosesThePort() {
    Object first =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              port.sendPort().send("a");
              port.sendPort().send("b"); // dropped: the port is closed by then
              return await(port.first());
            });
    assertEquals("a", first);
  }

  @Test
  @DisplayName("an open port keeps the isolate alive until it is closed")
  void openPortKeepsAlive() throws Exception {
    CompletableFuture<SendPort> portOut = new CompletableFuture<>();
    CompletableFuture<String> ended = new CompletableFuture<>();
    Thread main =
        Thread.ofPlatform()
            .start(
                () -> {
                  Dart.run(
                      () -> {
                        RawReceivePort port = new RawReceivePort();
                        port.setHandler(message -> port.close());
                        portOut.complete(port.sendPort());
                      });
                  ended.complete("ended");
                });
    SendPort port = portOut.get(10, TimeUnit.SECONDS);
    assertThrows(
        TimeoutException.class,
        () -> ended.get(200, TimeUnit.MILLISECONDS),
        "Dart.run must not return while the port is open");
    port.send("close"); // from a thread outside any isolate
    assertEquals("ended", ended.get(10, TimeUnit.SECONDS));
    main.join(10_000);
  }

  @Test
  @DisplayName("keepIsolateAlive(false): an open port does not hold the isolate")
  void keepIsolateAliveFalse() {
    boolean[] handled = {false};
    Dart.run(
        () -> {
          RawReceivePort port = new RawReceivePort(m -> handled[0] = true);
          port.setKeepIsolateAlive(false);
          assertFalse(port.keepIsolateAlive());
        });
    assertFalse(handled[0]);
  }

  @Test
  @DisplayName("a message to a closed port is dropped without a word")
  void closedPortDrops() {
    List<Object> got =
        Dart.run(
            () -> {
              List<Object> seen = new ArrayList<>();
              RawReceivePort port = new RawReceivePort(seen::add);
              SendPort send = port.sendPort();
              send.send(1);
              port.close();
              send.send(2);
              await(dev.dartasync.DFuture.delayed(Duration.ofMillis(5)));
              return seen;
            });
    assertEquals(List.of(), got, "even the message queued before close is dropped");
  }

  @Test
  @DisplayName("the message is a copy made at send: later changes are not seen")
  void messagesAreCopies() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              List<Integer> list = new ArrayList<>(List.of(1));
              port.sendPort().send(list);
              list.add(2);
              Object received = await(port.first());
              return List.of(received, list, received != list);
            });
    assertEquals(List.of(List.of(1), List.of(1, 2), true), got);
  }

  @Test
  @DisplayName("send ports keep their identity in other isolates; messages arrive in order")
  void identityAndOrderAcrossIsolates() {
    List<Object> got =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              SendPort mine = port.sendPort();
              await(
                  Isolate.spawn(
                      (SendPort reply) -> {
                        for (int i = 0; i < 1000; i++) {
                          reply.send(i);
                        }
                        reply.send(reply); // the port itself, back home
                      },
                      mine));
              List<Object> messages = await(port.take(1001).toList());
              Object back = messages.remove(1000);
              List<Integer> expected = new ArrayList<>();
              for (int i = 0; i < 1000; i++) {
                expected.add(i);
              }
              return List.of(messages.equals(expected), back == mine, back.equals(mine));
            });
    assertEquals(List.of(true, true, true), got);
  }

  @Test
  @DisplayName("a RawReceivePort's handler runs in the root zone")
  void handlerInRootZone() {
    boolean[] inRoot = {false};
    Dart.run(
        () ->
            Dart.runZoned(
                () -> {
                  RawReceivePort[] port = new RawReceivePort[1];
                  port[0] =
                      new RawReceivePort(
                          m -> {
                            inRoot[0] = Zone.current() == Zone.root();
                            port[0].close();
                          });
                  port[0].sendPort().send("x");
                }));
    assertTrue(inRoot[0]);
  }

  @Test
  @DisplayName("sending a RawReceivePort: (object is a ReceivePort); a ReceivePort: its class")
  void portsAreUnsendable() {
    List<String> texts =
        Dart.run(
            () -> {
              RawReceivePort raw = new RawReceivePort();
              ReceivePort port = new ReceivePort();
              List<String> out = new ArrayList<>();
              for (Object message : List.of(raw, port)) {
                try {
                  port.sendPort().send(message);
                } catch (ArgumentError e) {
                  out.add(e.toString());
                }
              }
              raw.close();
              port.close();
              return out;
            });
    assertEquals(
        List.of(
            "Invalid argument(s): Illegal argument in isolate message: (object is a ReceivePort)\n",
            "Invalid argument(s): Illegal argument in isolate message: object is unsendable -"
                + " Library:'dev.dartasync.isolate' Class: ReceivePort (see restrictions listed at"
                + " `SendPort.send()` documentation for more information)\n"),
        texts);
  }

  @Test
  @DisplayName("an error thrown by a port handler is uncaught: it stops the main isolate")
  void handlerErrorIsUncaught() {
    StateError boom = new StateError("handler");
    Throwable thrown =
        dev.dartasync.junit.Isolates.uncaught(
            () -> {
              RawReceivePort port =
                  new RawReceivePort(
                      m -> {
                        throw boom;
                      });
              port.sendPort().send(1);
            });
    assertSame(boom, thrown);
  }

  @Test
  @DisplayName("closing a ReceivePort delivers done after the buffered messages")
  void closeDeliversDone() {
    Dart.run(
        () -> {
          ReceivePort port = new ReceivePort();
          port.sendPort().send("m");
          Timer.run(
              () ->
                  port.listen(
                      m -> ex.expect(2), (e, s) -> ex.expectUnreached(), () -> ex.expect(3), false));
          Timer.run(port::close);
          ex.expect(1);
        });
    ex.finish(4);
  }
}
