package dev.dartasync.isolate;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamController;
import dev.dartasync.internal.Checks;
import dev.dartasync.internal.IsolateImpl;
import dev.dartasync.internal.MessageCopy;
import dev.dartasync.internal.SharedAcrossIsolates;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Dart's {@code Isolate}: a handle on an isolate, i.e. an event loop with its own queues and
 * timers, sharing no objects with other isolates; they talk by messages ({@link SendPort}).
 *
 * <p><b>Threads.</b> An isolate's code runs on one thread at a time (a platform thread under the
 * virtual-thread carrier, a virtual thread under the flag-free one: {@code Dart.carrier()}), taken
 * from a pool while it has something to run and given back when it waits, so an idle isolate holds
 * no thread and starting one costs microseconds. Under the virtual-thread carrier, CPU work in one
 * isolate never delays another isolate's timers; under the flag-free carrier, CPU work on as many
 * isolates as cores does (the JDK's scheduler does not preempt). The main isolate is the one {@code Dart.run} or {@code Dart.runMain} started, on the
 * calling thread; when it ends, every isolate spawned under it is killed, as Dart's process ends
 * with its main isolate.
 *
 * <p><b>Messages are copies</b> (see {@link SendPort#send}): made synchronously on the sender,
 * with Dart's rules; {@link #run}'s computation is a message too, with everything it captures.
 * Results of {@link #run} and messages of {@link #exit} are handed over without a copy.
 *
 * <p>A handle may be sent to other isolates; it stays the same object. Control methods ({@link
 * #kill}, {@link #pause}, {@link #ping}, listeners) may be called from any isolate.
 */
public final class Isolate implements SharedAcrossIsolates {

  /** Dart's {@code Isolate.immediate}: as soon as possible (here: before the next event). */
  public static final int IMMEDIATE = 0;

  /** Dart's {@code Isolate.beforeNextEvent}: after the current event, before the next. */
  public static final int BEFORE_NEXT_EVENT = 1;

  private final IsolateImpl impl;
  private final SendPort controlPort;
  private final Capability pauseCapability;
  private final Capability terminateCapability;

  private Isolate(IsolateImpl impl, Capability pause, Capability terminate) {
    this.impl = impl;
    this.controlPort = new SendPort(impl.controlPort);
    this.pauseCapability = pause;
    this.terminateCapability = terminate;
  }

  private static Isolate handleOf(IsolateImpl impl) {
    Object handle = impl.handle;
    if (handle == null) {
      synchronized (impl) {
        if (impl.handle == null) {
          impl.handle = new Isolate(impl, new Capability(), new Capability());
        }
        handle = impl.handle;
      }
    }
    return (Isolate) handle;
  }

  /**
   * Dart's {@code Isolate.current}: the calling isolate.
   *
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public static Isolate current() {
    return handleOf(IsolateImpl.current());
  }

  /** The port that identifies the isolate; messages sent to it are dropped. */
  public SendPort controlPort() {
    return controlPort;
  }

  /** The capability that {@link #pause(Capability)} and {@link #resume} accept for this isolate. */
  public Capability pauseCapability() {
    return pauseCapability;
  }

  /** The capability that allows {@link #kill}. */
  public Capability terminateCapability() {
    return terminateCapability;
  }

  /** The name given at spawn ({@code "main"} for the main isolate, else {@code "isolate"}). */
  public String debugName() {
    return impl.debugName;
  }

  // ---- run and compute --------------------------------------------------------------------

  /** {@link #run(Callable, String)} without a debug name. */
  public static <R> DFuture<R> run(Callable<R> computation) {
    return run(computation, null);
  }

  /**
   * Dart's {@code Isolate.run(computation, debugName:)}: runs {@code computation} in a new
   * isolate and completes the returned future with its result. The computation is copied into the
   * new isolate with everything it captures (see {@link SendPort#send} for what may be sent; a
   * lambda written in an instance method that uses a field captures {@code this}, and with it
   * everything {@code this} holds). It runs there as an async body: it may {@code await}, and if
   * it returns a {@link DFuture}, that is awaited there. Then the isolate ends.
   *
   * <p><b>Results and errors</b> arrive one microtask after the isolate's message (the returned
   * future is completed by an async completer):
   *
   * <ul>
   *   <li>the result, handed over without a copy;
   *   <li>an error the computation throws (or its future completes with): the original error
   *       object with its original stack trace;
   *   <li>an error uncaught in the new isolate (a failed future nobody listened to, a timer that
   *       threw) or a result that cannot be sent: a {@link RemoteError} with the error's text;
   *   <li>an isolate that ends without a result (its computation awaits a future that never
   *       completes, it calls {@link #exit()}, or it is killed): {@code RemoteError("Computation
   *       ended without result")};
   *   <li>a computation that cannot be sent (it captures a port, a future, a stream, a thread…):
   *       the {@code ArgumentError} of {@link SendPort#send}, with its retaining path. As in Dart,
   *       the returned future fails with it (nothing is started); {@code await} rethrows it.
   * </ul>
   *
   * <p>While the computation runs, the calling isolate is kept alive (Dart's result port).
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s) (computation): Must not be
   *     null}
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  @SuppressWarnings("unchecked")
  public static <R> DFuture<R> run(Callable<R> computation, String debugName) {
    Checks.notNull(computation, "computation");
    Completer<R> result = new Completer<>();
    RawReceivePort resultPort = new RawReceivePort(null, "Isolate.run result");
    resultPort.setHandler(
        response -> {
          resultPort.close();
          if (response == null) {
            result.completeError(
                new RemoteError("Computation ended without result", ""), StackTrace.empty());
          } else if (response instanceof RunOutcome.Value value) {
            result.complete((R) value.value());
          } else if (response instanceof RunOutcome.Failure failure) {
            result.completeError(failure.error(), failure.stackTrace());
          } else if (response instanceof List<?> remote) {
            RemoteError error = new RemoteError((String) remote.get(0), (String) remote.get(1));
            result.completeError(error, error.stackTrace());
          }
        });
    SendPort port = resultPort.sendPort();
    try {
      spawn(
              Isolate::remoteExecute,
              new RunOutcome.Runner<>(computation, port),
              SpawnOptions.defaults()
                  .onError(port)
                  .onExit(port)
                  .errorsAreFatal(true)
                  .debugName(debugName))
          .then(
              ignored -> null,
              (error, stack) -> {
                // Sending the computation failed: no answer will come.
                resultPort.close();
                result.completeError(error, stack);
                return null;
              });
    } catch (RuntimeException | Error e) {
      resultPort.close();
      throw e;
    }
    return result.future();
  }

  /** In the new isolate: runs the computation and exits with its outcome. */
  private static <R> void remoteExecute(RunOutcome.Runner<R> runner) {
    Object outcome;
    try {
      Object value = runner.computation().call();
      if (value instanceof DFuture<?> future) {
        value = Dart.await(future);
      }
      outcome = new RunOutcome.Value(value);
    } catch (Throwable e) {
      IsolateImpl.rethrowIfExit(e); // The computation called Isolate.exit: no result.
      outcome = new RunOutcome.Failure(e, StackTrace.of(e));
    }
    exit(runner.resultPort(), outcome);
  }

  /**
   * Flutter's {@code compute(callback, message)}: {@link #run} of {@code callback.call(message)}.
   * The callback and the message are copied into the new isolate; results and errors as {@link
   * #run}.
   */
  public static <M, R> DFuture<R> compute(ComputeCallback<M, R> callback, M message) {
    return compute(callback, message, null);
  }

  /** Flutter's {@code compute(callback, message, debugLabel:)}. */
  public static <M, R> DFuture<R> compute(
      ComputeCallback<M, R> callback, M message, String debugLabel) {
    Checks.notNull(callback, "callback");
    return run(() -> callback.call(message), debugLabel);
  }

  // ---- spawn and exit --------------------------------------------------------------------

  /** {@link #spawn(IsolateEntryPoint, Object, SpawnOptions)} with Dart's defaults. */
  public static <T> DFuture<Isolate> spawn(IsolateEntryPoint<T> entryPoint, T message) {
    return spawn(entryPoint, message, SpawnOptions.defaults());
  }

  /**
   * Dart's {@code Isolate.spawn(entryPoint, message, ...)}: starts a new isolate that calls
   * {@code entryPoint} with a copy of {@code message}, as an async body, in its first event. The
   * entry point (with what it captures) and the message are copied synchronously, now; the
   * returned future completes with the new isolate's handle once it has started (an event of the
   * calling isolate). An unsendable entry point or message fails the returned future with {@link
   * SendPort#send}'s {@code ArgumentError}, and nothing is started (Dart's {@code spawn} is an
   * async function, so it does not throw). If no thread can be had for it (the JVM cannot start
   * one), the future fails with {@code IsolateSpawnException: Unable to spawn isolate: …}.
   *
   * <p>The new isolate ends when it has nothing left to do and no open port; then {@code
   * options.onExit} gets its response. Uncaught errors go to {@code options.onError} as {@code
   * [error text, stack text]}; without an error port they are printed to standard error as Dart
   * prints them ({@code Unhandled exception:} …). With {@code errorsAreFatal} (the default) the
   * first one ends the isolate.
   *
   * @throws dev.dartasync.ArgumentError {@code Invalid argument(s) (entryPoint): Must not be null}
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public static <T> DFuture<Isolate> spawn(
      IsolateEntryPoint<T> entryPoint, T message, SpawnOptions options) {
    Checks.notNull(entryPoint, "entryPoint");
    Checks.notNull(options, "options");
    IsolateImpl.current(); // Fails outside an isolate, before anything else.
    Completer<Isolate> spawned = new Completer<>();
    Object copied;
    try {
      copied = MessageCopy.copy(new SpawnMessage<>(entryPoint, message));
    } catch (RuntimeException e) {
      spawned.completeError(e);
      return spawned.future();
    }
    @SuppressWarnings("unchecked")
    SpawnMessage<T> start = (SpawnMessage<T>) copied;
    Capability pause = new Capability();
    Capability terminate = new Capability();
    Isolate[] handle = new Isolate[1];
    IsolateImpl impl;
    try {
      impl =
        IsolateImpl.spawn(
            () -> {
              start.entryPoint().call(start.message());
              return null;
            },
            options.debugName,
            options.paused,
            options.errorsAreFatal,
            options.onExit == null ? null : options.onExit.port,
            options.onExitResponse,
            options.onError == null ? null : options.onError.port,
            pause,
            () -> spawned.complete(handle[0]));
    } catch (IsolateSpawnException e) {
      spawned.completeError(e);
      return spawned.future();
    }
    handle[0] = new Isolate(impl, pause, terminate);
    impl.handle = handle[0];
    return spawned.future();
  }

  /** The entry point and message of a spawn, copied together (so shared objects stay shared). */
  private record SpawnMessage<T>(IsolateEntryPoint<T> entryPoint, T message) {}

  /**
   * Dart's {@code Isolate.exit()}: ends the calling isolate at once, without a message. See
   * {@link #exit(SendPort, Object)}.
   */
  public static void exit() {
    IsolateImpl.exit(null, null);
  }

  /**
   * Dart's {@code Isolate.exit(finalMessagePort, message)}: sends {@code message} to {@code
   * finalMessagePort} <em>without copying it</em> (it is checked as a send is: an unsendable
   * message throws the same {@code ArgumentError}, and nothing happens), then ends the calling
   * isolate at once: no further microtask, timer or event runs, and the call never returns. The
   * caller (an async body or a callback) is unwound by a private {@code Error}, so its {@code
   * finally} blocks run on the way out, which Dart's do not; the async body's future is never
   * completed. No handler sees that {@code Error}: not a future's, a stream's or a zone's error
   * handler, nor {@code runZonedGuarded}'s {@code onError}, wherever the exit was called (a {@code
   * then} or {@code whenComplete} callback, a stream operator's function, a transformer's handler).
   * A {@code catch (Throwable)} or {@code catch (Error)} of yours does see it: let it pass with
   * {@link #rethrowIfExit}. If it does not, the isolate still does nothing more through the
   * library: its next call into it (a send, {@code await}, {@code print}, a timer, …) throws the
   * {@code Error} again, and what it sends is not delivered. Exit listeners get their message
   * after {@code message}.
   *
   * <p>The sender must not touch the message afterwards: the receiver owns it.
   *
   * @throws dev.dartasync.ArgumentError if the message holds an unsendable object
   * @throws IllegalStateException if the calling thread belongs to no isolate
   */
  public static void exit(SendPort finalMessagePort, Object message) {
    IsolateImpl.exit(finalMessagePort == null ? null : finalMessagePort.port, message);
  }

  /**
   * Whether {@code error}, caught by a {@code catch (Throwable)} or {@code catch (Error)} of yours,
   * is the calling isolate ending, which you must let pass: true for the private {@code Error} that
   * {@link #exit} (or an {@link #IMMEDIATE} {@link #kill}, at the isolate's next call into the
   * library) throws to unwind the isolate's code, and for anything caught while the calling
   * isolate is ending. Such a catch sees an {@code Error} (no stack trace) whose text is {@code
   * The isolate is ending (Isolate.exit or Isolate.kill): let this pass, see
   * Isolate.rethrowIfExit}. Swallowing it does not keep the isolate going: every later call into
   * the library throws it again, and nothing sent afterwards is delivered; only plain Java code
   * runs on until it returns.
   *
   * <pre>{@code
   * try {
   *   work();
   * } catch (Throwable t) {
   *   Isolate.rethrowIfExit(t);
   *   log(t);
   * }
   * }</pre>
   *
   * @return false on a thread of no isolate unless {@code error} is that {@code Error}
   */
  public static boolean isExit(Throwable error) {
    return IsolateImpl.isExit(error);
  }

  /**
   * Rethrows {@code error} if it is the calling isolate ending ({@link #isExit}); returns
   * otherwise. The first line of a {@code catch (Throwable)} in isolate code.
   */
  public static void rethrowIfExit(Throwable error) {
    IsolateImpl.rethrowIfExit(error);
  }

  // ---- control ----------------------------------------------------------------------------

  /**
   * Sets this isolate's blocked-loop threshold (not in Dart): when its code does not return to
   * its event loop within {@code threshold} (an event callback, an async body or a chain of
   * microtasks runs that long, and its timers and messages wait), one WARN is logged through
   * slf4j (logger {@code dev.dartasync.isolate.Isolate}) with the isolate's name, how long, and
   * the stack of the code that blocks it; when it returns, a second line gives the stall's whole
   * length. {@link Duration#ZERO} turns it off for this isolate.
   *
   * <p>The main isolate starts with the threshold of the system property {@code
   * dartasync.blockedLoopThreshold} (milliseconds, or {@code off}; 1000 ms if unset); spawned
   * isolates and {@link #run}'s start with none (blocking a worker isolate is what it is for).
   * Called on this isolate's own code, it takes effect at once; from another isolate or thread,
   * at this isolate's next event. A stall is reported between one and one and a quarter
   * thresholds after it began. It costs the isolate two plain stores and a volatile read per
   * event while set, one null check while not.
   *
   * @throws dev.dartasync.ArgumentError if {@code threshold} is null or negative
   */
  public void setBlockedLoopThreshold(Duration threshold) {
    Checks.notNull(threshold, "threshold");
    if (threshold.isNegative()) {
      throw ArgumentError.value(threshold, "threshold", "Must not be negative");
    }
    impl.setBlockedLoopThreshold(threshold);
  }

  /** {@link #kill(int)} with Dart's default, {@link #BEFORE_NEXT_EVENT}. */
  public void kill() {
    kill(BEFORE_NEXT_EVENT);
  }

  /**
   * Dart's {@code kill(priority:)}: ends the isolate; queued events, timers and microtasks are
   * dropped, and its exit listeners get their message when it has ended. Killing an ended isolate
   * does nothing. Returns at once, from any isolate; the kill itself happens on the killed isolate:
   *
   * <ul>
   *   <li>{@link #BEFORE_NEXT_EVENT}: after the event it is running now (with that event's
   *       microtasks), before its next event.
   *   <li>{@link #IMMEDIATE}: Java cannot stop running code, so the isolate ends at the first of:
   *       its next call into the library (a send, {@code await}, {@code print}, {@code
   *       scheduleMicrotask}, a new timer, {@code exit}), its next microtask, or the end of its
   *       running event. Nothing it sends through a port after this call returned is delivered (a
   *       send then throws, see below), and no handler of it runs after it stopped. The call into
   *       the library throws the isolate's end as {@link #exit()} does: a private {@code Error}
   *       that unwinds its code ({@code finally} blocks run; see {@link #isExit}). Its exit
   *       listeners hear of it once its code has unwound, not before: its thread may still be
   *       running it until then. A loop that never calls the library keeps its thread until it
   *       returns, also after {@code Dart.run} returned (Dart's immediate kill interrupts it).
   * </ul>
   */
  public void kill(int priority) {
    checkPriority(priority);
    impl.kill(priority == IMMEDIATE);
  }

  /**
   * Dart's {@code pause()}: pauses the isolate with a new capability, returned. A paused isolate
   * runs no events (messages, timers); control messages still work. Resume with {@link
   * #resume(Capability)}.
   */
  public Capability pause() {
    return pause(null);
  }

  /**
   * Dart's {@code pause([resumeCapability])}: each pause needs one resume with its capability,
   * which is returned; null (Dart's default) pauses with a new one, as {@link #pause()} does.
   */
  public Capability pause(Capability resumeCapability) {
    Capability capability = resumeCapability != null ? resumeCapability : new Capability();
    impl.pause(capability);
    return capability;
  }

  /** Dart's {@code resume(resumeCapability)}: undoes one pause made with it; else nothing. */
  public void resume(Capability resumeCapability) {
    Checks.notNull(resumeCapability, "resumeCapability");
    impl.resume(resumeCapability);
  }

  /** {@link #addOnExitListener(SendPort, Object)} with the response {@code null}. */
  public void addOnExitListener(SendPort responsePort) {
    addOnExitListener(responsePort, null);
  }

  /**
   * Dart's {@code addOnExitListener(responsePort, response:)}: when the isolate ends, {@code
   * response} (copied now) is sent to {@code responsePort} as the isolate's last message. No
   * message is sent if the isolate has already ended.
   */
  public void addOnExitListener(SendPort responsePort, Object response) {
    Checks.notNull(responsePort, "responsePort");
    impl.addOnExitListener(responsePort.port, MessageCopy.copy(response));
  }

  /** Dart's {@code removeOnExitListener(responsePort)}. */
  public void removeOnExitListener(SendPort responsePort) {
    Checks.notNull(responsePort, "responsePort");
    impl.removeOnExitListener(responsePort.port);
  }

  /**
   * Dart's {@code addErrorListener(port)}: each uncaught error of the isolate is sent to {@code
   * port} as a two-element list: the error's text and its stack trace's text (or null).
   */
  public void addErrorListener(SendPort port) {
    Checks.notNull(port, "port");
    impl.addErrorListener(port.port);
  }

  /** Dart's {@code removeErrorListener(port)}. */
  public void removeErrorListener(SendPort port) {
    Checks.notNull(port, "port");
    impl.removeErrorListener(port.port);
  }

  /** Dart's {@code setErrorsFatal(errorsAreFatal)}: whether the next uncaught error ends it. */
  public void setErrorsFatal(boolean errorsAreFatal) {
    impl.setErrorsFatal(errorsAreFatal);
  }

  /** {@link #ping(SendPort, Object, int)} with a null response, {@link #IMMEDIATE}. */
  public void ping(SendPort responsePort) {
    ping(responsePort, null, IMMEDIATE);
  }

  /**
   * Dart's {@code ping(responsePort, response:, priority:)}: the isolate sends {@code response}
   * (copied now) to {@code responsePort} before its next event, also while paused. A busy isolate
   * answers when its current event ends; an ended one never answers.
   */
  public void ping(SendPort responsePort, Object response, int priority) {
    Checks.notNull(responsePort, "responsePort");
    checkPriority(priority);
    impl.ping(responsePort.port, MessageCopy.copy(response));
  }

  /**
   * Dart's {@code errors}: a broadcast stream of the isolate's uncaught errors, each delivered as
   * an <em>error event</em> carrying a {@link RemoteError} (the stream has no data events), as
   * soon as the report arrives (a sync controller). Listening adds an error listener (a port of
   * the listening isolate, which it keeps alive while listened); cancelling removes it.
   */
  public DStream<Object> errors() {
    RawReceivePort[] port = new RawReceivePort[1];
    @SuppressWarnings("unchecked")
    StreamController<Object>[] controller = new StreamController[1];
    controller[0] =
        StreamController.broadcast(
            () -> {
              port[0] =
                  new RawReceivePort(
                      message -> {
                        List<?> pair = (List<?>) message;
                        RemoteError error =
                            new RemoteError((String) pair.get(0), (String) pair.get(1));
                        controller[0].addError(error, error.stackTrace());
                      },
                      "Isolate.errors");
              addErrorListener(port[0].sendPort());
            },
            () -> {
              removeErrorListener(port[0].sendPort());
              port[0].close();
            },
            true);
    return controller[0].stream();
  }

  private static void checkPriority(int priority) {
    if (priority != IMMEDIATE && priority != BEFORE_NEXT_EVENT) {
      throw new dev.dartasync.ArgumentError(
          "Invalid argument (priority): must be Isolate.IMMEDIATE or Isolate.BEFORE_NEXT_EVENT: "
              + priority);
    }
  }

  @Override
  public String toString() {
    return "Isolate(" + impl.debugName + ")";
  }
}
