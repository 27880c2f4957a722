package dev.dartasync.interop;

import dev.dartasync.internal.Testing;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A Flow subscriber that requests nothing by itself: the test calls {@link #subscription()}'s
 * {@code request(n)}. Records every signal, with " off isolate" appended to one that did not come
 * on the thread of {@code loop}'s isolate.
 */
final class RecordingSubscriber<T> implements Flow.Subscriber<T> {
  private final Object loop;
  private final List<String> signals = new ArrayList<>();
  private final LinkedBlockingQueue<String> arrivals = new LinkedBlockingQueue<>();
  private volatile Flow.Subscription subscription;
  /** Runs inside onNext, after the item was recorded. */
  private volatile Consumer<T> onNext = item -> {};

  RecordingSubscriber(Object loop) {
    this.loop = loop;
  }

  RecordingSubscriber<T> onNext(Consumer<T> action) {
    this.onNext = action;
    return this;
  }

  Flow.Subscription subscription() {
    return subscription;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    record("subscribe");
  }

  @Override
  public void onNext(T item) {
    record("next " + item);
    onNext.accept(item);
  }

  @Override
  public void onError(Throwable error) {
    record("error " + error.getClass().getSimpleName() + ": " + error.getMessage());
  }

  @Override
  public void onComplete() {
    record("complete");
  }

  private void record(String signal) {
    String text = loop != null && Testing.currentIsolate() == loop ? signal : signal + " off isolate";
    synchronized (this) {
      signals.add(text);
    }
    arrivals.add(text);
  }

  synchronized List<String> signals() {
    return List.copyOf(signals);
  }

  /** The next signal, waiting for it at most 10 s (for a test thread other than the isolate's). */
  String next() throws InterruptedException {
    String signal = arrivals.poll(10, TimeUnit.SECONDS);
    if (signal == null) {
      throw new AssertionError("no signal within 10 s; so far " + signals());
    }
    return signal;
  }
}
