package dev.dartasync;

import dev.dartasync.internal.Checks;

/**
 * The handlers of a forked zone: Dart's {@code ZoneSpecification}. Immutable; made with a
 * {@link #builder()}, or from another specification with {@link #from}.
 *
 * <pre>{@code
 * // Dart: Zone.current.fork(specification: ZoneSpecification(print: (self, parent, zone, line) {
 * //         parent.print(zone, "> $line");
 * //       }));
 * Zone quoted = Zone.current().fork(
 *     ZoneSpecification.builder()
 *         .print((self, parent, zone, line) -> parent.print(zone, "> " + line))
 *         .build());
 * }</pre>
 *
 * <p>A handler replaces the same-named {@link Zone} operation for the zone that has it and for its
 * descendants that do not have their own. It runs synchronously, where the operation was called
 * (see each handler type for the details), and receives the zone that holds it ({@code self}), a
 * {@link ZoneDelegate} to that zone's parent ({@code parent}) and the zone that received the
 * request ({@code zone}). It may answer the request itself, or pass it on through {@code parent},
 * possibly with other arguments. A missing handler (null) means "as the parent does". An error a
 * handler throws propagates to the caller of the operation.
 */
public final class ZoneSpecification {

  private final HandleUncaughtErrorHandler handleUncaughtError;
  private final RunHandler run;
  private final RunUnaryHandler runUnary;
  private final RunBinaryHandler runBinary;
  private final RegisterCallbackHandler registerCallback;
  private final RegisterUnaryCallbackHandler registerUnaryCallback;
  private final RegisterBinaryCallbackHandler registerBinaryCallback;
  private final ErrorCallbackHandler errorCallback;
  private final ScheduleMicrotaskHandler scheduleMicrotask;
  private final CreateTimerHandler createTimer;
  private final CreatePeriodicTimerHandler createPeriodicTimer;
  private final PrintHandler print;
  private final ForkHandler fork;

  private ZoneSpecification(Builder b) {
    this.handleUncaughtError = b.handleUncaughtError;
    this.run = b.run;
    this.runUnary = b.runUnary;
    this.runBinary = b.runBinary;
    this.registerCallback = b.registerCallback;
    this.registerUnaryCallback = b.registerUnaryCallback;
    this.registerBinaryCallback = b.registerBinaryCallback;
    this.errorCallback = b.errorCallback;
    this.scheduleMicrotask = b.scheduleMicrotask;
    this.createTimer = b.createTimer;
    this.createPeriodicTimer = b.createPeriodicTimer;
    this.print = b.print;
    this.fork = b.fork;
  }

  /**
   * A builder with no handlers: Dart's {@code ZoneSpecification(...)} constructor, whose named
   * arguments are the builder's methods. {@code builder().build()} is Dart's
   * {@code const ZoneSpecification()}: a zone that behaves as its parent.
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder that starts with the handlers of {@code other}: Dart's
   * {@code ZoneSpecification.from(other, run: ...)}. The handlers set on the builder replace
   * those of {@code other}; {@code other} is unchanged.
   *
   * @throws ArgumentError {@code Invalid argument(s) (other): Must not be null}
   */
  public static Builder from(ZoneSpecification other) {
    Checks.notNull(other, "other");
    Builder b = new Builder();
    b.handleUncaughtError = other.handleUncaughtError;
    b.run = other.run;
    b.runUnary = other.runUnary;
    b.runBinary = other.runBinary;
    b.registerCallback = other.registerCallback;
    b.registerUnaryCallback = other.registerUnaryCallback;
    b.registerBinaryCallback = other.registerBinaryCallback;
    b.errorCallback = other.errorCallback;
    b.scheduleMicrotask = other.scheduleMicrotask;
    b.createTimer = other.createTimer;
    b.createPeriodicTimer = other.createPeriodicTimer;
    b.print = other.print;
    b.fork = other.fork;
    return b;
  }

  /** The uncaught-error handler, or null. A zone with one is an error zone. */
  public HandleUncaughtErrorHandler handleUncaughtError() {
    return handleUncaughtError;
  }

  /** The run handler, or null. */
  public RunHandler run() {
    return run;
  }

  /** The runUnary handler, or null. */
  public RunUnaryHandler runUnary() {
    return runUnary;
  }

  /** The runBinary handler, or null. */
  public RunBinaryHandler runBinary() {
    return runBinary;
  }

  /** The registerCallback handler, or null. */
  public RegisterCallbackHandler registerCallback() {
    return registerCallback;
  }

  /** The registerUnaryCallback handler, or null. */
  public RegisterUnaryCallbackHandler registerUnaryCallback() {
    return registerUnaryCallback;
  }

