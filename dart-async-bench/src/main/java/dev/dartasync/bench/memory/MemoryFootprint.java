package dev.dartasync.bench.memory;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.asyncStar;
import static dev.dartasync.Dart.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dartasync.AsyncStarSink;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.StreamSubscription;
import dev.dartasync.bench.BenchCarrier;
import dev.dartasync.bench.kotlin.KotlinPeers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * Row 11, memory: heap bytes per suspended unit, 1 M units parked at once, each kind in a fresh JVM.
 *
 * <ul>
 *   <li><b>dart-async</b>: 1 M {@code async(() -> await(completer.future()))} bodies, each parked on
 *       its own pending future (the Completers kept in an array), on the default carrier; the same
 *       on the flag-free carrier as <b>dart-async-flag-free</b>, in a JVM with that carrier's
 *       flag (and without {@code --add-opens});
 *   <li><b>Kotlin</b>: 1 M coroutines in runBlocking, each suspended in {@code await()} on its own
 *       {@code CompletableDeferred};
 *   <li><b>virtual threads</b>: 1 M default virtual threads parked on one CountDownLatch;
 *   <li><b>dart-async-subscription</b>: 1 M open subscriptions, each a default {@code
 *       StreamController} with one listener (one shared no-op callback) and no event: controller
 *       and subscription counted;
 *   <li><b>dart-async-generator</b>: 1 M {@code async*} generators, each listened to, paused at
 *       once, and so held at its first {@code yield} (its value buffered in the paused
 *       subscription): generator body, controller and subscription counted.
 * </ul>
 *
 * Bytes per unit = (used heap with all units parked - used heap before), each after three {@code
 * System.gc()}, divided by the count, after a warm-up round of 200,000 units parked and released
 * (so that the frames on the parked stacks are compiled ones, as in a program that runs for a while). The array that holds the units is allocated before the
 * baseline, so it is not counted. The JDK's default {@code jdk.trackAllThreads=true} registers
 * every virtual thread in a container (which costs heap); the two thread-based kinds are also
 * measured with it off, the setting the README recommends for programs that abandon awaits.
 *
 * <p>A kind of ours names its carrier: its child JVM gets that carrier's flags ({@link
 * BenchCarrier#jvmFlags}) and checks, before parking anything, that the library runs it. Where the
 * library refuses the carrier (the default one, where the JDK's internal constructor it needs
 * cannot be reached), the child says so and the kind's result is {@code "unavailable"}, and the
 * JSON's {@code unavailableCarriers} gives the library's reason: the report shows that carrier's
 * lines, here and in the JMH rows, as "not available". Any other kind runs with {@code
 * --add-opens} and touches no carrier.
 *
 * <p>The same child JVMs give row 10's heap figure, bytes allocated per copied element by one
 * message copy (kinds {@code copy-*}, see {@link CopyAllocation}; {@code --count} does not apply).
 *
 * <p>Usage: {@code MemoryFootprint [--out results/memory.json] [--count N] [--xmx 8g] [--only
 * id,id]} runs every kind (or those listed) in a child JVM and writes the JSON that {@code Report}
 * reads.
 */
public final class MemoryFootprint {

  private MemoryFootprint() {}

  static final int DEFAULT_COUNT = 1_000_000;

  /**
   * A kind of unit to park, and extra flags for its JVM; {@code carrier} is the carrier a kind of
   * ours claims (its JVM gets that carrier's flags and checks it), or null for a peer's kind.
   */
  record Kind(String id, String label, String how, List<String> jvmFlags, BenchCarrier carrier) {

    Kind(String id, String label, String how, List<String> jvmFlags) {
      this(id, label, how, jvmFlags, null);
    }

    /** The kind's JVM flags: its carrier's (else {@code --add-opens}), then its own. */
    List<String> allJvmFlags() {
      List<String> all =
          new ArrayList<>(carrier == null ? List.of(PEER_FLAGS) : carrier.jvmFlags);
      all.addAll(jvmFlags);
      return all;
    }
  }

