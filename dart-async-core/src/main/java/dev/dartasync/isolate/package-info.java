/**
 * Dart's {@code dart:isolate} for Java: what crosses from one isolate to another. {@link
 * dev.dartasync.isolate.TransferableTypedData} moves bytes to another isolate without copying them
 * when the message is sent.
 */
package dev.dartasync.isolate;