  /** The registerBinaryCallback handler, or null. */
  public RegisterBinaryCallbackHandler registerBinaryCallback() {
    return registerBinaryCallback;
  }

  /** The errorCallback handler, or null. */
  public ErrorCallbackHandler errorCallback() {
    return errorCallback;
  }

  /** The scheduleMicrotask handler, or null. */
  public ScheduleMicrotaskHandler scheduleMicrotask() {
    return scheduleMicrotask;
  }

  /** The createTimer handler, or null. */
  public CreateTimerHandler createTimer() {
    return createTimer;
  }

  /** The createPeriodicTimer handler, or null. */
  public CreatePeriodicTimerHandler createPeriodicTimer() {
    return createPeriodicTimer;
  }

  /** The print handler, or null. */
  public PrintHandler print() {
    return print;
  }

  /** The fork handler, or null. */
  public ForkHandler fork() {
    return fork;
  }

  /**
   * Collects handlers for a {@link ZoneSpecification}. Each method sets one handler (null removes
   * it) and returns this builder. Not thread-safe; {@link #build()} may be called more than once.
   */
  public static final class Builder {
    private HandleUncaughtErrorHandler handleUncaughtError;
    private RunHandler run;
    private RunUnaryHandler runUnary;
    private RunBinaryHandler runBinary;
    private RegisterCallbackHandler registerCallback;
    private RegisterUnaryCallbackHandler registerUnaryCallback;
    private RegisterBinaryCallbackHandler registerBinaryCallback;
    private ErrorCallbackHandler errorCallback;
    private ScheduleMicrotaskHandler scheduleMicrotask;
    private CreateTimerHandler createTimer;
    private CreatePeriodicTimerHandler createPeriodicTimer;
    private PrintHandler print;
    private ForkHandler fork;

    private Builder() {}

    /** Sets the uncaught-error handler; see {@link HandleUncaughtErrorHandler}. */
    public Builder handleUncaughtError(HandleUncaughtErrorHandler handler) {
      this.handleUncaughtError = handler;
      return this;
    }

    /** Sets the run handler; see {@link RunHandler}. */
    public Builder run(RunHandler handler) {
      this.run = handler;
      return this;
    }

    /** Sets the runUnary handler; see {@link RunUnaryHandler}. */
    public Builder runUnary(RunUnaryHandler handler) {
      this.runUnary = handler;
      return this;
    }

    /** Sets the runBinary handler; see {@link RunBinaryHandler}. */
    public Builder runBinary(RunBinaryHandler handler) {
      this.runBinary = handler;
      return this;
    }

    /** Sets the registerCallback handler; see {@link RegisterCallbackHandler}. */
    public Builder registerCallback(RegisterCallbackHandler handler) {
      this.registerCallback = handler;
      return this;
    }

    /** Sets the registerUnaryCallback handler; see {@link RegisterUnaryCallbackHandler}. */
    public Builder registerUnaryCallback(RegisterUnaryCallbackHandler handler) {
      this.registerUnaryCallback = handler;
      return this;
    }

    /** Sets the registerBinaryCallback handler; see {@link RegisterBinaryCallbackHandler}. */
    public Builder registerBinaryCallback(RegisterBinaryCallbackHandler handler) {
      this.registerBinaryCallback = handler;
      return this;
    }

    /** Sets the errorCallback handler; see {@link ErrorCallbackHandler}. */
    public Builder errorCallback(ErrorCallbackHandler handler) {
      this.errorCallback = handler;
      return this;
    }

    /** Sets the scheduleMicrotask handler; see {@link ScheduleMicrotaskHandler}. */
    public Builder scheduleMicrotask(ScheduleMicrotaskHandler handler) {
      this.scheduleMicrotask = handler;
      return this;
    }

    /** Sets the createTimer handler; see {@link CreateTimerHandler}. */
    public Builder createTimer(CreateTimerHandler handler) {
      this.createTimer = handler;
      return this;
    }

    /** Sets the createPeriodicTimer handler; see {@link CreatePeriodicTimerHandler}. */
    public Builder createPeriodicTimer(CreatePeriodicTimerHandler handler) {
      this.createPeriodicTimer = handler;
      return this;
    }

    /** Sets the print handler; see {@link PrintHandler}. */
    public Builder print(PrintHandler handler) {
      this.print = handler;
      return this;
    }

    /** Sets the fork handler; see {@link ForkHandler}. */
    public Builder fork(ForkHandler handler) {
      this.fork = handler;
      return this;
    }

    /** A specification with the handlers set so far. */
    public ZoneSpecification build() {
      return new ZoneSpecification(this);
    }
  }
}
