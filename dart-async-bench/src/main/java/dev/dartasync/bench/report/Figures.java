package dev.dartasync.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one run: JMH's JSON result file and the memory probe's JSON, by key
 * ({@code Class.method} or {@code memory:<id>}), plus what the run says about itself. Times are
 * kept in nanoseconds per operation, whatever unit a benchmark reports in. A benchmark run in JMH's
 * sample mode also gives {@code Class.method:p0.50}, {@code :p0.90} and {@code :p0.99}, the
 * percentiles of its samples (its plain key is their mean).
 */
public final class Figures {

  /** A score, its error (JMH's 99.9% half-width; NaN if unknown) and its unit. */
  public record Figure(double score, double error, String unit) {}

  /** The percentiles of sample mode kept, by JMH's key in the JSON and the suffix they get here. */
  private static final Map<String, String> PERCENTILES =
      Map.of("50.0", ":p0.50", "90.0", ":p0.90", "99.0", ":p0.99");

  private static final String PACKAGE = "dev.dartasync.bench.";

  final Map<String, Figure> byKey = new LinkedHashMap<>();
  String jdkVersion = "?";
  String vmName = "?";
  String vmVersion = "?";
  String jmhVersion = "?";
  String jmhSettings = "";
  int memoryCount;
  String memoryJdk;
  final Map<String, String> memoryErrors = new LinkedHashMap<>();
  /**
   * The carriers the library refused in this run (by {@code dartasync.carrier} value), with its
   * reason, as the heap probe's children found out: their lines are "not available".
   */
  final Map<String, String> unavailableCarriers = new LinkedHashMap<>();

  public Figure get(String key) {
    return byKey.get(key);
  }

  static Figures load(Path jmhJson, Path memoryJson) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Figures f = new Figures();
    if (jmhJson != null && Files.exists(jmhJson)) {
      JsonNode root = json.readTree(jmhJson.toFile());
      for (JsonNode b : root) {
        String name = b.path("benchmark").asText();
        String key = name.startsWith(PACKAGE) ? name.substring(PACKAGE.length()) : name;
        JsonNode m = b.path("primaryMetric");
        String unit = m.path("scoreUnit").asText();
        double toNanos = nanosPer(unit);
        String kept = Double.isNaN(toNanos) ? unit : "ns/op";
        double scale = Double.isNaN(toNanos) ? 1 : toNanos;
        f.byKey.put(
            key,
            new Figure(
                number(m.path("score")) * scale, number(m.path("scoreError")) * scale, kept));
        if (b.path("mode").asText().equals("sample")) {
          JsonNode percentiles = m.path("scorePercentiles");
          PERCENTILES.forEach(
              (jmhKey, suffix) ->
                  f.byKey.put(
                      key + suffix,
                      new Figure(number(percentiles.path(jmhKey)) * scale, Double.NaN, kept)));
        }
        f.jdkVersion = b.path("jdkVersion").asText(f.jdkVersion);
        f.vmName = b.path("vmName").asText(f.vmName);
        f.vmVersion = b.path("vmVersion").asText(f.vmVersion);
        f.jmhVersion = b.path("jmhVersion").asText(f.jmhVersion);
        f.jmhSettings =
            String.format(
                "%d fork(s), %d warm-up iteration(s) of %s, %d measurement iteration(s) of %s",
                b.path("forks").asInt(),
                b.path("warmupIterations").asInt(),
                b.path("warmupTime").asText(),
                b.path("measurementIterations").asInt(),
                b.path("measurementTime").asText());
      }
    }
    if (memoryJson != null && Files.exists(memoryJson)) {
      JsonNode root = json.readTree(memoryJson.toFile());
      f.memoryCount = root.path("count").asInt();
      f.memoryJdk = root.path("jdk").asText(null);
      root.path("unavailableCarriers")
          .fields()
          .forEachRemaining(e -> f.unavailableCarriers.put(e.getKey(), e.getValue().asText()));
      for (JsonNode r : root.path("results")) {
        String key = "memory:" + r.path("id").asText();
        if (r.has("unavailable")) {
          continue; // its carrier is listed in unavailableCarriers
        }
        if (r.has("bytesPerUnit")) {
          f.byKey.put(key, new Figure(r.path("bytesPerUnit").asDouble(), Double.NaN, "bytes"));
        } else {
          f.memoryErrors.put(key, r.path("error").asText("no figure"));
        }
      }
    }
    return f;
  }

  /**
   * Nanoseconds in the time unit of a JMH score per operation ("ns/op", "us/op", "ms/op", "s/op"),
   * or NaN for another unit (a throughput, say), which is kept as it is.
   */
  static double nanosPer(String jmhUnit) {
    return switch (jmhUnit) {
      case "ns/op" -> 1;
      case "us/op" -> 1e3;
      case "ms/op" -> 1e6;
      case "s/op" -> 1e9;
      default -> Double.NaN;
    };
  }

  /** JMH writes "NaN" (a string) where it has no number, e.g. the error of a single iteration. */
  private static double number(JsonNode n) {
    if (n.isNumber()) {
      return n.asDouble();
    }
    try {
      return Double.parseDouble(n.asText());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
