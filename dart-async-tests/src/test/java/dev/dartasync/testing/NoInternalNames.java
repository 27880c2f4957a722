package dev.dartasync.testing;

import dev.dartasync.internal.Testing;
import dev.dartasync.internal.TextAudit.Rendered;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * Fails every test during which the library rendered a user-visible text naming one of its
 * internal classes (the rule: no internal class name may reach a user's text). Registered for the
 * whole tests module by JUnit's extension auto-detection ({@code
 * META-INF/services/org.junit.jupiter.api.extension.Extension} and {@code
 * junit.jupiter.extensions.autodetection.enabled} in {@code junit-platform.properties}); the
 * module's Surefire configuration turns the library's recorder on ({@code
 * -Ddartasync.textAudit=true}, see {@code TextAudit} in the core).
 *
 * <p>What is checked, after each test: every text the library rendered while it ran, from any
 * thread (the error classes' {@code toString()}, {@code Instance of '…'} and the other renderings of
 * library objects by {@code print}, the error line of {@code Unhandled exception:}), and the
 * messages of the exception the test failed with, its causes included (an assertion's own message
 * is the test's, not the library's, and is skipped). A text fails when it contains {@code
 * internal.} or a word ending in {@code Impl} that names a class of the library's internals; the
 * failure names each such text and what rendered it. Texts rendered by something that outlives a
 * test (an isolate still running) count for the test that runs when they are rendered.
 */
public final class NoInternalNames implements BeforeEachCallback, AfterEachCallback {

  /** A package name with {@code internal} in it. */
  private static final Pattern INTERNAL_PACKAGE = Pattern.compile("internal\\.");

  /** A word ending in {@code Impl}: a leak if the library's internals have a class of that name. */
  private static final Pattern IMPL_NAME = Pattern.compile("\\b\\w+Impl\\b");

  private static final String INTERNALS = "dev.dartasync.internal.";

  @Override
  public void beforeEach(ExtensionContext context) {
    Testing.clearRenderedTexts();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (!Testing.textAuditOn()) {
      return; // run outside this module's Surefire configuration: nothing is recorded
    }
    List<Rendered> texts = new ArrayList<>(Testing.renderedTexts());
    Testing.clearRenderedTexts();
    context.getExecutionException().ifPresent(thrown -> texts.addAll(messages(thrown)));
    List<String> leaks = leaks(texts);
    if (!leaks.isEmpty()) {
      throw new AssertionFailedError(
          "An internal class name reached a user's text during this test:\n"
              + String.join("\n", leaks));
    }
  }

  /** One line per text that names an internal class: what rendered it, and the text. */
  public static List<String> leaks(List<Rendered> texts) {
    List<String> leaks = new ArrayList<>();
    for (Rendered rendered : texts) {
      if (rendered.text() != null && namesInternals(rendered.text())) {
        leaks.add("  " + rendered.origin() + " rendered: " + rendered.text());
      }
    }
    return leaks;
  }

  /**
   * Whether {@code text} names a package called {@code internal}, or one of this library's
   * internal classes by a name ending in {@code Impl} ({@code FutureImpl}; the JDK's own, such as
   * {@code SourceChannelImpl} in the copier's text for a pipe, are the JDK's names and may stand).
   */
  static boolean namesInternals(String text) {
    if (INTERNAL_PACKAGE.matcher(text).find()) {
      return true;
    }
    Matcher impl = IMPL_NAME.matcher(text);
    while (impl.find()) {
      if (isInternalClass(impl.group())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isInternalClass(String simpleName) {
    try {
      Class.forName(INTERNALS + simpleName, false, NoInternalNames.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** The messages of {@code thrown} and its causes, assertion errors left out. */
  static List<Rendered> messages(Throwable thrown) {
    List<Rendered> messages = new ArrayList<>();
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    for (Throwable t = thrown; t != null && seen.put(t, true) == null; t = t.getCause()) {
      if (!(t instanceof AssertionError) && t.getMessage() != null) {
        String origin = "the message of the test's " + t.getClass().getName();
        messages.add(new Rendered(origin, t.getMessage()));
      }
    }
    return messages;
  }
}
