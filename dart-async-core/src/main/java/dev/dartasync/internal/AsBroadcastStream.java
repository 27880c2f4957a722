package dev.dartasync.internal;

import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Dart's {@code _AsBroadcastStream} (stream_impl.dart), what {@code asBroadcastStream} returns: a
 * broadcast stream that listens to its source on the first {@code listen} and forwards the source's
 * events synchronously to all its listeners through an {@link AsBroadcastStreamController}.
 *
 * <p>The source subscription stays alive when the last listener leaves, unless the {@code
 * onCancel} callback cancels it through the handle it gets ({@link BroadcastSubscriptionWrapper});
 * then, and after the source is done, a {@code listen} gets only a done event.
 */
public final class AsBroadcastStream<T> implements DStream<T> {
  private final DStream<T> source;
  private final Consumer<StreamSubscription<T>> onListenHandler;
  private final Consumer<StreamSubscription<T>> onCancelHandler;
  private final ZoneImpl zone;

  /** Null once the source subscription was cancelled through the handle: not listenable. */
  private AsBroadcastStreamController<T> controller;

  private StreamSubscription<T> subscription;

  /** Registers the callbacks (either may be null) in the current zone, where they later run. */
  public AsBroadcastStream(
      DStream<T> source,
      Consumer<StreamSubscription<T>> onListenHandler,
      Consumer<StreamSubscription<T>> onCancelHandler) {
    this.source = source;
    this.zone = ZoneImpl.current();
    this.onListenHandler =
        onListenHandler == null ? null : zone.registerConsumerOwned(onListenHandler);
    this.onCancelHandler =
        onCancelHandler == null ? null : zone.registerConsumerOwned(onCancelHandler);
    this.controller = new AsBroadcastStreamController<>(this::onListen, this::onCancel);
  }

  @Override
  public boolean isBroadcast() {
    return true;
  }

  @Override
  public StreamSubscription<T> listen(
      Consumer<? super T> onData,
      BiConsumer<? super Throwable, ? super StackTrace> onError,
      Runnable onDone,
      boolean cancelOnError) {
    if (StreamThreads.isForeign(zone.loop)) {
      throw StreamThreads.refused("DStream.listen");
    }
    AsBroadcastStreamController<T> c = controller;
    if (c == null || c.isClosed()) {
      // Only a done event can come from here any more.
      return new DoneStreamSubscription<>(onDone);
    }
    if (subscription == null) {
      BiConsumer<Throwable, StackTrace> forwardError = c::addError;
      subscription = source.listen(c::add, forwardError, c::close, false);
    }
    return c.subscribe(onData, onError, onDone, cancelOnError);
  }

  /** The controller got its first listener. */
  private void onListen() {
    if (onListenHandler != null) {
      runHandler(onListenHandler);
    }
  }

  /**
   * The controller lost its last listener: the callback may cancel the source; if the source is
   * done (or was cancelled) the source subscription is cancelled here.
   */
  private void onCancel() {
    AsBroadcastStreamController<T> c = controller;
    boolean shutdown = c == null || c.isClosed();
    if (onCancelHandler != null) {
      runHandler(onCancelHandler);
    }
    if (shutdown && subscription != null) {
      subscription.cancel();
      subscription = null;
    }
  }

  /** Runs a callback in the zone of the {@code asBroadcastStream} call, unguarded as in Dart. */
  private void runHandler(Consumer<StreamSubscription<T>> handler) {
    zone.runUnary(Adapt.function(handler), new BroadcastSubscriptionWrapper<>(this));
  }

  // ---- what the handle does -----------------------------------------------------------------

  /** Cancels the source and makes this stream unlistenable (later listens get only done). */
  /** The isolate of the {@code asBroadcastStream} call, whose thread may run its members. */
  EventLoop owner() {
    return zone.loop;
  }

  void cancelSubscription() {
    StreamSubscription<T> s = subscription;
    if (s != null) {
      subscription = null;
      controller = null;
      s.cancel();
    }
  }

  void pauseSubscription(DFuture<?> resumeSignal) {
    if (subscription != null) {
      subscription.pause(resumeSignal);
    }
  }

  void resumeSubscription() {
    if (subscription != null) {
      subscription.resume();
    }
  }

  boolean isSubscriptionPaused() {
    return subscription != null && subscription.isPaused();
  }
}
