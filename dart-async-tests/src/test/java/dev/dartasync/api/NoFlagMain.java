package dev.dartasync.api;

import dev.dartasync.Dart;

/** Started in a child JVM without --add-opens by {@link AddOpensRequirementTest}. */
public final class NoFlagMain {
  private NoFlagMain() {}

  public static void main(String[] args) {
    Dart.run(() -> Dart.print("unreachable"));
  }
}
