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
 * ({@code Class.method} or {@code memory:<id>}), plus what the run says about itself.
 */
public final class Figures {

  /** A score, its error (JMH's 99.9% half-width; NaN if unknown) and JMH's unit. */
  public record Figure(double score, double error, String unit) {}

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
        f.byKey.put(
            key,
            new Figure(number(m.path("score")), number(m.path("scoreError")), m.path("scoreUnit").asText()));
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
      for (JsonNode r : root.path("results")) {
        String key = "memory:" + r.path("id").asText();
        if (r.has("bytesPerUnit")) {
          f.byKey.put(key, new Figure(r.path("bytesPerUnit").asDouble(), Double.NaN, "bytes"));
        } else {
          f.memoryErrors.put(key, r.path("error").asText("no figure"));
        }
      }
    }
    return f;
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
