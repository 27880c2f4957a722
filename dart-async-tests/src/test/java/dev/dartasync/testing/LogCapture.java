package dev.dartasync.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Captures what the library logs (logger {@code dev.dartasync} and below) during one test.
 *
 * <pre>{@code
 * @RegisterExtension final LogCapture logs = new LogCapture();
 * ...
 * assertEquals(1, logs.warnings().size());
 * }</pre>
 */
public final class LogCapture implements BeforeEachCallback, AfterEachCallback {

  private final Logger logger = (Logger) LoggerFactory.getLogger("dev.dartasync");
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  @Override
  public void beforeEach(ExtensionContext context) {
    appender.list.clear();
    appender.start();
    logger.addAppender(appender);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    logger.detachAppender(appender);
    appender.stop();
  }

  /** The WARN (and above) messages logged so far, formatted, in order. */
  public List<String> warnings() {
    synchronized (appender.list) {
      return appender.list.stream()
          .filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
          .map(e -> e.getFormattedMessage()
              + (e.getThrowableProxy() == null ? "" : " | " + e.getThrowableProxy().getClassName()
                  + ": " + e.getThrowableProxy().getMessage()))
          .toList();
    }
  }

  /** Waits up to {@code millis} for at least {@code count} warnings; returns them. */
  public List<String> awaitWarnings(int count, long millis) throws InterruptedException {
    long end = System.nanoTime() + millis * 1_000_000L;
    while (warnings().size() < count && System.nanoTime() < end) {
      Thread.sleep(5);
    }
    return warnings();
  }
}
