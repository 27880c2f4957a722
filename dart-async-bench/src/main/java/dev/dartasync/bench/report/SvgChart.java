package dev.dartasync.bench.report;

import dev.dartasync.bench.report.Catalog.Family;
import dev.dartasync.bench.report.Catalog.Group;
import dev.dartasync.bench.report.Catalog.Impl;
import dev.dartasync.bench.report.Catalog.Line;
import dev.dartasync.bench.report.Figures.Figure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The results as a horizontal bar chart, hand-written SVG: per measured line, ours and each peer of
 * the same run, one section per kind of figure (nanosecond-scale times per operation; times of
 * microseconds and more, per call, copy or round trip; heap bytes), each on a log scale because
 * the figures span several decades. Pending rows are listed at the bottom.
 */
final class SvgChart {

  private static final int WIDTH = 980;
  private static final int LABEL_RIGHT = 318;
  private static final int X0 = 326;
  private static final int X1 = 830;
  private static final int BAR = 14;
  private static final int GAP = 4;
  private static final String FONT = "font-family=\"Helvetica, Arial, sans-serif\"";

  private final Figures figures;
  private final String runLabel;
  private final StringBuilder body = new StringBuilder();
  private int y;

  SvgChart(Figures figures, String runLabel) {
    this.figures = figures;
    this.runLabel = runLabel;
  }

  String render() {
    y = 28;
    text(16, y, "dart-async vs peers, per benchmark", 17, "#111", "bold", "start");
    y += 20;
    text(16, y, runLabel + ". Lower is better; log scales.", 12, "#555", "normal", "start");
    y += 22;
    legend();
    section(l -> l.unit().equals("ns"), "Time per operation");
    section(l -> l.isTime() && !l.unit().equals("ns"), "Time per call, copy or round trip");
    section(l -> !l.isTime(), "Heap per parked unit (1 M parked at once) or allocated per copied element");
    pending();
    y += 12;
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        + WIDTH
        + "\" height=\""
        + y
        + "\" viewBox=\"0 0 "
        + WIDTH
        + " "
        + y
        + "\" "
        + FONT
        + ">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        + body
        + "</svg>\n";
  }

