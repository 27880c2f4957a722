package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StreamController;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The stream of {@code FlowStreams.fromPublisher}: a single-subscription stream whose {@code listen}
 * subscribes one {@link Flow.Subscriber} to the publisher. The subscriber's signals arrive on any
 * thread; each is posted to the listening isolate, where it becomes an {@code add}, {@code addError}
 * or {@code close} of an async controller. A {@link KeepAlive} holds the isolate open from the
 * listen until the terminal signal or the cancel.
 *
 * <p>Demand: {@value #BATCH} items are requested at first; whenever the items still owed fall to
 * half of that, the batch is topped up again, unless the Dart subscription is paused (then nothing
 * more is requested until it resumes, so at most {@value #BATCH} items wait in the controller).
 */
public final class FlowSource<T> {

  /** How many items are requested at once. */
  public static final int BATCH = 16;

  private final Flow.Publisher<? extends T> publisher;
  private final StreamController<T> controller = new StreamController<>();

  // Confined to the isolate's thread once listened to.
  private EventLoop loop;
  private KeepAlive alive;
  private Flow.Subscription subscription;
  /** Requested and not yet received. */
  private long owed;
  /** A terminal signal arrived, or the listener cancelled: later signals are ignored. */
  private boolean finished;

  private FlowSource(Flow.Publisher<? extends T> publisher) {
    this.publisher = publisher;
    controller.onListen(this::listened).onResume(this::topUp).onCancel(this::cancelled);
  }

  public static <T> DStream<T> stream(Flow.Publisher<? extends T> publisher) {
    Checks.notNull(publisher, "publisher");
    return new FlowSource<T>(publisher).controller.stream();
  }

  private void listened() {
    loop = EventLoop.require();
    alive = loop.keepAlive("FlowStreams.fromPublisher: subscribed to a publisher");
    publisher.subscribe(new Receiver());
  }

  private void cancelled() {
    if (finished) {
      return;
    }
    finish();
    if (subscription != null) {
      subscription.cancel();
    }
  }

  private void finish() {
    finished = true;
    alive.release();
  }

  private void topUp() {
    if (finished || subscription == null || controller.isPaused() || owed > BATCH / 2) {
      return;
    }
    long more = BATCH - owed;
    owed = BATCH;
    subscription.request(more);
  }

  /** The Flow side; its methods run on the publisher's threads and only post to the isolate. */
  private final class Receiver implements Flow.Subscriber<T> {
    /** Rule 2.5: a second onSubscribe is cancelled at once. */
    private final AtomicReference<Flow.Subscription> first = new AtomicReference<>();

    @Override
    public void onSubscribe(Flow.Subscription s) {
      if (s == null) {
        throw new NullPointerException("onSubscribe(null) (Reactive Streams rule 2.13)");
      }
      if (!first.compareAndSet(null, s)) {
        s.cancel();
        return;
      }
      loop.post(
          () -> {
            if (finished) { // cancelled before the subscription arrived
              s.cancel();
              return;
            }
            subscription = s;
            topUp();
          });
    }

    @Override
    public void onNext(T item) {
      if (item == null) {
        // Rule 2.13: throw to the caller, and treat the subscription as cancelled by the publisher.
        NullPointerException error =
            new NullPointerException("onNext(null) (Reactive Streams rule 2.13)");
        loop.post(() -> terminate(error));
        throw error;
      }
      loop.post(
          () -> {
            if (finished) {
              return;
            }
            owed--;
            controller.add(item);
            topUp();
          });
    }

    @Override
    public void onError(Throwable error) {
      if (error == null) {
        NullPointerException npe =
            new NullPointerException("onError(null) (Reactive Streams rule 2.13)");
        loop.post(() -> terminate(npe));
        throw npe;
      }
      loop.post(() -> terminate(error));
    }

    @Override
    public void onComplete() {
      loop.post(() -> terminate(null));
    }
  }

  /** A terminal signal: the error (if any), then done. */
  private void terminate(Throwable error) {
    if (finished) {
      return;
    }
    finish();
    if (error != null) {
      controller.addError(error);
    }
    controller.close();
  }
}
