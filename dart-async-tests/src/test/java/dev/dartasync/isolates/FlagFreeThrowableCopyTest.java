package dev.dartasync.isolates;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.Dart;
import dev.dartasync.StateError;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.testing.ChildJvm;
import dev.dartasync.testing.ChildProcess;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.UncheckedIOException;
import java.lang.annotation.AnnotationTypeMismatchException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.NoSuchFileException;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The copy of throwables, with and without {@code --add-opens java.base/java.lang=ALL-UNNAMED}:
 * without it, {@code Throwable}'s own fields are closed to reflection, and the copier reaches them
 * (and the fields of JDK subclasses in packages that are never open, such as {@code
 * java.nio.file}) through the JDK's serialization field access instead. Everything here passes
 * both ways; the last test runs the others in a JVM without the flag, so that a run with the flag
 * covers both paths too.
 */
class FlagFreeThrowableCopyTest {

  /** A user exception with fields of its own, one of which may point back at it. */
  static final class CodedError extends IllegalStateException {
    final int code;
    final List<String> details;
    Object holder;

    CodedError(String message, int code, List<String> details) {
      super(message);
      this.code = code;
      this.details = details;
    }
  }

  /** Overrides getMessage: the copy must get the raw message, not the decorated one. */
  static final class Prefixed extends RuntimeException {
    Prefixed(String message) {
      super(message);
    }

    @Override
    public String getMessage() {
      return "prefixed: " + super.getMessage();
    }
  }