  private void legend() {
    int x = 16;
    for (Family f : Family.values()) {
      body.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
              x,
              y - 10,
              f.colour));
      text(x + 17, y, f.label, 12, "#222", "normal", "start");
      x += 17 + f.label.length() * 7 + 22;
    }
    y += 18;
  }

  private void section(Predicate<Line> kind, String title) {
    List<Line> lines = new ArrayList<>();
    List<Group> owners = new ArrayList<>();
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Group g : Catalog.GROUPS) {
      for (Line l : g.lines()) {
        if (!kind.test(l)) {
          continue;
        }
        lines.add(l);
        owners.add(g);
        for (Impl i : impls(l)) {
          double s = score(i);
          if (s > 0) {
            min = Math.min(min, s);
            max = Math.max(max, s);
          }
        }
      }
    }
    if (lines.isEmpty()) {
      return;
    }
    boolean bytes = !lines.get(0).isTime();
    if (max == 0) {
      min = 1;
      max = 10;
    }
    double lo = Math.pow(10, Math.floor(Math.log10(min)));
    if (min < 2 * lo) {
      lo /= 10; // a figure on or just past a decade's line would get no visible bar
    }
    double hi = Math.pow(10, Math.ceil(Math.log10(max)));
    if (hi <= lo) {
      hi = lo * 10;
    }
    y += 24;
    text(16, y, title + " (log scale)", 14, "#111", "bold", "start");
    y += 18;
    // Decade labels on top of the section.
    for (double d = lo; d <= hi * 1.0001; d *= 10) {
      text((int) Math.round(x(d, lo, hi)), y, decade(d, bytes), 10, "#777", "normal", "middle");
    }
    y += 6;
    int gridTop = y;
    int gridAt = body.length(); // Grid lines go here, under the bars, once the height is known.
    for (int k = 0; k < lines.size(); k++) {
      Line l = lines.get(k);
      Group g = owners.get(k);
      y += 16;
      String head = g.number() + ". " + g.title();
      if (g.lines().size() > 1) {
        head += ": " + l.measured();
      }
      text(16, y, head + " (" + l.unit() + " per " + l.per() + ")", 12, "#111", "bold", "start");
      y += 6;
      double ours = score(l.ours());
      for (Impl i : impls(l)) {
        double s = score(i);
        int barTop = y;
        text(LABEL_RIGHT, barTop + BAR - 3, i.label(), 11, "#222", i.family() == Family.OURS ? "bold" : "normal", "end");
        if (Double.isNaN(s)) {
          boolean refused =
              i.carrier() != null && figures.unavailableCarriers.containsKey(i.carrier());
          text(
              X0 + 4,
              barTop + BAR - 3,
              refused ? "not available: carrier refused in this run" : "not measured in this run",
              11,
              refused ? "#777" : "#a00",
              "normal",
              "start");
        } else {
          double end = Math.max(X0 + 1, x(s, lo, hi));
          body.append(
              String.format(
                  Locale.ROOT,
                  "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                  X0,
                  barTop,
                  end - X0,
                  BAR,
                  colour(i)));
          String value = Report.withUnit(s, l);
          if (i.family() != Family.OURS) {
            value += "   ours/this " + Report.ratio(ours, s);
          }
          text((int) end + 5, barTop + BAR - 3, value, 11, "#222", "normal", "start");
        }
        y += BAR + GAP;
      }
    }
    int gridBottom = y;
    StringBuilder grid = new StringBuilder();
    for (double d = lo; d <= hi * 1.0001; d *= 10) {
      int gx = (int) Math.round(x(d, lo, hi));
      grid.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\" stroke-width=\"1\"/>\n",
              gx,
              gridTop,
              gx,
              gridBottom));
    }
    body.insert(gridAt, grid);
  }

  private void pending() {
    List<Group> pending = Catalog.GROUPS.stream().filter(Group::isPending).toList();
    if (pending.isEmpty()) {
      return;
    }
    y += 22;
    text(16, y, "Pending (the feature is not in core yet)", 14, "#111", "bold", "start");
    for (Group g : pending) {
      y += 17;
      text(16, y, g.number() + ". " + g.title() + ": needs " + g.pending(), 12, "#666", "normal", "start");
    }
  }

  /** The family's colour; ours on the flag-free carrier, a lighter shade. */
  private static String colour(Impl i) {
    return "flag-free".equals(i.carrier()) ? "#5AAEE6" : i.family().colour;
  }

  private List<Impl> impls(Line l) {
    List<Impl> all = new ArrayList<>();
    all.add(l.ours());
    all.addAll(l.peers());
    return all;
  }

  private double score(Impl i) {
    Figure f = figures.get(i.key());
    return f == null ? Double.NaN : f.score() * i.times();
  }

  private static double x(double v, double lo, double hi) {
    double t = (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
    return X0 + Math.max(0, Math.min(1, t)) * (X1 - X0);
  }

  private static String decade(double d, boolean bytes) {
    if (bytes) {
      if (d >= 1e6) {
        return String.format(Locale.ROOT, "%.0f MB", d / 1e6);
      }
      if (d >= 1e3) {
        return String.format(Locale.ROOT, "%.0f kB", d / 1e3);
      }
      return d >= 1 ? String.format(Locale.ROOT, "%.0f B", d) : d + " B";
    }
    if (d >= 1e9) {
      return String.format(Locale.ROOT, "%.0f s", d / 1e9);
    }
    if (d >= 1e6) {
      return String.format(Locale.ROOT, "%.0f ms", d / 1e6);
    }
    if (d >= 1e3) {
      return String.format(Locale.ROOT, "%.0f µs", d / 1e3);
    }
    if (d >= 1) {
      return String.format(Locale.ROOT, "%.0f ns", d);
    }
    return String.format(Locale.ROOT, "%s ns", d);
  }

  private void text(int x, int y, String s, int size, String fill, String weight, String anchor) {
    body.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"%s\" font-weight=\"%s\" text-anchor=\"%s\">%s</text>\n",
            x,
            y,
            size,
            fill,
            weight,
            anchor,
            escape(s)));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
