package dev.dartasync.bench.report;

import dev.dartasync.bench.BenchCarrier;
import java.util.ArrayList;
import java.util.List;

/**
 * Every row of the benchmark table, as the issue lists them: what is measured, which benchmark
 * measures ours and each peer, the lecture's Dart figure where one exists, and the target. Rows
 * whose feature does not exist in core yet are declared with the feature they wait for, and render
 * as "pending". To add a measured row: write the JMH methods, then give the group its lines here.
 *
 * <p>Rows 1, 2, 8 and 11 measure ours under both carriers ({@link BenchCarrier}), one line each:
 * the default ({@code vthread}) in bold as "ours", the flag-free one listed first among the peers.
 */
public final class Catalog {
  private Catalog() {}

  /** Who wrote the implementation; decides the colour in the chart. */
  public enum Family {
    OURS("dart-async (ours)", "#0175C2"),
    KOTLIN("Kotlin coroutines", "#7F52FF"),
    JDK("JDK", "#E76F00"),
    VERTX("Vert.x 5", "#B8860B"),
    REACTOR("Reactor", "#4C9A2A");

    public final String label;
    public final String colour;

    Family(String label, String colour) {
      this.label = label;
      this.colour = colour;
    }
  }

  /**
   * One implementation of a measured line: {@code key} is the JMH benchmark
   * ({@code Class.method}, package {@code dev.dartasync.bench} left out, a nested class as {@code
   * Class.Nested.method}; for JMH's sample mode, {@code Class.method:p0.50} and {@code :p0.99} are
   * its median and 99th percentile) or {@code memory:<id>}. Its figure is the key's multiplied by
   * {@code times} (1 unless it was measured on a fraction of the work). {@code carrier} is the
   * {@code dartasync.carrier} value a line of ours was measured on, where the row measures each
   * carrier (else null): a carrier the library refused in this run shows as "not available".
   */
  public record Impl(
      Family family, String label, String how, String key, double times, String carrier) {

    public Impl(Family family, String label, String how, String key) {
      this(family, label, how, key, 1, null);
    }

    /** This implementation, its figure multiplied by {@code factor}. */
    public Impl times(double factor) {
      return new Impl(family, label, how, key, factor, carrier);
    }
  }

  /**
   * One measured figure, ours beside its peers; {@code unit} is "ns", "µs" or "ms" (a time, kept
   * in ns by {@link Figures}) or "bytes".
   */
  public record Line(String measured, String unit, String per, Impl ours, List<Impl> peers) {

    public boolean isTime() {
      return !unit.equals("bytes");
    }

    /** Base units (ns, or bytes) per unit of this line. */
    public double scale() {
      return switch (unit) {
        case "µs" -> 1e3;
        case "ms" -> 1e6;
        default -> 1;
      };
    }
  }

  /** A target of the issue, checked against the figures of one run. */
  public sealed interface Target permits VsPeer, Absolute, Pending {
    String text();
  }

  /**
   * Whose figure a target judges, {@code subject} of {@link VsPeer} and {@link Absolute}: the
   * line's bold one (ours on the default carrier), the best of the line's carriers that were
   * measured (this value), or the implementation of that key.
   */
  public static final String BEST_CARRIER = "best carrier";

  /**
   * The subject's figure (see {@link #BEST_CARRIER}; null: the line's own) at most {@code factor}
   * times the figure of {@code peerKey}, an implementation of the same line and run.
   */
  public record VsPeer(String text, int line, String subject, String peerKey, double factor)
      implements Target {

    /** Ours (the line's bold figure) against a peer. */
    public VsPeer(String text, int line, String peerKey, double factor) {
      this(text, line, null, peerKey, factor);
    }
  }

  /** The subject's figure (null: the line's own) at most a fixed limit, in the line's unit. */
  public record Absolute(String text, int line, String subject, double limit) implements Target {

    /** Ours (the line's bold figure) at most the limit. */
    public Absolute(String text, int line, double limit) {
      this(text, line, null, limit);
    }
  }

  /** A target of a row that is not measured yet. */
  public record Pending(String text) implements Target {}

  /**
   * A row of the issue. {@code pending} names the missing core feature (then {@code lines} is
   * empty and {@code plannedPeers} says what will be measured beside it), or is null.
   */
  public record Group(
      int number,
      String title,
      String what,
      List<Line> lines,
      String dart,
      List<Target> targets,
      String pending,
      List<String> plannedPeers) {

    public boolean isPending() {
      return pending != null;
    }
  }