  /** Neither suppression nor a writable stack trace (Throwable's four-argument constructor). */
  static final class Stackless extends RuntimeException {
    Stackless(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T copy(T message) {
    return (T) MessageCopy.copy(message);
  }

  @Test
  @DisplayName("a JDK error: message, cause, stack trace and suppressed errors, all copies")
  void jdkError() {
    IllegalStateException error =
        new IllegalStateException("boom", new IllegalArgumentException("cause"));
    error.addSuppressed(new RuntimeException("suppressed"));
    IllegalStateException copy = copy(error);
    assertNotSame(error, copy);
    assertEquals("java.lang.IllegalStateException: boom", copy.toString());
    assertNotSame(error.getCause(), copy.getCause());
    assertEquals("java.lang.IllegalArgumentException: cause", copy.getCause().toString());
    assertArrayEquals(error.getStackTrace(), copy.getStackTrace());
    assertArrayEquals(error.getCause().getStackTrace(), copy.getCause().getStackTrace());
    assertEquals(1, copy.getSuppressed().length);
    assertNotSame(error.getSuppressed()[0], copy.getSuppressed()[0]);
    assertEquals("java.lang.RuntimeException: suppressed", copy.getSuppressed()[0].toString());
  }

  @Test
  @DisplayName("a user subclass keeps its own fields, and a field pointing back at it")
  void userSubclass() {
    List<String> details = new ArrayList<>(List.of("a", "b"));
    CodedError error = new CodedError("coded", 42, details);
    error.holder = List.of(error, details);
    CodedError copy = copy(error);
    assertNotSame(error, copy);
    assertEquals("coded", copy.getMessage());
    assertEquals(42, copy.code);
    assertEquals(details, copy.details);
    assertNotSame(details, copy.details);
    List<?> holder = (List<?>) copy.holder;
    assertSame(copy, holder.get(0));
    assertSame(copy.details, holder.get(1));
    assertArrayEquals(error.getStackTrace(), copy.getStackTrace());
  }

  @Test
  @DisplayName("an overridden getMessage is not copied into the message: the raw message is")
  void overriddenGetMessage() {
    Prefixed copy = copy(new Prefixed("raw"));
    assertEquals("prefixed: raw", copy.getMessage());
    assertEquals(
        "dev.dartasync.isolates.FlagFreeThrowableCopyTest$Prefixed: prefixed: raw",
        copy.toString());
  }

  @Test
  @DisplayName("a cause not set yet can still be set on the copy; a set cause, even null, cannot")
  void causeStates() {
    RuntimeException unset = copy(new RuntimeException("unset"));
    assertNull(unset.getCause());
    RuntimeException later = new RuntimeException("later");
    unset.initCause(later); // throws if the copy's cause is set
    assertSame(later, unset.getCause());

    RuntimeException explicitNull = copy(new RuntimeException("null cause", null));
    assertNull(explicitNull.getCause());
    assertThrows(IllegalStateException.class, () -> explicitNull.initCause(later));

    RuntimeException initialized = new RuntimeException("initCause");
    initialized.initCause(new IOException("io"));
    RuntimeException copy = copy(initialized);
    assertEquals("java.io.IOException: io", copy.getCause().toString());
    assertNotSame(initialized.getCause(), copy.getCause());
    assertThrows(IllegalStateException.class, () -> copy.initCause(later));
  }

  @Test
  @DisplayName("errors that reach each other through causes and suppressed errors stay a cycle")
  void cycles() {
    RuntimeException a = new RuntimeException("a");
    RuntimeException b = new RuntimeException("b");
    a.initCause(b);
    b.initCause(a);
    a.addSuppressed(b);
    RuntimeException copy = copy(a);
    Throwable bCopy = copy.getCause();
    assertEquals("java.lang.RuntimeException: b", bCopy.toString());
    assertNotSame(b, bCopy);
    assertSame(copy, bCopy.getCause());
    assertSame(bCopy, copy.getSuppressed()[0]);
  }

  @Test
  @DisplayName("a copy takes suppressed errors later like its original; a stackless one takes none")
  void suppressionAndStackTraceSettings() {
    RuntimeException plain = copy(new RuntimeException("plain"));
    plain.addSuppressed(new RuntimeException("added to the copy"));
    assertEquals(1, plain.getSuppressed().length);

    Stackless stackless = copy(new Stackless("stackless", new IOException("io")));
    assertEquals("java.io.IOException: io", stackless.getCause().toString());
    assertEquals(0, stackless.getStackTrace().length);
    stackless.setStackTrace(new RuntimeException().getStackTrace());
    assertEquals(0, stackless.getStackTrace().length, "the copy's stack trace is not writable");
    stackless.addSuppressed(new RuntimeException("dropped"));
    assertEquals(0, stackless.getSuppressed().length, "the copy does not record suppressed errors");
  }

  @Test
  @DisplayName("a NullPointerException keeps its computed (helpful) message")
  void helpfulNullPointerMessage() {
    NullPointerException thrown = null;
    try {
      Object nothing = List.of((Object) "x").size() > 0 ? null : "y";
      nothing.hashCode();
    } catch (NullPointerException e) {
      thrown = e;
    }
    NullPointerException copy = copy(thrown);
    String message = thrown.getMessage();
    assertNotNull(message);
    assertTrue(message.contains("hashCode()"), message);
    assertEquals(message, copy.getMessage());
    assertEquals(thrown.toString(), copy.toString());
  }

  @Test
  @DisplayName("JDK errors with fields of their own in packages never open are copied whole")
  void jdkSubclassesWithFields() throws Exception {
    NoSuchFileException noFile = copy(new NoSuchFileException("a.txt", "b.txt", "gone"));
    assertEquals("a.txt", noFile.getFile());
    assertEquals("b.txt", noFile.getOtherFile());
    assertEquals("gone", noFile.getReason());
    assertEquals("a.txt -> b.txt: gone", noFile.getMessage());

    PatternSyntaxException syntax = copy(new PatternSyntaxException("bad", "a(b", 3));
    assertEquals("bad", syntax.getDescription());
    assertEquals("a(b", syntax.getPattern());
    assertEquals(3, syntax.getIndex());

    DateTimeParseException parse =
        copy(new DateTimeParseException("no date", "2024-13-01", 5));
    assertEquals("2024-13-01", parse.getParsedString());
    assertEquals(5, parse.getErrorIndex());

    InvocationTargetException invocation = null;
    try {
      Method method = FlagFreeThrowableCopyTest.class.getDeclaredMethod("fail");
      method.invoke(null);
    } catch (InvocationTargetException e) {
      invocation = e;
    }
    InvocationTargetException invocationCopy = copy(invocation);
    assertNotSame(invocation.getTargetException(), invocationCopy.getTargetException());
    assertEquals(
        "java.lang.IllegalStateException: target", invocationCopy.getTargetException().toString());

    UncheckedIOException unchecked = copy(new UncheckedIOException("wrapped", new IOException("io")));
    assertEquals("java.io.IOException: io", unchecked.getCause().toString());
  }

  @SuppressWarnings("unused") // called through reflection by jdkSubclassesWithFields
  private static void fail() {
    throw new IllegalStateException("target");
  }

  @Test
  @DisplayName("a JDK error with transient state in a closed package is rejected as uncopyable")
  void jdkSubclassWithTransientStateIsRejected() throws Exception {
    Method element = Object.class.getMethod("toString");
    AnnotationTypeMismatchException mismatch = new AnnotationTypeMismatchException(element, "int");
    ArgumentError error = assertThrows(ArgumentError.class, () -> MessageCopy.copy(mismatch));
    String text = error.getMessage();
    assertTrue(
        text.startsWith(
            "Illegal argument in isolate message: object cannot be copied - Library:'java.lang"
                + ".annotation' Class: AnnotationTypeMismatchException (its fields are not open to"
                + " reflection: "),
        text);
    assertTrue(text.endsWith(" to " + FlagFreeThrowableCopyTest.class.getModule() + ")\n"), text);
  }

  @Test
  @DisplayName("an unsendable object held by a cause is reported with the path through the cause")
  void unsendableInACause() {
    CodedError cause = new CodedError("inner", 1, List.of());
    cause.holder = new java.util.concurrent.locks.ReentrantLock();
    IllegalStateException error = new IllegalStateException("outer", cause);
    String expected =
        "Illegal argument in isolate message: object is unsendable - Library:'java.util.concurrent"
            + ".locks' Class: ReentrantLock (see restrictions listed at `SendPort.send()`"
            + " documentation for more information)\n"
            + " <- holder in Instance of 'CodedError' (from dev.dartasync.isolates)\n"
            + " <- cause in Instance of 'IllegalStateException' (from java.lang)\n";
    assertEquals(
        expected, assertThrows(ArgumentError.class, () -> MessageCopy.copy(error)).getMessage());
    assertEquals(
        expected, assertThrows(ArgumentError.class, () -> MessageCopy.check(error)).getMessage());
  }

  @Test
  @DisplayName("an error crosses isolates: captured by Isolate.run's closure, and thrown back")
  void acrossIsolates() {
    CodedError captured = new CodedError("captured", 7, new ArrayList<>(List.of("x")));
    List<Object> seen =
        Dart.run(
            () -> {
              List<Object> inside =
                  await(
                      Isolate.run(
                          () ->
                              List.of(
                                  captured.getMessage(),
                                  captured.code,
                                  captured.details,
                                  captured.getStackTrace().length)));
              try {
                await(
                    Isolate.run(
                        () -> {
                          throw new StateError("from the isolate");
                        }));
                return inside;
              } catch (StateError e) {
                List<Object> all = new ArrayList<>(inside);
                all.add(e.toString());
                return all;
              }
            });
    assertEquals(
        List.of("captured", 7, List.of("x"), captured.getStackTrace().length, "Bad state: from the isolate"),
        seen);
  }

  @Test
  @DisplayName("all of the above also hold in a JVM without --add-opens, and freeze no JVM setting")
  void withoutTheFlag() throws Exception {
    ChildProcess.Result result =
        ChildJvm.main(WithoutTheFlag.class).withoutAddOpens().mergeStderr().run();
    String out = result.stdout();
    long others =
        java.util.Arrays.stream(FlagFreeThrowableCopyTest.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Test.class))
                .count()
            - 1;
    assertEquals(0, result.exitCode(), out);
    assertTrue(out.contains("all " + others + " checks passed"), out);
  }

