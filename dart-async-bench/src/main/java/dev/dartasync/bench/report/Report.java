package dev.dartasync.bench.report;

import dev.dartasync.bench.BenchCarrier;
import dev.dartasync.bench.report.Catalog.Absolute;
import dev.dartasync.bench.report.Catalog.Family;
import dev.dartasync.bench.report.Catalog.Group;
import dev.dartasync.bench.report.Catalog.Impl;
import dev.dartasync.bench.report.Catalog.Line;
import dev.dartasync.bench.report.Catalog.Pending;
import dev.dartasync.bench.report.Catalog.Target;
import dev.dartasync.bench.report.Catalog.VsPeer;
import dev.dartasync.bench.report.Figures.Figure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes RESULTS.md and results.svg from one run's JMH JSON and memory JSON, following {@link
 * Catalog}: every figure beside its peers' figures from the same run, the ratio ours/peer, the
 * JDK, the core count, the lecture's Dart figure where one exists, and each target met or missed.
 *
 * <p>Usage: {@code Report --jmh results/jmh.json --memory results/memory.json --md RESULTS.md
 * --svg results.svg --mode short --jmh-options "-f 1 ..."}
 */
public final class Report {

  private final Figures figures;
  private final String mode;
  private final String jmhOptions;
  private final String svgName;
  /** When the figures were measured: the JMH result file's time (now, if there is none). */
  private final ZonedDateTime when;

  Report(Figures figures, String mode, String jmhOptions, String svgName, ZonedDateTime when) {
    this.figures = figures;
    this.mode = mode;
    this.jmhOptions = jmhOptions;
    this.svgName = svgName;
    this.when = when;
  }

