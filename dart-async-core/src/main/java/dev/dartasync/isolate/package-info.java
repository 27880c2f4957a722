/**
 * Dart's {@code dart:isolate} for Java: isolates that share nothing and talk by messages.
 *
 * <ul>
 *   <li>{@link dev.dartasync.isolate.Isolate}: {@code run} and Flutter's {@code compute} (a
 *       computation in a new isolate, its result back without a copy), {@code spawn} (a
 *       long-lived isolate with exit and error listeners), {@code exit}, {@code kill}, {@code
 *       pause}, {@code ping}, {@code current}.
 *   <li>{@link dev.dartasync.isolate.SendPort}, {@link dev.dartasync.isolate.ReceivePort} (a
 *       single-subscription stream of messages), {@link dev.dartasync.isolate.RawReceivePort} (a
 *       handler): messages are copied synchronously on the sender, with Dart's rules and Dart's
 *       {@code ArgumentError} for what cannot be sent; an open receive port keeps its isolate
 *       alive.
 *   <li>{@link dev.dartasync.isolate.TransferableTypedData}: bytes moved to another isolate
 *       without a copy.
 *   <li>{@link dev.dartasync.isolate.RemoteError}, {@link
 *       dev.dartasync.isolate.IsolateSpawnException}, {@link dev.dartasync.isolate.Capability},
 *       {@link dev.dartasync.isolate.SpawnOptions} (Dart's named parameters of {@code spawn}).
 * </ul>
 *
 * <p>An isolate's code runs on one platform thread at a time, taken from a pool while it has work,
 * so an idle isolate holds no thread; the main isolate is the one {@code Dart.run} started.
 */
package dev.dartasync.isolate;