  private static Impl ours(String how, String key) {
    return new Impl(Family.OURS, "dart-async (ours)", how, key);
  }

  /** Ours on a carrier, for the rows that measure each one. */
  private static Impl on(BenchCarrier carrier, String how, String key) {
    return new Impl(Family.OURS, carrier.label(), how, key, 1, carrier.value);
  }

  /**
   * The peers of a line measured on both carriers: ours on the flag-free carrier (the JMH key
   * {@code Class.FlagFree.method}, or the memory id {@code <id>-flag-free}), then the real peers.
   */
  private static List<Impl> withFlagFree(String defaultKey, Impl... peers) {
    String flagFree;
    if (defaultKey.startsWith("memory:")) {
      flagFree = defaultKey + "-flag-free";
    } else {
      int dot = defaultKey.indexOf('.');
      flagFree = defaultKey.substring(0, dot) + ".FlagFree" + defaultKey.substring(dot);
    }
    List<Impl> all = new ArrayList<>();
    all.add(
        on(
            BenchCarrier.FLAG_FREE,
            "as above, in JVMs without --add-opens (-Ddartasync.carrier=flag-free)",
            flagFree));
    all.addAll(List.of(peers));
    return List.copyOf(all);
  }

  /** What the rows that measure both carriers add to their description. */
  private static final String CARRIERS =
      " Ours is measured under each carrier (-Ddartasync.carrier), each in JVMs of its own:"
          + " vthread, the default (needs --add-opens java.base/java.lang=ALL-UNNAMED), and"
          + " flag-free (no flag); a carrier the library refused in this run is \"not available\".";

  private static Impl kotlin(String label, String how, String key) {
    return new Impl(Family.KOTLIN, label, how, key);
  }

  private static Impl jdk(String label, String how, String key) {
    return new Impl(Family.JDK, label, how, key);
  }

  private static Impl vertx(String label, String how, String key) {
    return new Impl(Family.VERTX, label, how, key);
  }

  private static Impl reactor(String label, String how, String key) {
    return new Impl(Family.REACTOR, label, how, key);
  }

