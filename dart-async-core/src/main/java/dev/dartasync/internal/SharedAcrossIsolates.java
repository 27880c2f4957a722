package dev.dartasync.internal;

/**
 * Marks a class whose instances are immutable handles that every isolate may hold: messages share
 * them instead of copying them, like Dart's {@code SendPort} and {@code Capability}, which keep
 * {@code ==} and {@code hashCode} across isolates. {@link MessageCopy} neither copies such an
 * instance nor looks inside it, so a class should implement this only if what it holds is
 * immutable or safe to use from any isolate's thread. Subclasses are shared too; {@link
 * Unsendable} wins over this marker.
 */
public interface SharedAcrossIsolates {}
