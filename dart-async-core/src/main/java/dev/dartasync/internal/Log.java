package dev.dartasync.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the library's slf4j loggers, created the first time a line is logged through it.
 *
 * <p>Without a logging backend, slf4j prints three {@code SLF4J(W): No SLF4J providers were
 * found} lines on standard error when its first logger is created. The library logs only when
 * something went wrong or was dropped, so a program in which nothing did must not touch slf4j at
 * all: a {@code Log} is a name until its first line, and {@code LoggerFactory} is first loaded
 * then. The names are the public API's ({@code dev.dartasync.Isolate}, {@code
 * dev.dartasync.Completer}…), never an internal class's.
 */
public final class Log {

  private final String name;

  /**
   * Null until the first line. A benign race: two threads that log first at once both ask slf4j,
   * which returns the same logger for the same name.
   */
  private volatile Logger logger;

  private Log(String name) {
    this.name = name;
  }

  /** A logger named {@code name}; nothing of slf4j is touched yet. */
  public static Log named(String name) {
    return new Log(name);
  }

  private Logger logger() {
    Logger l = logger;
    if (l == null) {
      l = LoggerFactory.getLogger(name);
      logger = l;
    }
    return l;
  }

  /** slf4j's {@code debug(format, arguments)}; a last Throwable argument is logged with its stack. */
  public void debug(String format, Object... arguments) {
    logger().debug(format, arguments);
  }

  /** slf4j's {@code warn(format, arguments)}; a last Throwable argument is logged with its stack. */
  public void warn(String format, Object... arguments) {
    logger().warn(format, arguments);
  }

  /** slf4j's {@code error(format, arguments)}; a last Throwable argument is logged with its stack. */
  public void error(String format, Object... arguments) {
    logger().error(format, arguments);
  }

  /**
   * Whether slf4j would find a logging backend, asked without touching {@code LoggerFactory} (so
   * without its three lines on standard error when there is none): the {@code slf4j.provider}
   * property, or a provider on slf4j's service path. For a warning that is advice rather than a
   * report of something lost: a program without a backend chose not to see the library's lines,
   * and slf4j's own notice would be all it saw of this one.
   */
  public static boolean hasBackend() {
    if (System.getProperty("slf4j.provider") != null) {
      return true;
    }
    try {
      return java.util.ServiceLoader.load(
              org.slf4j.spi.SLF4JServiceProvider.class,
              org.slf4j.spi.SLF4JServiceProvider.class.getClassLoader())
          .findFirst()
          .isPresent();
    } catch (java.util.ServiceConfigurationError e) {
      return true; // A broken provider: let slf4j say what is wrong with it.
    }
  }

  @Override
  public String toString() {
    return "Log(" + name + ")";
  }
}