  public static final List<Group> GROUPS =
      List.of(
          new Group(
              1,
              "await on a completed future, nothing else queued",
              "One async body awaits an already-completed future 100,000 times in a loop. Dart's"
                  + " rule is one microtask per such await; with nothing else queued, ours may skip"
                  + " the park because the order cannot differ."
                  + CARRIERS,
              List.of(
                  new Line(
                      "await on a completed future",
                      "ns",
                      "await",
                      on(
                          BenchCarrier.VTHREAD,
                          "await(done) in one async body; done = DFuture.sync(() -> 1), created once",
                          "AwaitCompletedBench.dartAsync"),
                      withFlagFree(
                          "AwaitCompletedBench.dartAsync",
                          kotlin(
                              "Kotlin yield()",
                              "yield() in runBlocking (really re-dispatches)",
                              "AwaitCompletedBench.kotlinYield"),
                          kotlin(
                              "Kotlin Deferred.await(), completed",
                              "await() on a completed CompletableDeferred in runBlocking (no suspension)",
                              "AwaitCompletedBench.kotlinAwaitCompletedDeferred"),
                          jdk(
                              "CompletableFuture.join(), virtual thread",
                              "join() on a completed CompletableFuture, on a default virtual thread",
                              "AwaitCompletedBench.completableFutureJoinOnVirtualThread"),
                          vertx(
                              "Vert.x Future.await()",
                              "Future.await() on a succeeded future in a VIRTUAL_THREAD verticle",
                              "AwaitCompletedBench.vertxAwaitOnVirtualThreadVerticle")))),
              null,
              List.of(
                  new VsPeer(
                      "await on a completed future within 2× of Kotlin's yield(), default carrier",
                      0,
                      "AwaitCompletedBench.kotlinYield",
                      2.0)),
              null,
              List.of()),
          new Group(
              2,
              "await ping-pong between two bodies",
              "Two bodies hand a value back and forth 50,000 times (100,000 hand-offs); every await"
                  + " really suspends."
                  + CARRIERS,
              List.of(
                  new Line(
                      "ping-pong hand-off",
                      "ns",
                      "hand-off",
                      on(
                          BenchCarrier.VTHREAD,
                          "two async bodies, each awaiting a Completer the other completes",
                          "PingPongBench.dartAsync"),
                      withFlagFree(
                          "PingPongBench.dartAsync",
                          kotlin(
                              "Kotlin rendezvous Channel",
                              "two coroutines in runBlocking, two rendezvous Channels",
                              "PingPongBench.kotlinRendezvousChannel"),
                          vertx(
                              "Vert.x Promise + await()",
                              "two virtual threads of a VIRTUAL_THREAD context, Promise + Future.await()",
                              "PingPongBench.vertxPromiseOnVirtualThreads")))),
              null,
              List.of(
                  new VsPeer(
                      "best carrier's ping-pong at most Kotlin's rendezvous Channel",
                      0,
                      BEST_CARRIER,
                      "PingPongBench.kotlinRendezvousChannel",
                      1.0),
                  new VsPeer(
                      "flag-free ping-pong within 3× the default carrier's",
                      0,
                      "PingPongBench.FlagFree.dartAsync",
                      "PingPongBench.dartAsync",
                      3.0)),
              null,
              List.of()),
          new Group(
              3,
              "then-chain of 10 stages on completed futures",
              "A chain of 10 transformations on an already-completed future, built and run 10,000"
                  + " times. Ours queues one microtask (then on a completed future), the other nine"
                  + " stages run synchronously when it runs; the peers run each stage as it is"
                  + " attached. Every stage's future escapes (to a JMH Blackhole) in every"
                  + " implementation, as futures do when a chain crosses method boundaries: written"
                  + " inline with nothing escaping, the JIT removes a CompletableFuture chain"
                  + " altogether (last line, for reference).",
              List.of(
                  new Line(
                      "then-chain stage",
                      "ns",
                      "stage",
                      ours(
                          "f = f.then(inc) ×10 from done; 100 chains, then one await of the last",
                          "ThenChainBench.dartAsyncThen"),
                      List.of(
                          jdk(
                              "CompletableFuture.thenApply",
                              "f = f.thenApply(inc) ×10 from completedFuture, join()",
                              "ThenChainBench.completableFutureThenApply"),
                          vertx(
                              "Vert.x Future.map",
                              "f = f.map(inc) ×10 from succeededFuture, result()",
                              "ThenChainBench.vertxFutureMap"),
                          reactor(
                              "Reactor Mono.map",
                              "m = m.map(inc) ×10 from Mono.just, subscribe(consumer)",
                              "ThenChainBench.reactorMonoMap"),
                          jdk(
                              "CompletableFuture, nothing escapes",
                              "completedFuture.thenApply(inc)…×10.join() inline: JIT-eliminated",
                              "ThenChainBench.completableFutureThenApplyNothingEscapes")))),
              null,
              List.of(
                  new VsPeer(
                      "then-chain per stage at most CompletableFuture's",
                      0,
                      "ThenChainBench.completableFutureThenApply",
                      1.0)),
              null,
              List.of()),
          new Group(
              4,
              "microtask throughput",
              "1,000,000 no-op tasks queued from the loop's own thread, then drained.",
              List.of(
                  new Line(
                      "queue and run a no-op task",
                      "ns",
                      "task",
                      ours(
                          "scheduleMicrotask(task) ×1 M in main, drained after it",
                          "MicrotaskBench.dartAsyncScheduleMicrotask"),
                      List.of(
                          jdk(
                              "SingleThreadExecutor",
                              "a task on Executors.newSingleThreadExecutor() executes ×1 M to it",
                              "MicrotaskBench.singleThreadExecutor"),
                          kotlin(
                              "Kotlin launch {}",
                              "launch {} ×1 M in runBlocking",
                              "MicrotaskBench.kotlinLaunchInRunBlocking"),
                          kotlin(
                              "Kotlin Dispatchers.Unconfined",
                              "launch(Dispatchers.Unconfined) ×1 M inside an unconfined coroutine (queued)",
                              "MicrotaskBench.kotlinUnconfinedLaunch")))),
              null,
              List.of(),
              null,
              List.of()),
          new Group(
              5,
              "timers",
              "100,000 timers created on the loop's own thread and fired. Staggered: delays of 1 to"
                  + " 10 ms, so the run lasts at least about 11 ms: a floor of about 110 ns per timer"
                  + " for every implementation.",
              List.of(
                  new Line(
                      "zero-duration timer",
                      "ns",
                      "timer",
                      ours(
                          "new Timer(Duration.ZERO, cb) ×100 k",
                          "TimerBench.dartAsyncZeroTimers"),
                      List.of(
                          jdk(
                              "ScheduledThreadPoolExecutor, 0 ms",
                              "schedule(cb, 0, ms) ×100 k from its own thread",
                              "TimerBench.scheduledThreadPoolZero"),
                          vertx(
                              "Vert.x runOnContext",
                              "runOnContext(cb) ×100 k on an event loop (setTimer refuses < 1 ms)",
                              "TimerBench.vertxRunOnContext"))),
                  new Line(
                      "staggered timer, 1-10 ms",
                      "ns",
                      "timer",
                      ours(
                          "new Timer(1..10 ms, cb) ×100 k",
                          "TimerBench.dartAsyncStaggeredTimers"),
                      List.of(
                          jdk(
                              "ScheduledThreadPoolExecutor",
                              "schedule(cb, 1..10 ms) ×100 k from its own thread",
                              "TimerBench.scheduledThreadPoolStaggered"),
                          vertx(
                              "Vert.x setTimer",
                              "vertx.setTimer(1..10 ms, cb) ×100 k on an event loop",
                              "TimerBench.vertxSetTimerStaggered")))),
              null,
              List.of(),
              null,
              List.of()),
          new Group(
              6,
              "stream pipeline and broadcast fan-out",
              "1,000,000 events through a source, map(x -> x + 1), where (keeps the even half) and a"
                  + " summing listener; per source event. Ours is one Dart.run with Dart's default"
                  + " controller, the asynchronous one (each buffered event is delivered in its own"
                  + " microtask); the sync controller, which delivers inside add, is the second line."
                  + " Fan-out: 100,000 events to 10 listeners of one broadcast source; per event per"
                  + " listener.",
              List.of(
                  new Line(
                      "pipeline event, async controller",
                      "ns",
                      "event",
                      ours(
                          "new StreamController() -> map -> where -> listen; add ×1 M, close",
                          "StreamPipelineBench.dartAsyncController"),
                      List.of(
                          reactor(
                              "Reactor Flux map/filter",
                              "Flux.range(0, 1 M).map(..).filter(..).subscribe(consumer)",
                              "StreamPipelineBench.reactorFlux"),
                          kotlin(
                              "Kotlin Flow map/filter",
                              "(0 until 1 M).asFlow().map {}.filter {}.collect {} in runBlocking",
                              "StreamPipelineBench.kotlinFlow"),
                          jdk(
                              "java.util.stream (no async)",
                              "IntStream.range(0, 1 M).boxed().map(..).filter(..).forEach(..)",
                              "StreamPipelineBench.javaUtilStream"))),
                  new Line(
                      "pipeline event, sync controller",
                      "ns",
                      "event",
                      ours(
                          "StreamController.sync() -> map -> where -> listen; add ×1 M, close",
                          "StreamPipelineBench.dartSyncController"),
                      List.of(
                          reactor(
                              "Reactor Flux map/filter",
                              "as above",
                              "StreamPipelineBench.reactorFlux"))),
                  new Line(
                      "broadcast delivery, 10 listeners",
                      "ns",
                      "event per listener",
                      ours(
                          "StreamController.broadcast(), 10 × listen, add ×100 k, close",
                          "BroadcastFanOutBench.dartAsyncBroadcast"),
                      List.of(
                          reactor(
                              "Reactor publish()",
                              "Flux.range(0, 100 k).publish(), 10 × subscribe, connect()",
                              "BroadcastFanOutBench.reactorPublish")))),
              null,
              List.of(
                  new VsPeer(
                      "stream pipeline per event at most Reactor's",
                      0,
                      "StreamPipelineBench.reactorFlux",
                      1.0)),
              null,
              List.of()),
          new Group(
              7,
              "await-for over a buffered stream",
              "await for over a stream whose 1,000,000 elements are buffered before the loop starts;"
                  + " per element. Dart's await for pauses the subscription between elements, so"
                  + " each one is a resume, a microtask delivery and a park of the loop's body.",
              List.of(
                  new Line(
                      "await-for element",
                      "ns",
                      "element",
                      ours(
                          "awaitFor(ctrl.stream(), v -> ..) after add ×1 M and close",
                          "AwaitForBench.dartAsyncAwaitFor"),
                      List.of(
                          kotlin(
                              "Kotlin Flow.collect of a buffered Channel",
                              "Channel(UNLIMITED), trySend ×1 M, close, consumeAsFlow().collect {}",
                              "AwaitForBench.kotlinBufferedChannelFlow")))),
              null,
              List.of(),
              null,
              List.of()),
          new Group(
              8,
              "async* generator",
              "An async* generator yields 100,000 values, consumed one by one; per yield. Under"
                  + " await for, each yield is a real hand-off (the generator waits at its yield"
                  + " until the loop resumes it); under a plain listen, only the microtask that"
                  + " every yield costs."
                  + CARRIERS,
              List.of(
                  new Line(
                      "yield consumed by await for",
                      "ns",
                      "yield",
                      on(
                          BenchCarrier.VTHREAD,
                          "awaitFor(asyncStar(sink -> { for .. sink.yield(i); }), v -> ..)",
                          "AsyncStarBench.dartAsyncStarAwaitFor"),
                      withFlagFree(
                          "AsyncStarBench.dartAsyncStarAwaitFor",
                          kotlin(
                              "Kotlin flow { emit }",
                              "flow { for (..) emit(i) }.collect {} in runBlocking",
                              "AsyncStarBench.kotlinFlowEmit"),
                          reactor(
                              "Reactor Flux.generate",
                              "Flux.generate(state, (i, sink) -> sink.next(i)).subscribe(consumer)",
                              "AsyncStarBench.reactorFluxGenerate"))),
                  new Line(
                      "yield consumed by listen",
                      "ns",
                      "yield",
                      on(
                          BenchCarrier.VTHREAD,
                          "asyncStar(same body).listen(v -> ..)",
                          "AsyncStarBench.dartAsyncStarListen"),
                      withFlagFree(
                          "AsyncStarBench.dartAsyncStarListen",
                          kotlin(
                              "Kotlin flow { emit }",
                              "as above",
                              "AsyncStarBench.kotlinFlowEmit")))),
              null,
              List.of(
                  new VsPeer(
                      "async* yield consumed by await for within 2× of Kotlin's flow { emit },"
                          + " default carrier",
                      0,
                      "AsyncStarBench.kotlinFlowEmit",
                      2.0)),
              null,
              List.of()),
          new Group(
              9,
              "Isolate.run of an empty function",
              "One empty computation run on another thread and awaited, called from plain Java:"
                  + " one call per JMH invocation, in JMH's sample mode, which times the calls one"
                  + " by one; per call, the median, the 99th percentile and the mean. Ours starts a"
                  + " new isolate per call (it runs on a pooled platform thread and ends with its"
                  + " computation), inside a fresh Dart.run whose cost alone is the last line. Each"
                  + " peer hands the same computation to another thread and waits for its value.",
              List.of(
                  isolateRun("empty Isolate.run, median", ":p0.50", true),
                  isolateRun("empty Isolate.run, 99th percentile", ":p0.99", false),
                  isolateRun("empty Isolate.run, mean", "", false)),
              "0.2 ms (Empty Isolate.run(() => 0))",
              List.of(new Absolute("empty Isolate.run under 50 µs median (Dart: 0.2 ms)", 0, 50)),
              null,
              List.of()),
          new Group(
              10,
              "message copy",
              "A 10 M-element ArrayList<Integer> (0 .. 10 M-1) and a 10 MB byte[], copied once per"
                  + " operation. Ours: SendPort.send to a port of a fresh main isolate (the copy is"
                  + " made on the sender's thread before send returns; boxed integers are immutable,"
                  + " so they are shared and the list's copy holds the same references), and"
                  + " Isolate.run of a computation that captures the message (copy, new isolate,"
                  + " answer). Beside it, the physical floor and Java serialization written to a byte"
                  + " array and read back. Heap: bytes allocated by one copy (garbage included), per"
                  + " copied element, from the heap probe (JVM's allocated-bytes counter around one"
                  + " copy, after three). A TransferableTypedData is moved, not copied, so it has no row here (the example isolate-copy-cost times its send).",
              List.of(
                  new Line(
                      "SendPort.send of a 10 M List<Integer>",
                      "ms",
                      "copy",
                      ours(
                          "port.sendPort().send(list) in a fresh Dart.run",
                          "MessageCopyBench.dartAsyncSendList"),
                      List.of(
                          jdk(
                              "new ArrayList<>(list) (floor)",
                              "the same references in a new ArrayList: one array copy",
                              "MessageCopyBench.arrayListCopy"),
                          jdk(
                                  "Java serialization, 1 M ×10",
                                  "ObjectOutputStream to a byte array, read back, of a 1 M list,"
                                      + " ×10 (10 M directly took 13-29 s here: too slow for the"
                                      + " run; ×10 flatters it)",
                                  "MessageCopyBench.serializationTenthOfList")
                              .times(10))),
                  new Line(
                      "SendPort.send of a 10 MB byte[]",
                      "ms",
                      "copy",
                      ours(
                          "port.sendPort().send(bytes) in a fresh Dart.run",
                          "MessageCopyBench.dartAsyncSendBytes"),
                      List.of(
                          jdk(
                              "byte[].clone() (floor)",
                              "bytes.clone()",
                              "MessageCopyBench.byteArrayClone"),
                          jdk(
                              "Java serialization",
                              "ObjectOutputStream to a byte array, then ObjectInputStream back",
                              "MessageCopyBench.serializationBytes"))),
                  new Line(
                      "Isolate.run capturing the 10 M list",
                      "ms",
                      "run",
                      ours(
                          "Dart.run(() -> await(Isolate.run(() -> list.size())))",
                          "MessageCopyBench.dartAsyncIsolateRunList"),
                      List.of()),
                  new Line(
                      "Isolate.run capturing the 10 MB byte[]",
                      "ms",
                      "run",
                      ours(
                          "Dart.run(() -> await(Isolate.run(() -> bytes.length)))",
                          "MessageCopyBench.dartAsyncIsolateRunBytes"),
                      List.of()),
                  new Line(
                      "heap allocated by a copy of the List<Integer>",
                      "bytes",
                      "element",
                      ours("SendPort.send, as above", "memory:copy-list-send"),
                      List.of(
                          jdk(
                              "new ArrayList<>(list) (floor)",
                              "as above",
                              "memory:copy-list-arraylist"),
                          jdk(
                              "Java serialization",
                              "as above, 1 M list (per element: not scaled)",
                              "memory:copy-list-serialization"))),
                  new Line(
                      "heap allocated by a copy of the byte[]",
                      "bytes",
                      "byte",
                      ours("SendPort.send, as above", "memory:copy-bytes-send"),
                      List.of(
                          jdk("byte[].clone() (floor)", "as above", "memory:copy-bytes-clone"),
                          jdk(
                              "Java serialization", "as above", "memory:copy-bytes-serialization")))),
              "List<int> 10 M: 27.6 ms (Isolate.run), 27.7 ms (SendPort); Uint8List 10 MB: 1.8 ms"
                  + " (Isolate.run), 1.0 ms (SendPort), 1.0 ms (TransferableTypedData)",
              List.of(
                  new Absolute("copy 10 M List<Integer> under 15 ms (Dart: 27.6 ms)", 0, 15),
                  new Absolute("copy a 10 MB byte[] under 1 ms (Dart: 1.0-1.8 ms)", 1, 1)),
              null,
              List.of()),
          new Group(
              11,
              "memory",
              "Heap per suspended unit, 1 M units parked at once on pending futures, each kind in a"
                  + " fresh JVM: used heap after System.gc() ×3, minus the same before, after a"
                  + " warm-up round of 200,000 units parked and released (so that the parked stacks"
                  + " hold compiled frames, as in a program that has run for a while). The same probe"
                  + " counts 1 M open stream subscriptions and 1 M paused async* generators (on the"
                  + " default carrier)."
                  + CARRIERS,
              List.of(
                  new Line(
                      "heap per parked body",
                      "bytes",
                      "parked body",
                      on(
                          BenchCarrier.VTHREAD,
                          "async(() -> await(completer.future())), the completer included",
                          "memory:dart-async"),
                      withFlagFree(
                          "memory:dart-async",
                          kotlin(
                              "Kotlin coroutine",
                              "launch { deferred.await() } in runBlocking, the deferred included",
                              "memory:kotlin"),
                          jdk(
                              "JDK virtual thread",
                              "Thread.ofVirtual().start(latch::await), one shared latch",
                              "memory:virtual-threads"))),
                  new Line(
                      "heap per parked body, -Djdk.trackAllThreads=false",
                      "bytes",
                      "parked body",
                      on(
                          BenchCarrier.VTHREAD,
                          "as above, with the JVM flag the README recommends",
                          "memory:dart-async-untracked"),
                      List.of(
                          jdk(
                              "JDK virtual thread",
                              "as above, same flag",
                              "memory:virtual-threads-untracked"))),
                  new Line(
                      "heap per open subscription",
                      "bytes",
                      "subscription",
                      ours(
                          "new StreamController<>().stream().listen(noOp), no event; the controller"
                              + " included",
                          "memory:dart-async-subscription"),
                      List.of()),
                  new Line(
                      "heap per paused async* generator",
                      "bytes",
                      "generator",
                      ours(
                          "asyncStar(sink -> sink.yield(..)).listen(noOp), paused, held at its first"
                              + " yield; body, controller, subscription and buffered value included",
                          "memory:dart-async-generator"),
                      List.of())),
              null,
              List.of(
                  new Absolute("under 1 KB of heap per suspended body, default carrier", 0, 1024),
                  new Absolute(
                      "heap per suspended body at most 450 B on the best carrier",
                      0,
                      BEST_CARRIER,
                      450)),
              null,
              List.of()),
          new Group(
              12,
              "port round trip between two isolates",
              "A message to a worker on another thread and its echo back, 10,000 times one after"
                  + " another (one message in flight); per round trip. Ours: in one Dart.run, the"
                  + " main isolate spawns a worker isolate; each side's RawReceivePort handler sends"
                  + " the next message (a boxed integer, shared by the copy) to the other's SendPort."
                  + " The idle worker holds no thread: each message wakes it on a pooled platform"
                  + " thread. The spawn is spread over the rounds.",
              List.of(
                  new Line(
                      "port round trip",
                      "µs",
                      "round trip",
                      ours(
                          "main and a spawned isolate, RawReceivePort handlers echoing over SendPorts",
                          "PortRoundTripBench.dartAsync"),
                      List.of(
                          jdk(
                              "SynchronousQueue",
                              "put/take with a platform thread that takes and puts back, two queues",
                              "PortRoundTripBench.synchronousQueue"),
                          jdk(
                              "ArrayBlockingQueue",
                              "as SynchronousQueue, two ArrayBlockingQueue(16)",
                              "PortRoundTripBench.arrayBlockingQueue"),
                          kotlin(
                              "Kotlin Channel, two threads",
                              "two Channel(UNLIMITED) between coroutines on two single-thread"
                                  + " dispatchers",
                              "PortRoundTripBench.kotlinChannel")))),
              null,
              List.of(),
              null,
              List.of()));

