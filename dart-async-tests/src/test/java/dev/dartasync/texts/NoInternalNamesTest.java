package dev.dartasync.texts;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.Zone;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.internal.Testing;
import dev.dartasync.internal.TextAudit.Rendered;
import dev.dartasync.testing.NoInternalNames;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * No internal class name reaches a user's text. The suite-wide check is {@link NoInternalNames},
 * which every test of this module runs under; here are the texts that named internal classes
 * before, and the check itself.
 */
class NoInternalNamesTest {

  @Test
  @DisplayName("completing a future with itself: ArgumentError naming Instance of 'Future<dynamic>'")
  void selfCompletion() {
    String text =
        Dart.run(
            () -> {
              Completer<Integer> completer = new Completer<>();
              completer.completeWith(completer.future());
              Throwable error = assertThrows(Throwable.class, () -> await(completer.future()));
              return assertInstanceOf(ArgumentError.class, error).toString();
            });
    // Dart's _chainCoreFuture: ArgumentError.value(source, null, "Cannot complete a future with
    // itself"); the future is rendered by Error.safeToString, as this library renders a future.
    assertEquals(
        "Invalid argument: Cannot complete a future with itself: Instance of 'Future<dynamic>'",
        text);
  }

  @Test
  @DisplayName("print and safeToString name a library object by its public type, Dart's way")
  void libraryObjectsByPublicType() {
    Dart.run(
        () -> {
          StreamController<Integer> controller = new StreamController<>();
          StreamSubscription<Integer> subscription = controller.stream().listen(v -> {});
          assertEquals("Instance of 'Stream<dynamic>'", Testing.toDartString(controller.stream()));
          assertEquals(
              "Instance of 'StreamSubscription<dynamic>'", Testing.toDartString(subscription));
          assertEquals("Instance of 'Future<dynamic>'", Testing.safeToString(DFuture.value(1)));
          assertEquals("Instance of 'Zone'", Testing.safeToString(Zone.current()));
          assertEquals("Instance of '_RootZone'", Testing.toDartString(Zone.current()));
          assertEquals(
              "Invalid argument (stream): Instance of 'Stream<dynamic>'",
              ArgumentError.value(controller.stream(), "stream").toString());
          await(subscription.cancel());
        });
  }

  @Test
  @DisplayName("an unsendable future or stream is named by its public class in the send's error")
  void unsendableByPublicClass() {
    Dart.run(
        () -> {
          String future =
              assertThrows(ArgumentError.class, () -> MessageCopy.copy(DFuture.value(1)))
                  .toString();
          String stream =
              assertThrows(
                      ArgumentError.class,
                      () -> MessageCopy.copy(new StreamController<Integer>().stream()))
                  .toString();
          assertTrue(future.contains(" - Library:'dev.dartasync' Class: DFuture (see"), future);
          assertTrue(stream.contains(" - Library:'dev.dartasync' Class: DStream (see"), stream);
        });
  }

  @Test
  @DisplayName("the recorder is on in this module and records what the library renders")
  void recorderRecords() {
    assertTrue(Testing.textAuditOn(), "Surefire sets -Ddartasync.textAudit=true for this module");
    String text = new ArgumentError("m", "x").toString();
    assertTrue(
        Testing.renderedTexts().contains(new Rendered("ArgumentError", text)),
        () -> Testing.renderedTexts().toString());
  }

  @Test
  @DisplayName("the check flags internal package names and the internals' *Impl names, nothing else")
  void checkFlagsLeaks() {
    List<String> leaks =
        NoInternalNames.leaks(
            List.of(
                new Rendered("print", "dev.dartasync.internal.ControllerStream@1b2c"),
                new Rendered("safeToString", "Instance of 'FutureImpl'"),
                new Rendered("StateError", "Bad state: UnimplementedError is fine"),
                new Rendered("ArgumentError", "… Library:'sun.nio.ch' Class: SourceChannelImpl (…"),
                new Rendered("print", "Instance of 'WorkerImpl', a user's class"),
                new Rendered("print", "Instance of 'Future<dynamic>'")));
    assertEquals(
        List.of(
            "  print rendered: dev.dartasync.internal.ControllerStream@1b2c",
            "  safeToString rendered: Instance of 'FutureImpl'"),
        leaks);
  }
}
