package dev.dartasync.internal;

/** A broadcast controller's stream (Dart's {@code _BroadcastStream}): may be listened to many times. */
final class BroadcastStream<T> extends ControllerStream<T> {
  BroadcastStream(ControllerLifecycle<T> controller) {
    super(controller);
  }

  @Override
  public boolean isBroadcast() {
    return true;
  }
}
