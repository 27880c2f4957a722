package dev.dartasync.internal;

import dev.dartasync.StackTrace;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What other isolates can do to one isolate through its {@code Isolate} handle, and what it tells
 * them: its exit and error listeners, whether errors are fatal, its pauses, its kill. Dart sends
 * these as control messages to the isolate; here they are thread-safe calls, and whatever must run
 * on the isolate is posted as a control message ({@link EventLoop#postControl}).
 *
 * <p>Every isolate belongs to the group of the main isolate that (transitively) spawned it. When
 * the main isolate ends, so do all isolates of its group, as Dart's process ends with its main
 * isolate: nothing spawned outlives the {@code Dart.run} that started it.
 */
public final class IsolateImpl implements IsolateHooks {

  final EventLoop loop;
  public final String debugName;
  /** The isolates spawned under the same main isolate; shared by the group. */
  private final Group group;
  /** Whether this is the group's main isolate (its end ends them all). */
  private final boolean main;
  /** The isolate's control port: identifies it; messages sent to it are dropped. */
  public final Port controlPort;
  /** The public {@code Isolate} handle of this isolate, made once ({@code Isolate.current}). */
  public volatile Object handle;

  private volatile boolean errorsAreFatal;
  private final List<ExitListener> exitListeners = new CopyOnWriteArrayList<>();
  private final List<Port> errorListeners = new CopyOnWriteArrayList<>();
  /** Pauses by capability; guarded by {@code this}. */
  private final Map<Object, Integer> pauses = new HashMap<>();

  private record ExitListener(Port port, Object response) {}

  /**
   * The isolates spawned under one main isolate. {@link #ended} is set before the main isolate
   * kills the members it sees, and a spawner looks at it after adding: so each new member is
   * either seen (and killed) or kills itself.
   */
  private static final class Group {
    final Set<IsolateImpl> members = ConcurrentHashMap.newKeySet();
    volatile boolean ended;
  }

  private IsolateImpl(
      EventLoop loop, String debugName, Group group, boolean main, boolean fatal) {
    this.loop = loop;
    this.debugName = debugName;
    this.group = group;
    this.main = main;
    this.errorsAreFatal = fatal;
    this.controlPort = new Port(loop, null, "control port", false);
  }

  /** Sets the blocked-loop detector's threshold of this isolate ({@link BlockedLoopWatch}). */
  public void setBlockedLoopThreshold(java.time.Duration threshold) {
    BlockedLoopWatch.setThreshold(loop, threshold);
  }

  /** The isolate of {@code loop}: for the main isolate, made on first use. */
  public static IsolateImpl of(EventLoop loop) {
    IsolateImpl isolate = loop.isolate;
    if (isolate != null) {
      return isolate;
    }
    synchronized (loop) {
      if (loop.isolate == null) {
        IsolateImpl made =
            new IsolateImpl(loop, "main", new Group(), true, true);
        loop.setHooks(made);
        loop.isolate = made;
      }
      return loop.isolate;
    }
  }

  /** The calling isolate. */
  public static IsolateImpl current() {
    return of(EventLoop.require());
  }

  /**
   * Starts an isolate on the pool, a member of the calling isolate's group, whose first event runs
   * {@code entry} as an async body, and posts {@code ready} to the calling isolate. The message
   * must already be copied.
   */
  public static IsolateImpl spawn(
      Callable<?> entry,
      String debugName,
      boolean paused,
      boolean errorsAreFatal,
      Port onExit,
      Object onExitResponse,
      Port onError,
      Object pauseCapability,
      Runnable ready) {
    IsolateImpl parent = current();
    EventLoop child = EventLoop.pooled(IsolatePool.turns);
    IsolateImpl isolate =
        new IsolateImpl(
            child,
            debugName == null ? "isolate" : debugName,
            parent.group,
            false,
            errorsAreFatal);
    child.isolate = isolate;
    child.setHooks(isolate);
    if (onExit != null) {
      isolate.exitListeners.add(new ExitListener(onExit, onExitResponse));
    }
    if (onError != null) {
      isolate.errorListeners.add(onError);
    }
    if (paused) {
      isolate.pause(pauseCapability);
    }
    parent.group.members.add(isolate); // Before it starts: its end removes it.
    try {
      child.startPooled(() -> child.startBody(entry));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      parent.group.members.remove(isolate);
      throw new dev.dartasync.isolate.IsolateSpawnException(
          "Unable to spawn isolate: " + (e.getCause() != null ? e.getCause() : e));
    }
    if (parent.group.ended) {
      isolate.kill(true); // Its main isolate ended meanwhile.
    }
    // Dart completes the spawn future from an event of the spawner once the isolate exists (also
    // when it starts paused): posted now, it runs after the spawner's current event.
    parent.loop.post(ready);
    return isolate;
  }

  /**
   * {@code Isolate.exit}: checks that {@code message} is sendable, hands it to {@code port} without
   * a copy, and stops the calling isolate: no microtask, timer or event runs after it. The caller
   * is unwound by {@link IsolateStop}, an {@code Error}; in an async body it ends the body without
   * completing its future (so no listener runs) and the carrier then stops the isolate. The
   * unwinding runs the {@code finally} blocks on the way, which Dart does not: the alternative,
   * parking the body for good, would keep its thread and everything it holds reachable from the
   * JDK's thread container for the life of the JVM, once per {@code Isolate.run}.
   *
   * @throws dev.dartasync.ArgumentError if the message is not sendable; nothing happened then
   */
  public static void exit(Port port, Object message) {
    EventLoop loop = EventLoop.require();
    loop.exitIfStopping(); // A second exit (the first one swallowed) or a kill: no message.
    MessageCopy.check(message); // The same rules and errors as a send, without the copy.
    if (port != null) {
      port.deliver(message);
    }
    throw loop.stop();
  }

  /**
   * Whether {@code error} is the unwinding of {@link #exit} or of an immediate kill, or the calling
   * isolate is stopping anyway: what a catch must let pass.
   */
  public static boolean isExit(Throwable error) {
    return IsolateStop.isStop(error);
  }

  /** Rethrows {@code error} if {@link #isExit}; returns otherwise. */
  public static void rethrowIfExit(Throwable error) {
    IsolateStop.rethrowIfStop(error);
  }

  // ---- control -----------------------------------------------------------------------------

  public void setErrorsFatal(boolean fatal) {
    errorsAreFatal = fatal;
  }

  public void addOnExitListener(Port port, Object response) {
    if (!loop.isClosed()) {
      exitListeners.add(new ExitListener(port, response));
    }
  }

  public void removeOnExitListener(Port port) {
    exitListeners.removeIf(l -> l.port == port);
  }

  public void addErrorListener(Port port) {
    if (!loop.isClosed()) {
      errorListeners.add(port);
    }
  }

  public void removeErrorListener(Port port) {
    errorListeners.remove(port);
  }

  /**
   * Stops the isolate before its next event (after the one running now); with {@code immediate}
   * also at its next call into the library, and nothing it sends after this returns is delivered.
   */
  public void kill(boolean immediate) {
    loop.kill(immediate);
  }

  /** Sends {@code response} (already copied) to {@code port} before the isolate's next event. */
  public void ping(Port port, Object response) {
    loop.postControl(() -> port.deliver(response));
  }

  /** Holds the isolate's events back until resumed with the same capability. */
  public synchronized void pause(Object capability) {
    pauses.merge(capability, 1, Integer::sum);
    loop.setPaused(true);
  }

  /** Undoes one pause made with {@code capability}; no effect if it made none. */
  public synchronized void resume(Object capability) {
    if (pauses.computeIfPresent(capability, (c, count) -> count == 1 ? null : count - 1) == null
        && pauses.isEmpty()) {
      loop.setPaused(false);
    }
  }

  // ---- hooks (on the isolate's thread) ------------------------------------------------------

  @Override
  public boolean uncaughtError(EventLoop loop, Throwable error, StackTrace stackTrace) {
    boolean fatal = errorsAreFatal;
    if (errorListeners.isEmpty()) {
      if (!main || !fatal) {
        // Dart's command line prints what no listener takes; a fatal error of the main isolate
        // is printed (or rethrown) by Dart.runMain (Dart.run).
        DartText.printUnhandled(System.err, error, stackTrace);
      }
    } else {
      String stack = stackTrace == null ? null : stackTrace.toString();
      List<String> message = Arrays.asList(DartText.toDartString(error), stack);
      for (Port port : errorListeners) {
        port.deliver(message);
      }
    }
    return fatal;
  }

  @Override
  public void ended(EventLoop loop) {
    for (ExitListener listener : exitListeners) { // A snapshot: copy-on-write.
      listener.port.deliver(listener.response);
    }
    exitListeners.clear();
    errorListeners.clear();
    if (main) {
      group.ended = true;
      for (IsolateImpl member : group.members.toArray(IsolateImpl[]::new)) {
        member.kill(true); // As Dart's process ends: nothing of them runs after.
      }
    } else {
      group.members.remove(this);
    }
  }

  @Override
  public String toString() {
    return "isolate " + debugName;
  }
}
