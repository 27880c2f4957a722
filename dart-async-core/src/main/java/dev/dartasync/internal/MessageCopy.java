package dev.dartasync.internal;

import dev.dartasync.ArgumentError;

/**
 * The message copy of {@code SendPort.send}, {@code Isolate.spawn} and {@code Isolate.run}'s
 * closure: a deep, identity-preserving copy of a message, made synchronously on the sender's
 * thread, in which deeply immutable values are shared (Dart's rules, semantics notes §7.3, adapted
 * to Java by {@link Sendability}). Either the whole message is copied or nothing is: an unsendable
 * object anywhere in it throws before the copy is handed over.
 *
 * <p>Errors, as Dart's {@code ArgumentError}, for example (a field of a lambda's captured {@code
 * this} holds a future):
 *
 * <pre>
 * Invalid argument(s): Illegal argument in isolate message: object is unsendable - Library:'dev.dartasync' Class: DFuture (see restrictions listed at `SendPort.send()` documentation for more information)
 *  &lt;- pending in Instance of 'Worker' (from com.example)
 *  &lt;- field this in Closure: Runnable from Worker (from com.example)
 * </pre>
 *
 * (each line ends with a newline; the root holder comes last). Objects this library cannot rebuild
 * (a JDK class with fields closed to reflection, a record in a reference cycle) fail the same way
 * with {@code object cannot be copied - Library:'…' Class: … (<reason>)}.
 */
public final class MessageCopy {
  private MessageCopy() {}

  /**
   * Copies {@code message}.
   *
   * @param message any object, or {@code null}
   * @return the copy ({@code message} itself when it is shared)
   * @throws ArgumentError if the message holds an object that cannot be sent or copied; nothing of
   *     the message has been handed over then, and the message is unchanged
   */
  public static Object copy(Object message) {
    return new GraphCopier(false).run(message);
  }

  /**
   * Checks that {@code message} could be sent, without copying anything: the same walk as {@link
   * #copy} with the same rules, throwing the same {@code ArgumentError} (same text, same retaining
   * path) for the first object {@code copy} would reject. For {@code Isolate.exit}, which hands its
   * message over as it is but must still reject what no message may hold (Dart validates, then
   * transfers). Synchronous; no constructor, comparator or {@code hashCode} of the message runs,
   * nothing in it is changed, and a transferable it holds stays with it.
   *
   * @param message any object, or {@code null}
   * @throws ArgumentError if {@link #copy} would reject the message
   */
  public static void check(Object message) {
    new GraphCopier(true).run(message);
  }

  /**
   * Whether messages share every instance of {@code type} instead of copying it: strings, boxed
   * primitives, enums, {@code java.time} values, records of such values, stateless classes, and
   * {@link SharedAcrossIsolates} classes.
   * Records, lambdas and unmodifiable collections whose class answers {@code false} may still be
   * shared instance by instance, when everything they hold is.
   *
   * @param type a class
   * @return whether its instances are shared
   */
  public static boolean isSharedType(Class<?> type) {
    return Sendability.isShared(type);
  }
}
