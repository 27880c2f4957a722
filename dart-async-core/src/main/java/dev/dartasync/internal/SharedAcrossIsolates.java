package dev.dartasync.internal;

/**
 * Marks a class whose instances are immutable, thread-safe handles that every isolate may hold
 * ({@code SendPort}, {@code Capability}, {@code Isolate}): messages share them instead of copying,
 * so a port keeps its identity ({@code ==}) in every isolate, as in Dart.
 */
public interface SharedAcrossIsolates {}
