package dev.dartasync.isolates;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.IsolateLocal;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.junit.Expect;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code IsolateLocal}: Dart's top-level and static variables, one copy per isolate. The Dart
 * program each test ports is in its comment; the Java static-field port of the first prints
 * {@code 1} where Dart prints {@code 0}.
 */
@Timeout(30)
class IsolateLocalTest {

  @RegisterExtension final Expect ex = new Expect();

  // Dart: int counter = 0;
  static final IsolateLocal<Integer> counter = IsolateLocal.withInitial(() -> 0);

  /** A plain static field: what a port without IsolateLocal would use. */
  static int sharedCounter = 0;

  /**
   * <pre>
   * int counter = 0;
   * void main() async {
   *   print(await Isolate.run(() => ++counter)); // 1
   *   print(counter);                             // 0
   * }
   * </pre>
   */
  @Test
  @DisplayName("a top-level mutated inside Isolate.run: the caller still reads 0, as in Dart")
  void isolateRunChangesItsOwnCopy() {
    List<Integer> printed =
        Dart.run(
            () -> {
              int inside =
                  await(
                      Isolate.run(
                          () -> {
                            counter.set(counter.get() + 1);
                            return counter.get();
                          }));
              return List.of(inside, counter.get());
            });
    assertEquals(List.of(1, 0), printed);
  }

  @Test
  @DisplayName("the same port with a static field prints 1: why IsolateLocal exists")
  void aStaticFieldIsSharedByEveryIsolate() {
    sharedCounter = 0;
    int after =
        Dart.run(
            () -> {
              await(Isolate.run(() -> ++sharedCounter));
              return sharedCounter;
            });
    assertEquals(1, after);
  }

  static final AtomicInteger initialisations = new AtomicInteger();
  static final IsolateLocal<String> named =
      IsolateLocal.withInitial(() -> "initial " + initialisations.incrementAndGet());

  @Test
  @DisplayName("each isolate runs the initializer once, lazily, at its first read")
  void initializerRunsOncePerIsolateAtFirstRead() {
    initialisations.set(0);
    List<String> seen =
        Dart.run(
            () -> {
              ex.expect(1);
              assertEquals(0, initialisations.get()); // Nothing read yet: nothing run.
              String first = named.get();
              String again = named.get();
              ex.expect(2);
              String other = await(Isolate.run(named::get));
              ex.expect(3);
              return List.of(first, again, other, named.get());
            });
    ex.finish(4);
    assertEquals(List.of("initial 1", "initial 1", "initial 2", "initial 1"), seen);
    assertEquals(2, initialisations.get());
  }

  static final IsolateLocal<String> greeting = IsolateLocal.withInitial(() -> "hello");

  /** A spawned isolate's entry point: reports its value, sets its own, reports again. */
  static void reportGreeting(SendPort port) {
    String before = greeting.get();
    greeting.set("set in spawned");
    port.send(before + " / " + greeting.get());
  }

  @Test
  @DisplayName("a spawned isolate starts from the initial value; neither sees the other's set")
  void spawnedIsolateHasItsOwnValue() {
    String[] seen =
        Dart.run(
            () -> {
              greeting.set("set in main");
              ReceivePort port = new ReceivePort();
              await(Isolate.spawn(IsolateLocalTest::reportGreeting, port.sendPort()));
              String spawned = (String) await(port.first());
              return new String[] {spawned, greeting.get()};
            });
    assertEquals("hello / set in spawned", seen[0]);
    assertEquals("set in main", seen[1]);
  }

  static final IsolateLocal<List<String>> log = IsolateLocal.withInitial(() -> List.of("start"));

  @Test
  @DisplayName("the async bodies of one isolate share its value")
  void bodiesOfOneIsolateShareTheValue() {
    List<String> seen =
        Dart.run(
            () -> {
              await(
                  async(
                      () -> {
                        await(dev.dartasync.DFuture.value(null));
                        log.set(List.of("set by a body"));
                      }));
              return log.get();
            });
    assertEquals(List.of("set by a body"), seen);
  }

  static final AtomicInteger asked = new AtomicInteger();
  static final IsolateLocal<Integer> counted = IsolateLocal.withInitial(asked::incrementAndGet);