  /** A peer's kind runs as it always has, with the flag (which no peer needs). */
  static final String PEER_FLAGS = "--add-opens=java.base/java.lang=ALL-UNNAMED";

  /** The bodies parked by the kinds {@code dart-async}, one per carrier. */
  static final String BODIES_HOW = "async(() -> await(completer.future())), pending";

  static final List<Kind> KINDS =
      List.of(
          new Kind(
              "dart-async", BenchCarrier.VTHREAD.label(), BODIES_HOW, List.of(), BenchCarrier.VTHREAD),
          new Kind(
              "dart-async-flag-free",
              BenchCarrier.FLAG_FREE.label(),
              BODIES_HOW,
              List.of(),
              BenchCarrier.FLAG_FREE),
          new Kind(
              "kotlin",
              "Kotlin coroutines",
              "launch { deferred.await() } in runBlocking, pending",
              List.of()),
          new Kind(
              "virtual-threads",
              "JDK virtual threads",
              "Thread.ofVirtual().start(latch::await), default scheduler",
              List.of()),
          new Kind(
              "dart-async-untracked",
              "dart-async (vthread), -Djdk.trackAllThreads=false",
              "as dart-async",
              List.of("-Djdk.trackAllThreads=false"),
              BenchCarrier.VTHREAD),
          new Kind(
              "virtual-threads-untracked",
              "JDK virtual threads, -Djdk.trackAllThreads=false",
              "as virtual threads",
              List.of("-Djdk.trackAllThreads=false")),
          new Kind(
              "dart-async-subscription",
              "dart-async (vthread), open subscription",
              "new StreamController<>().stream().listen(noOp), no event",
              List.of(),
              BenchCarrier.VTHREAD),
          new Kind(
              "dart-async-generator",
              "dart-async (vthread), paused async* generator",
              "asyncStar(sink -> sink.yield(..)).listen(noOp), paused, held at its first yield",
              List.of(),
              BenchCarrier.VTHREAD));

  /** Every kind the probe runs: the parked units above, then the message copies of row 10. */
  static final List<Kind> ALL_KINDS =
      java.util.stream.Stream.concat(KINDS.stream(), CopyAllocation.KINDS.stream()).toList();

  public static void main(String[] args) throws Exception {
    String out = "results/memory.json";
    int count = DEFAULT_COUNT;
    String xmx = "8g";
    String child = null;
    List<String> only = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--out" -> out = args[++i];
        case "--count" -> count = Integer.parseInt(args[++i]);
        case "--xmx" -> xmx = args[++i];
        case "--child" -> child = args[++i];
        case "--only" -> only = List.of(args[++i].split(","));
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    if (child != null) {
      measure(child, count);
      throw new AssertionError("measure() halts the JVM");
    }
    List<Kind> kinds = ALL_KINDS;
    if (only != null) {
      List<String> ids = only;
      kinds = ALL_KINDS.stream().filter(k -> ids.contains(k.id())).toList();
      if (kinds.size() != ids.size()) {
        throw new IllegalArgumentException(
            "--only " + ids + ": the kinds are " + ALL_KINDS.stream().map(Kind::id).toList());
      }
    }
    runAll(Path.of(out), count, xmx, kinds);
  }

