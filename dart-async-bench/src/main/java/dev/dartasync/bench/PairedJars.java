package dev.dartasync.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Before/after for one benchmark: two (or more) benchmark jars, each in a class loader of its own
 * inside <em>one</em> JVM, whose benchmark method is called in alternation, A B B A A B ..., and
 * timed per call. Each call's time divided by the operations it performs is one sample.
 *
 * <p>Why beside JMH: on a shared machine the neighbours' load changes within seconds, and two JMH
 * runs of different jars (even back to back) differ by 10-30% for that reason alone. Alternating
 * calls of about 30 ms in one JVM give both jars the same machine; the <em>paired ratio</em> of each
 * round (new / old, two calls taken within 60 ms of each other) cancels most of it. What it cannot
 * cancel is the JIT's own luck per JVM, which moves a ratio by about 5%: run it in several JVMs
 * ({@code --jvms} is the caller's loop) and compare the medians. JMH stays the source of the
 * reported figures; this answers "did this change cost anything".
 *
 * <p>The method must be public, take no arguments and perform {@code --ops} operations per call,
 * as {@code PingPongBench.dartAsync} ({@code @OperationsPerInvocation(100_000)}) and
 * {@code AwaitCompletedBench.dartAsync} do. Usage, with a jar built from an older commit:
 *
 * <pre>{@code
 * java --add-opens java.base/java.lang=ALL-UNNAMED -Xms2g -Xmx2g \
 *   -cp dart-async-bench/target/benchmarks.jar dev.dartasync.bench.PairedJars \
 *   --class dev.dartasync.bench.PingPongBench --method dartAsync --ops 100000 --rounds 150 \
 *   /tmp/old/benchmarks.jar dart-async-bench/target/benchmarks.jar
 * }</pre>
 *
 * <p>Prints, per jar, the minimum, 10th and 25th percentile and median time per operation, and
 * for every jar after the first its paired ratio to the first (25th percentile, median, 75th). The
 * first fifth of the rounds is warm-up and not counted.
 */
public final class PairedJars {

  private PairedJars() {}

  public static void main(String[] args) throws Exception {
    String className = null;
    String methodName = null;
    long ops = 0;
    int rounds = 150;
    java.util.List<Path> jars = new java.util.ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--class" -> className = args[++i];
        case "--method" -> methodName = args[++i];
        case "--ops" -> ops = Long.parseLong(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> {
          if (args[i].startsWith("--")) {
            throw new IllegalArgumentException("unknown option: " + args[i]);
          }
          jars.add(Path.of(args[i]));
        }
      }
    }
    if (className == null || methodName == null || ops <= 0 || rounds < 5 || jars.size() < 2) {
      throw new IllegalArgumentException(
          "usage: PairedJars --class C --method m --ops N [--rounds R >= 5] old.jar new.jar ...");
    }
    int n = jars.size();
    Object[] instances = new Object[n];
    Method[] methods = new Method[n];
    for (int i = 0; i < n; i++) {
      Path jar = jars.get(i);
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("no such jar: " + jar);
      }
      // Parent: the platform loader, so that each jar brings its own library and benchmark classes.
      URLClassLoader loader =
          new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
      Class<?> type = Class.forName(className, true, loader);
      instances[i] = type.getDeclaredConstructor().newInstance();
      methods[i] = type.getMethod(methodName);
    }
    double[][] perOp = new double[n][rounds];
    for (int round = -rounds / 5; round < rounds; round++) {
      for (int k = 0; k < n; k++) {
        int i = (round & 1) == 0 ? k : n - 1 - k; // A B, then B A: neither always goes first.
        long start = System.nanoTime();
        methods[i].invoke(instances[i]);
        long elapsed = System.nanoTime() - start;
        if (round >= 0) {
          perOp[i][round] = elapsed / (double) ops;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      double[] sorted = perOp[i].clone();
      Arrays.sort(sorted);
      System.out.printf(
          Locale.ROOT,
          "%-40s min %8.2f  p10 %8.2f  p25 %8.2f  median %8.2f ns/op%n",
          jars.get(i),
          sorted[0],
          sorted[rounds / 10],
          sorted[rounds / 4],
          sorted[rounds / 2]);
    }
    for (int i = 1; i < n; i++) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = perOp[i][r] / perOp[0][r];
      }
      Arrays.sort(ratio);
      System.out.printf(
          Locale.ROOT,
          "%s / %s, paired: p25 %.3f  median %.3f  p75 %.3f%n",
          jars.get(i).getFileName(),
          jars.get(0).getFileName(),
          ratio[rounds / 4],
          ratio[rounds / 2],
          ratio[3 * rounds / 4]);
    }
  }
}
