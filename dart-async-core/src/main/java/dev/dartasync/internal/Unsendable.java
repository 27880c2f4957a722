package dev.dartasync.internal;

/**
 * Marks a class whose instances must never be copied into another isolate (Dart's
 * {@code @pragma('vm:isolate-unsendable')}): a message that reaches one makes {@link
 * MessageCopy#copy(Object)} throw Dart's {@code ArgumentError} with the retaining path. The library's
 * future port classes ({@code ReceivePort}, {@code RawReceivePort}) implement it; {@link
 * Sendability} also knows the unsendable types that cannot implement it (the public async types,
 * threads, locks, sockets, channels, byte streams).
 */
public interface Unsendable {

  /**
   * The text after {@code "Illegal argument in isolate message: "}, for the classes the Dart VM
   * names specially ({@code (object is a ReceivePort)} for a {@code RawReceivePort}); {@code null}
   * (the default) for the usual {@code object is unsendable - Library:'…' Class: …} text.
   *
   * @return the special text, or {@code null}
   */
  default String unsendableMessage() {
    return null;
  }
}
