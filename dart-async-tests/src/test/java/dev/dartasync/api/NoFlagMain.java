package dev.dartasync.api;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.isolate.Isolate;
import java.time.Duration;

/**
 * Started in a child JVM by {@link NoFlagTest}, with no JVM flag: prints the carrier, then runs
 * two isolates in turn (one spawning a third) that await, time and hand over between bodies.
 */
public final class NoFlagMain {
  private NoFlagMain() {}

  public static void main(String[] args) {
    System.out.println("carrier " + Dart.carrier().propertyValue());
    for (int run = 1; run <= 2; run++) {
      int n = run;
      Dart.run(
          () -> {
            print("run " + n + " start");
            DFuture<String> inner =
                async(
                    () -> {
                      print("inner before await");
                      await(DFuture.delayed(Duration.ofMillis(5)));
                      return "inner done";
                    });
            print("outer after start");
            print(await(inner));
            print("isolate " + await(Isolate.run(() -> 6 * 7)));
          });
    }
  }
}
