package dev.dartasync.edges;

import dev.dartasync.Dart;

/** A main isolate that blocks its loop for about a second: {@link BlockedLoopWatchTest}'s child. */
public final class BlockedLoopMain {

  private BlockedLoopMain() {}

  public static void main(String[] args) {
    Dart.run(
        () -> {
          BlockedLoopWatchTest.busyFor(1_000);
          return null;
        });
    System.out.println("done");
    try {
      Thread.sleep(1_500); // The detector's lines come from a daemon thread: let them out.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
