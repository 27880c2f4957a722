package dev.dartasync.internal;

import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.Iterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/** The stream constructors of {@link DStream}, ported from Dart's stream.dart factories. */
public final class Streams {
  private Streams() {}

  /** Dart's {@code Stream.value}: an async controller preloaded with the value and done. */
  public static <T> DStream<T> value(T value) {
    StreamControllerImpl<T> controller = new StreamControllerImpl<>(false);
    controller.addUnchecked(value);
    controller.closeUnchecked();
    return controller.stream();
  }

  /** Dart's {@code Stream.error}: an async controller preloaded with the error and done. */
  public static <T> DStream<T> error(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    StreamControllerImpl<T> controller = new StreamControllerImpl<>(false);
    controller.addErrorUnchecked(
        error, stackTrace != null ? stackTrace : AsyncError.defaultStackTrace(error));
    controller.closeUnchecked();
    return controller.stream();
  }

  /**
   * Dart's {@code Stream.fromFuture}: a sync controller fed by a listener registered on the future
   * now, so a result that arrives before {@code listen} is buffered.
   */
  public static <T> DStream<T> fromFuture(DFuture<T> future) {
    Checks.notNull(future, "future");
    StreamControllerImpl<T> controller = new StreamControllerImpl<>(true);
    future.thenAccept(
        value -> {
          controller.addUnchecked(value);
          controller.closeUnchecked();
        },
        (Throwable error, StackTrace stack) -> {
          controller.addErrorUnchecked(error, stack);
          controller.closeUnchecked();
        });
    return controller.stream();
  }

  /** Dart's {@code Stream.empty()}: each listen gets a done-only subscription. */
  public static <T> DStream<T> empty() {
    return new DStream<T>() {
      @Override
      public StreamSubscription<T> listen(
          Consumer<? super T> onData,
          BiConsumer<? super Throwable, ? super StackTrace> onError,
          Runnable onDone,
          boolean cancelOnError) {
        return new DoneStreamSubscription<>(onDone);
      }

      @Override
      public boolean isBroadcast() {
        return true; // Dart's Stream.empty() defaults to broadcast: true.
      }
    };
  }

  /**
   * Dart's {@code Stream.fromIterable}, built as Dart builds it on {@code Stream.multi}: per
   * listener, one element per microtask delivered with {@code addSync}, then {@code closeSync} in
   * one more microtask.
   */
  public static <T> DStream<T> fromIterable(Iterable<? extends T> elements) {
    Checks.notNull(elements, "elements");
    return new MultiStream<T>(controller -> new IterableFeed<T>(controller, elements).start());
  }

  /**
   * {@link #fromIterable} over a Java iterator, which can be walked once: the stream may be
   * listened to once ({@code Bad state: Stream has already been listened to.} after that).
   */
  @SuppressWarnings("unchecked") // Read-only: an iterator of S is an iterator of any supertype.
  public static <T> DStream<T> fromIterator(Iterator<? extends T> elements) {
    Checks.notNull(elements, "elements");
    Iterable<T> once = () -> (Iterator<T>) elements;
    return new SingleUseStream<>(
        new MultiStream<T>(controller -> new IterableFeed<T>(controller, once).start()));
  }

  /**
   * {@link #fromIterable} over a Java stream: its iterator is taken inside {@code listen}, and the
   * Java stream is closed (its {@code onClose} handlers run) when the subscription ends: after
   * done, on cancel, or on an error with {@code cancelOnError}. Listened to once.
   */
  @SuppressWarnings("unchecked") // Read-only, as above.
  public static <T> DStream<T> fromJavaStream(java.util.stream.Stream<? extends T> elements) {
    Checks.notNull(elements, "elements");
    Iterable<T> lazily = () -> (Iterator<T>) elements.iterator();
    return new SingleUseStream<>(
        new MultiStream<T>(
            controller -> {
              controller.onCancel((Runnable) elements::close);
              new IterableFeed<T>(controller, lazily).start();
            }));
  }

  /** The per-listener state of {@link #fromIterable}. */
  private static final class IterableFeed<T> {
    private final MultiStreamController<T> controller;
    private final Iterable<? extends T> elements;
    private Iterator<? extends T> iterator;
    private ZoneImpl zone;
    /** Whether a {@link #next} microtask is queued. */
    private boolean isScheduled;

    IterableFeed(MultiStreamController<T> controller, Iterable<? extends T> elements) {
      this.controller = controller;
      this.elements = elements;
    }

    /** Runs inside listen (the controller's onListen). */
    void start() {
      try {
        iterator = elements.iterator();
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
        controller.addError(e, StackTrace.of(e));
        controller.close();
        return;
      }
      zone = ZoneImpl.current();
      isScheduled = true;
      controller.setOnResume(
          () -> {
            if (!isScheduled) {
              isScheduled = true;
              zone.scheduleMicrotask(this::next);
            }
          });
      zone.scheduleMicrotask(this::next);
    }

    private void next() {
      if (!controller.hasListener() || controller.isPaused()) {
        // Cancelled or paused since scheduled; onResume restarts.
        isScheduled = false;
        return;
      }
      boolean hasNext;
      try {
        hasNext = iterator.hasNext();
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
        controller.addErrorSync(e, StackTrace.of(e));
        controller.closeSync();
        return;
      }
      if (!hasNext) {
        controller.closeSync();
        return;
      }
      try {
        controller.addSync(iterator.next());
      } catch (Throwable e) {
        IsolateStop.rethrowIfStop(e);
        controller.addErrorSync(e, StackTrace.of(e));
      }
      if (controller.hasListener() && !controller.isPaused()) {
        zone.scheduleMicrotask(this::next);
      } else {
        isScheduled = false;
      }
    }
  }
}