  /**
   * Runs every other test of this class, for {@link #withoutTheFlag}, then checks that they left
   * the JVM-wide deserialization filter factory settable (no {@code ObjectInputStream} was made).
   */
  public static final class WithoutTheFlag {
    public static void main(String[] args) throws Exception {
      int passed = 0;
      List<String> failed = new ArrayList<>();
      FlagFreeThrowableCopyTest tests = new FlagFreeThrowableCopyTest();
      for (Method method : FlagFreeThrowableCopyTest.class.getDeclaredMethods()) {
        if (!method.isAnnotationPresent(Test.class) || method.getName().equals("withoutTheFlag")) {
          continue;
        }
        try {
          method.invoke(tests);
          passed++;
        } catch (InvocationTargetException e) {
          failed.add(method.getName() + ": " + e.getCause());
          e.getCause().printStackTrace(System.out);
        }
      }
      try {
        // Fails once any ObjectInputStream was constructed: the copies must not have done that.
        ObjectInputFilter.Config.setSerialFilterFactory((current, next) -> next);
      } catch (IllegalStateException e) {
        failed.add("the copies froze the JVM-wide deserialization filter factory: " + e);
      }
      if (!failed.isEmpty()) {
        System.out.println("failed: " + failed);
        System.exit(1);
      }
      System.out.println("all " + passed + " checks passed");
    }
  }
}
