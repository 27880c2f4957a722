package dev.dartasync.isolate;

import dev.dartasync.internal.SharedAcrossIsolates;

/**
 * Dart's {@code Capability}: an unforgeable object that proves the right to do something to an
 * isolate ({@link Isolate#pauseCapability()}, {@link Isolate#terminateCapability()}). Equal only to
 * itself; sent in a message it stays the same object, so it is equal to itself in every isolate.
 */
public final class Capability implements SharedAcrossIsolates {

  /** A new capability, equal to no other. */
  public Capability() {}

  @Override
  public String toString() {
    return "Capability";
  }
}