  private static void runAll(Path out, int count, String xmx, List<Kind> kinds)
      throws Exception {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = json.createObjectNode();
    root.put("count", count);
    root.put("xmx", xmx);
    root.put("jdk", Runtime.version().toString());
    root.put("vm", System.getProperty("java.vm.name"));
    root.put("cores", Runtime.getRuntime().availableProcessors());
    ArrayNode results = root.putArray("results");
    ObjectNode unavailable = root.putObject("unavailableCarriers");
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (Kind kind : kinds) {
      List<String> cmd = new ArrayList<>();
      cmd.add(java);
      cmd.add("-Xmx" + xmx);
      cmd.addAll(kind.allJvmFlags());
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add(MemoryFootprint.class.getName());
      cmd.add("--child");
      cmd.add(kind.id());
      cmd.add("--count");
      cmd.add(Integer.toString(count));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String result = null;
      String refused = null;
      StringBuilder log = new StringBuilder();
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (line.startsWith("RESULT ")) {
            result = line;
          } else if (line.startsWith(UNAVAILABLE)) {
            refused = line.substring(UNAVAILABLE.length());
          } else {
            log.append(line).append('\n');
          }
        }
      }
      int exit = p.waitFor();
      ObjectNode node = results.addObject();
      node.put("id", kind.id());
      node.put("label", kind.label());
      node.put("how", kind.how());
      if (kind.carrier() != null) {
        node.put("carrier", kind.carrier().value);
      }
      ArrayNode flags = node.putArray("jvmFlags");
      kind.allJvmFlags().forEach(flags::add);
      if (exit == 0 && refused != null) {
        node.put("unavailable", refused);
        unavailable.put(kind.carrier().value, refused);
        System.out.printf("memory %-26s not available: %s%n", kind.id(), refused);
        continue;
      }
      if (exit != 0 || result == null) {
        node.put("error", "child JVM exited with " + exit + ": " + log.toString().strip());
        System.err.printf("memory %-26s FAILED (exit %d)%n%s", kind.id(), exit, log);
        continue;
      }
      String[] parts = result.split(" ");
      long baseline = Long.parseLong(parts[1]);
      long parked = Long.parseLong(parts[2]);
      long units = Long.parseLong(parts[4]);
      double perUnit = (double) (parked - baseline) / units;
      // For a copy kind: bytes allocated in total before and after the copy, and its elements.
      node.put("baselineBytes", baseline);
      node.put("parkedBytes", parked);
      node.put("units", units);
      node.put("bytesPerUnit", perUnit);
      node.put("millis", Long.parseLong(parts[3]));
      System.out.printf(
          "memory %-26s %,8.2f bytes per %s (%,d units, %s ms)%n",
          kind.id(),
          perUnit,
          kind.id().startsWith(CopyAllocation.PREFIX) ? "copied element" : "parked unit",
          units,
          parts[3]);
    }
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    json.writeValue(out.toFile(), root);
  }

  /**
   * In the child JVM: parks {@code count} units, measures, prints one line for the parent and halts
   * the JVM at once. Waking a million parked units takes far longer than parking them (a
   * CountDownLatch wakes its waiters one after another), and the figure is already known.
   */
  static void measure(String kind, int count) throws Exception {
    if (kind.startsWith(CopyAllocation.PREFIX)) {
      CopyAllocation.measure(kind);
      return;
    }
    Kind k = KINDS.stream().filter(x -> x.id().equals(kind)).findFirst().orElseThrow();
    if (k.carrier() != null) {
      try {
        k.carrier().require();
      } catch (BenchCarrier.NotAvailable e) {
        System.out.println(UNAVAILABLE + e.reason.replace('\n', ' '));
        System.out.flush();
        Runtime.getRuntime().halt(0);
      }
    }
    long start = System.nanoTime();
    String base = kind.replace("-untracked", "").replace("-flag-free", "");
    // A parked unit's stack holds the frames it was parked in, and an interpreted frame is larger
    // than a compiled one. Parking and releasing WARM_UP units first lets the JIT compile that path,
    // so the figure is the steady state's and does not depend on when the JIT got there.
    park(base, WARM_UP, false, start);
    park(base, count, true, start);
  }

  static final int WARM_UP = 200_000;

  /** The line a child prints instead of a result when the library refuses its kind's carrier. */
  static final String UNAVAILABLE = "UNAVAILABLE ";

  /** Parks {@code count} units; then reports and halts, or (warm-up) releases them. */
  private static void park(String base, int count, boolean measure, long start) throws Exception {
    switch (base) {
      case "dart-async" -> {
        Object[] keep = new Object[count];
        Dart.run(
            () -> {
              long baseline = usedAfterGc();
              for (int i = 0; i < count; i++) {
                Completer<Integer> c = new Completer<>();
                keep[i] = c;
                async(() -> await(c.future()));
              }
              if (measure) {
                report(baseline, usedAfterGc(), start, keep);
              }
              for (Object c : keep) {
                @SuppressWarnings("unchecked")
                Completer<Integer> completer = (Completer<Integer>) c;
                completer.complete(0);
              }
            });
      }
      case "kotlin" -> {
        Object[] keep = new Object[count];
        long baseline = usedAfterGc();
        KotlinPeers.kotlinParkedCoroutines(
            count,
            keep,
            () -> {
              if (measure) {
                report(baseline, usedAfterGc(), start, keep);
              }
            });
      }
      case "virtual-threads" -> {
        Thread[] keep = new Thread[count];
        CountDownLatch latch = new CountDownLatch(1);
        long baseline = usedAfterGc();
        for (int i = 0; i < count; i++) {
          keep[i] =
              Thread.ofVirtual()
                  .start(
                      () -> {
                        try {
                          latch.await();
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                        }
                      });
        }
        for (Thread t : keep) {
          while (t.getState() != Thread.State.WAITING) {
            Thread.sleep(1);
          }
        }
        if (measure) {
          report(baseline, usedAfterGc(), start, keep);
        }
        latch.countDown();
        for (Thread t : keep) {
          t.join();
        }
      }
      case "dart-async-subscription" -> {
        Object[] keep = new Object[count];
        Consumer<Integer> noOp = v -> {};
        Dart.run(
            () -> {
              long baseline = usedAfterGc();
              for (int i = 0; i < count; i++) {
                StreamController<Integer> c = new StreamController<>();
                c.stream().listen(noOp);
                keep[i] = c;
              }
              if (measure) {
                report(baseline, usedAfterGc(), start, keep);
              }
              for (Object c : keep) {
                ((StreamController<?>) c).close();
              }
            });
      }
      case "dart-async-generator" -> {
        Object[] keep = new Object[count];
        Consumer<Integer> noOp = v -> {};
        Dart.run(
            () -> {
              long baseline = usedAfterGc();
              for (int i = 0; i < count; i++) {
                int value = i;
                StreamSubscription<Integer> sub =
                    asyncStar(
                            (AsyncStarSink<Integer> sink) -> {
                              sink.yield(value);
                              sink.yield(value + 1);
                            })
                        .listen(noOp);
                sub.pause();
                keep[i] = sub;
              }
              // The bodies start one microtask after listen; a timer runs after them all.
              await(DFuture.delayed(Duration.ZERO));
              if (measure) {
                report(baseline, usedAfterGc(), start, keep);
              }
              for (Object sub : keep) {
                ((StreamSubscription<?>) sub).cancel();
              }
            });
      }
      default -> throw new IllegalArgumentException("unknown kind: " + base);
    }
  }

  /** {@link #report(long, long, long, long, Object)}, one unit per element of {@code keepAlive}. */
  private static void report(long baseline, long parked, long start, Object[] keepAlive) {
    report(baseline, parked, start, keepAlive.length, keepAlive);
  }

  /**
   * Prints the line the parent parses (baseline bytes, bytes with the units, elapsed millis, the
   * number of units) and halts.
   */
  static void report(long baseline, long parked, long start, long units, Object keepAlive) {
    System.out.println(
        "RESULT "
            + baseline
            + " "
            + parked
            + " "
            + (System.nanoTime() - start) / 1_000_000
            + " "
            + units);
    System.out.flush();
    java.lang.ref.Reference.reachabilityFence(keepAlive);
    Runtime.getRuntime().halt(0);
  }

  static long usedAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
