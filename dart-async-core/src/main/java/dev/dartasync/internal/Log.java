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

  @Override
  public String toString() {
    return "Log(" + name + ")";
  }
}
