package dev.dartasync.internal;

import dev.dartasync.StackTrace;

/**
 * Where a buffered stream event is finally delivered (Dart's {@code _EventDispatch} in
 * stream_impl.dart): the subscription's send methods, which run the listener's callbacks now.
 */
interface EventDispatch<T> {
  void sendData(T data);

  void sendError(Throwable error, StackTrace stackTrace);

  void sendDone();
}