  @Test
  @DisplayName("remove: the next read starts from the initializer again")
  void removeStartsAfresh() {
    asked.set(0);
    List<Integer> seen =
        Dart.run(
            () -> {
              int first = counted.get();
              counted.set(40);
              int set = counted.get();
              counted.remove();
              int afresh = counted.get();
              return List.of(first, set, afresh);
            });
    assertEquals(List.of(1, 40, 2), seen);
  }

  static final AtomicInteger failures = new AtomicInteger();
  static final IsolateLocal<String> flaky =
      IsolateLocal.withInitial(
          () -> {
            if (failures.incrementAndGet() == 1) {
              throw new IllegalArgumentException("first read fails");
            }
            return "second read works";
          });

  @Test
  @DisplayName("an initializer that throws: the caller gets the error, the next read asks again")
  void throwingInitializerKeepsNothing() {
    failures.set(0);
    String seen =
        Dart.run(
            () -> {
              IllegalArgumentException e =
                  assertThrows(IllegalArgumentException.class, flaky::get);
              assertEquals("first read fails", e.getMessage());
              return flaky.get();
            });
    assertEquals("second read works", seen);
  }

  static final IsolateLocal<String> plain = new IsolateLocal<>();

  @Test
  @DisplayName("no initializer: null; a null set is kept, not re-initialised")
  void nullValues() {
    Dart.run(
        () -> {
          assertNull(plain.get());
          plain.set("x");
          assertEquals("x", plain.get());
          plain.set(null);
          assertNull(plain.get());
          assertNull(flakyNull.get());
          assertNull(flakyNull.get());
          return null;
        });
    assertEquals(1, nullAsked.get());
  }

  static final AtomicInteger nullAsked = new AtomicInteger();
  static final IsolateLocal<String> flakyNull =
      IsolateLocal.withInitial(
          () -> {
            nullAsked.incrementAndGet();
            return null;
          });

  @Test
  @DisplayName("sent in a message, the variable is the same object, read with the receiver's value")
  void sentInAMessageItIsSharedNotCopied() {
    IsolateLocal<String> local = IsolateLocal.withInitial(() -> "fresh");
    Object[] seen =
        Dart.run(
            () -> {
              local.set("main's");
              return await(Isolate.run(() -> new Object[] {local, local.get()}));
            });
    assertSame(local, seen[0]);
    assertEquals("fresh", seen[1]);
  }

  static final IsolateLocal<Object> cache = new IsolateLocal<>();
  static volatile java.lang.ref.WeakReference<Object> cached;

  /** A spawned isolate's entry point: keeps a value in its IsolateLocal, says so, and ends. */
  static void fillCache(SendPort port) {
    Object value = new byte[1 << 20];
    cache.set(value);
    cached = new java.lang.ref.WeakReference<>(value);
    port.send("filled");
  }

  @Test
  @DisplayName("a value dies with its isolate, also while the isolate's handle is kept")
  void aValueDiesWithItsIsolate() throws Exception {
    Isolate handle =
        Dart.run(
            () -> {
              ReceivePort port = new ReceivePort();
              ReceivePort exited = new ReceivePort();
              Isolate spawned =
                  await(
                      Isolate.spawn(
                          IsolateLocalTest::fillCache,
                          port.sendPort(),
                          dev.dartasync.isolate.SpawnOptions.defaults()
                              .onExit(exited.sendPort())));
              await(port.first());
              await(exited.first()); // It ended.
              return spawned;
            });
    for (int i = 0; i < 50 && cached.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertNull(cached.get(), "the ended isolate's IsolateLocal value is still reachable");
    java.lang.ref.Reference.reachabilityFence(handle); // The handle was kept all along.
  }

  @Test
  @DisplayName("outside an isolate: IllegalStateException, for get, set and remove")
  void outsideAnIsolate() {
    String text =
        "This thread belongs to no isolate: call this inside Dart.run(...) or Dart.runMain(...), "
            + "or from code they run.";
    assertEquals(text, assertThrows(IllegalStateException.class, counter::get).getMessage());
    assertEquals(
        text, assertThrows(IllegalStateException.class, () -> counter.set(1)).getMessage());
    assertEquals(
        text, assertThrows(IllegalStateException.class, counter::remove).getMessage());
  }

  @Test
  @DisplayName("withInitial(null): Dart's null-argument text")
  void nullInitializer() {
    ArgumentError e = assertThrows(ArgumentError.class, () -> IsolateLocal.withInitial(null));
    assertEquals("Invalid argument(s) (initial): Must not be null", e.toString());
  }
}