  public static void main(String[] args) throws IOException {
    Path jmh = Path.of("results/jmh.json");
    Path memory = Path.of("results/memory.json");
    Path md = Path.of("RESULTS.md");
    Path svg = Path.of("results.svg");
    String mode = "?";
    String jmhOptions = "";
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--jmh" -> jmh = Path.of(args[++i]);
        case "--memory" -> memory = Path.of(args[++i]);
        case "--md" -> md = Path.of(args[++i]);
        case "--svg" -> svg = Path.of(args[++i]);
        case "--mode" -> mode = args[++i];
        case "--jmh-options" -> jmhOptions = args[++i];
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    Figures figures = Figures.load(jmh, memory);
    ZonedDateTime when =
        Files.exists(jmh)
            ? Files.getLastModifiedTime(jmh).toInstant().atZone(ZoneOffset.UTC)
            : ZonedDateTime.now(ZoneOffset.UTC);
    Report report = new Report(figures, mode, jmhOptions, svg.getFileName().toString(), when);
    Files.writeString(md, report.markdown(), StandardCharsets.UTF_8);
    Files.writeString(svg, new SvgChart(figures, report.runLabel()).render(), StandardCharsets.UTF_8);
    System.out.println("wrote " + md.toAbsolutePath().normalize());
    System.out.println("wrote " + svg.toAbsolutePath().normalize());
  }

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or not readable: the core count is still given.
    }
    return null;
  }

  String runLabel() {
    return String.format(
        "%s, %s mode, JDK %s, %d cores",
        when.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")),
        mode,
        figures.jdkVersion,
        cores());
  }

  // ---- formatting -----------------------------------------------------------------------------

  static String num(double v) {
    if (Double.isNaN(v)) {
      return "—";
    }
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  static String factor(double f) {
    return f == Math.rint(f) ? String.valueOf((long) f) : num(f);
  }

  static String ratio(double ours, double peer) {
    if (Double.isNaN(ours) || Double.isNaN(peer) || peer == 0) {
      return "—";
    }
    double r = ours / peer;
    return String.format(Locale.ROOT, r >= 9.995 ? "%.0f×" : "%.2f×", r);
  }

  /** {@code v}, in base units (ns, or bytes), shown in {@code line}'s unit. */
  static String withUnit(double v, Line line) {
    if (Double.isNaN(v)) {
      return "—";
    }
    return num(v / line.scale()) + (line.isTime() ? " " + line.unit() : " B");
  }

  /** The figure of {@code impl} in base units (ns, or bytes), NaN if this run lacks it. */
  double score(Impl impl) {
    Figure f = figures.get(impl.key());
    return f == null ? Double.NaN : f.score() * impl.times();
  }

  /** Whether {@code impl} is ours on a carrier that the library refused in this run. */
  boolean unavailable(Impl impl) {
    return impl.carrier() != null && figures.unavailableCarriers.containsKey(impl.carrier());
  }

  double error(Impl impl) {
    Figure f = figures.get(impl.key());
    return f == null ? Double.NaN : f.error() * impl.times();
  }

  // ---- targets ----------------------------------------------------------------------------------

  /** A target's verdict: the figures it compares and whether it was met. */
  record Verdict(String ours, String limit, String result) {}

  /** The figure a target judges and, for the best carrier, which one it was. */
  record Subject(double score, String note) {}

  /** {@code key}'s implementation in {@code line}: its bold one or one of its peers. */
  static Impl find(Line line, String key) {
    if (line.ours().key().equals(key)) {
      return line.ours();
    }
    return line.peers().stream().filter(i -> i.key().equals(key)).findFirst().orElseThrow();
  }

  /**
   * The subject of a target (see {@link Catalog#BEST_CARRIER}): for the best carrier, the lowest
   * figure of the line's carriers measured in this run, and a note naming it and any carrier
   * that was not measured.
   */
  Subject subject(Line line, String subject) {
    if (subject == null) {
      return new Subject(score(line.ours()), "");
    }
    if (!subject.equals(Catalog.BEST_CARRIER)) {
      return new Subject(score(find(line, subject)), "");
    }
    double best = Double.NaN;
    String bestCarrier = null;
    List<String> missing = new ArrayList<>();
    List<Impl> all = new ArrayList<>();
    all.add(line.ours());
    all.addAll(line.peers());
    for (Impl i : all) {
      if (i.carrier() == null) {
        continue;
      }
      double s = score(i);
      if (Double.isNaN(s)) {
        missing.add(i.carrier() + (unavailable(i) ? " not available" : " not measured"));
      } else if (Double.isNaN(best) || s < best) {
        best = s;
        bestCarrier = i.carrier();
      }
    }
    if (bestCarrier == null) {
      return new Subject(Double.NaN, "");
    }
    missing.add(0, bestCarrier);
    return new Subject(best, " (" + String.join("; ", missing) + ")");
  }

  Verdict verdict(Group g, Target t) {
    return switch (t) {
      case Pending p -> new Verdict("—", "—", "pending: needs " + g.pending());
      case VsPeer v -> {
        Line line = g.lines().get(v.line());
        Subject subject = subject(line, v.subject());
        double ours = subject.score();
        Impl peerImpl = find(line, v.peerKey());
        double peer = score(peerImpl);
        double limit = peer * v.factor();
        String limitText =
            (v.factor() == 1.0 ? "" : factor(v.factor()) + " × ")
                + peerImpl.label()
                + " "
                + withUnit(peer, line)
                + (v.factor() == 1.0 ? "" : " = " + withUnit(limit, line));
        yield new Verdict(withUnit(ours, line) + subject.note(), limitText, judge(ours, limit));
      }
      case Absolute a -> {
        Line line = g.lines().get(a.line());
        Subject subject = subject(line, a.subject());
        double ours = subject.score();
        double limit = a.limit() * line.scale();
        yield new Verdict(
            withUnit(ours, line) + subject.note(), withUnit(limit, line), judge(ours, limit));
      }
    };
  }

  static String judge(double ours, double limit) {
    if (Double.isNaN(ours) || Double.isNaN(limit)) {
      return "not measured in this run";
    }
    double r = ours / limit;
    if (ours <= limit) {
      return String.format(Locale.ROOT, "**met** (%.2f of the limit)", r);
    }
    return String.format(Locale.ROOT, "**missed** by %.0f%% (%.2f× the limit)", (r - 1) * 100, r);
  }

  // ---- Markdown ---------------------------------------------------------------------------------

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# dart-async benchmarks: results\n\n");
    md.append("Generated by `./run-benchmarks")
        .append(mode.equals("full") ? " --full" : " --short")
        .append("` (module `dart-async-bench`); do not edit by hand.\n\n");
    md.append("| run | |\n|---|---|\n");
    md.append("| date | ")
        .append(when.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")))
        .append(" |\n");
    md.append("| mode | ")
        .append(mode)
        .append(jmhOptions.isBlank() ? "" : " (JMH `" + jmhOptions + "`)")
        .append(" |\n");
    md.append("| JMH | ").append(figures.jmhVersion).append(", ").append(figures.jmhSettings).append(" |\n");
    md.append("| JDK | ")
        .append(figures.jdkVersion)
        .append(" (")
        .append(figures.vmName)
        .append(' ')
        .append(figures.vmVersion)
        .append(") |\n");
    md.append("| cores | ").append(cores());
    String cpu = cpuModel();
    if (cpu != null) {
      md.append(" (").append(cpu).append(')');
    }
    md.append(" |\n");
    md.append("| carriers (rows 1, 2, 8, 11) | ").append(carriersText()).append(" |\n\n");
    md.append(
        "Lower is better. Each table puts ours beside its peers from the same run; *ours / this*"
            + " below 1 means ours is faster (or smaller). *±* is JMH's 99.9% confidence half-width"
            + " (wide in short mode, which runs few iterations). Time figures are JMH's average"
            + " time per operation (row 9: the mean and percentiles of JMH's sample mode, which"
            + " times each call); the Dart figures are the lecture's (Dart 3.11.5, Apple M1 Pro),"
            + " another machine and another runtime.\n\n");
    md.append("![ours vs peers per benchmark](").append(svgName).append(")\n\n");

    md.append("## Targets\n\n");
    md.append("| row | target | ours | limit | result |\n|---|---|---:|---|---|\n");
    for (Group g : Catalog.GROUPS) {
      for (Target t : g.targets()) {
        Verdict v = verdict(g, t);
        md.append("| ")
            .append(g.number())
            .append(". ")
            .append(g.title())
            .append(" | ")
            .append(t.text())
            .append(" | ")
            .append(v.ours())
            .append(" | ")
            .append(v.limit())
            .append(" | ")
            .append(v.result())
            .append(" |\n");
      }
    }
    md.append('\n');

    for (Group g : Catalog.GROUPS) {
      md.append("## ").append(g.number()).append(". ").append(g.title()).append("\n\n");
      md.append(g.what()).append("\n\n");
      if (g.isPending()) {
        md.append("**pending: needs ").append(g.pending()).append("**. Peers to measure beside it: ");
        md.append(String.join("; ", g.plannedPeers())).append(".\n\n");
      } else {
        for (Line line : g.lines()) {
          md.append("**")
              .append(line.measured())
              .append("**, ")
              .append(line.unit())
              .append(" per ")
              .append(line.per())
              .append(":\n\n");
          md.append("| implementation | how | ")
              .append(line.unit())
              .append(" per ")
              .append(line.per())
              .append(" | ± | ours / this |\n");
          md.append("|---|---|---:|---:|---:|\n");
          double ours = score(line.ours());
          row(md, line, line.ours(), true, ours);
          for (Impl peer : line.peers()) {
            row(md, line, peer, false, ours);
          }
          md.append('\n');
        }
      }
      if (g.dart() != null) {
        md.append("Lecture's Dart figure: ").append(g.dart()).append(".\n\n");
      }
      for (Target t : g.targets()) {
        Verdict v = verdict(g, t);
        md.append("Target: ").append(t.text()).append(" — ");
        if (t instanceof Pending) {
          md.append("not measured yet.\n\n");
        } else {
          md.append("ours ").append(v.ours()).append(", limit ").append(v.limit()).append(": ");
          md.append(v.result()).append(".\n\n");
        }
      }
    }
    if (!figures.memoryErrors.isEmpty()) {
      md.append("## Failures in this run\n\n");
      figures.memoryErrors.forEach(
          (k, e) -> md.append("- `").append(k).append("`: ").append(e.replace('\n', ' ')).append('\n'));
      md.append('\n');
    }
    md.append("## How to read and reproduce\n\n");
    md.append(
        "`./run-benchmarks` (short, the default) or `./run-benchmarks --full` builds"
            + " `dart-async-bench/target/benchmarks.jar`, runs every JMH benchmark (JSON in"
            + " `dart-async-bench/results/jmh.json`), runs the heap probe `MemoryFootprint` in"
            + " fresh JVMs (heap per parked unit, and heap allocated per copied element;"
            + " `results/memory.json`), and writes this file and the chart. A carrier's lines"
            + " come from JVMs started with that carrier's flags (for flag-free, the JMH"
            + " classes' nested `FlagFree` and the probe's kind `dart-async-flag-free`), each"
            + " of which checks that the library runs the carrier it claims before measuring."
            + " One JMH"
            + " benchmark alone: `java -jar dart-async-bench/target/benchmarks.jar PingPongBench`."
            + " The sources of each implementation are in `dart-async-bench/src/main/java/dev/"
            + "dartasync/bench/` (Java, one class per row) and `src/main/kotlin/` (Kotlin peers).\n");
    return md.toString();
  }

  /**
   * The carriers of this run: each one's value and what chooses it, and for one the library
   * refused (the heap probe's children found out), "not available" and its reason.
   */
  String carriersText() {
    List<String> parts = new ArrayList<>();
    for (BenchCarrier c : BenchCarrier.values()) {
      String reason = figures.unavailableCarriers.get(c.value);
      parts.add(
          c.value
              + " ("
              + String.join(" ", c.jvmFlags)
              + ")"
              + (reason == null ? "" : ": **not available** in this run (" + reason + ")"));
    }
    return String.join("; ", parts);
  }

  private void row(StringBuilder md, Line line, Impl impl, boolean isOurs, double ours) {
    double s = score(impl);
    double e = error(impl);
    String figure =
        Double.isNaN(s) && unavailable(impl) ? "not available" : num(s / line.scale());
    md.append("| ")
        .append(isOurs ? "**" + impl.label() + "**" : impl.label())
        .append(" | ")
        .append(impl.how())
        .append(" | ")
        .append(isOurs ? "**" + figure + "**" : figure)
        .append(" | ")
        .append(num(e / line.scale()))
        .append(" | ")
        .append(impl.family() == Family.OURS ? "—" : ratio(ours, s))
        .append(" |\n");
  }
}