  /**
   * A line of row 9: {@code statistic} is the key suffix of the figure (a percentile of JMH's
   * sample mode, or "" for its mean); {@code describe} gives each implementation's "how" in full
   * (else "as above").
   */
  private static Line isolateRun(String measured, String statistic, boolean describe) {
    String k = "IsolateRunBench.";
    return new Line(
        measured,
        "µs",
        "call",
        ours(
            describe ? "Dart.run(() -> await(Isolate.run(() -> 0)))" : "as above",
            k + "dartAsync" + statistic),
        List.of(
            jdk(
                "CompletableFuture.supplyAsync",
                describe ? "supplyAsync(() -> 0).join(), common ForkJoinPool" : "as above",
                k + "completableFutureSupplyAsync" + statistic),
            jdk(
                "virtual-thread executor",
                describe
                    ? "newVirtualThreadPerTaskExecutor().submit(() -> 0).get(), one executor"
                    : "as above",
                k + "virtualThreadExecutor" + statistic),
            kotlin(
                "Kotlin withContext(Default)",
                describe ? "runBlocking { withContext(Dispatchers.Default) { 0 } }" : "as above",
                k + "kotlinWithContextDefault" + statistic),
            vertx(
                "Vert.x executeBlocking",
                describe
                    ? "eventLoopContext.executeBlocking(() -> 0), joined from the caller"
                    : "as above",
                k + "vertxExecuteBlocking" + statistic),
            jdk(
                "platform thread start + join",
                describe
                    ? "Thread.ofPlatform().start(task).join(), a new thread per call"
                    : "as above",
                k + "platformThreadStartJoin" + statistic),
            new Impl(
                Family.OURS,
                "Dart.run alone (in ours)",
                describe ? "Dart.run(() -> 0): the entry each call of ours includes" : "as above",
                k + "dartAsyncEmptyDartRun" + statistic)));
  }
}
