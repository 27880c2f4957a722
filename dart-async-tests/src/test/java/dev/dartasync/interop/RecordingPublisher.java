package dev.dartasync.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * A publisher driven by the test: {@code subscribe} calls {@code onSubscribe} from a new thread,
 * and the test signals its one subscriber from its own threads. Records every {@code request(n)}
 * and {@code cancel()} it gets, in order.
 */
final class RecordingPublisher<T> implements Flow.Publisher<T> {
  private final List<String> calls = new ArrayList<>();
  private final CompletableFuture<Flow.Subscriber<? super T>> subscriber = new CompletableFuture<>();

  @Override
  public void subscribe(Flow.Subscriber<? super T> s) {
    Thread.ofPlatform()
        .start(
            () -> {
              s.onSubscribe(
                  new Flow.Subscription() {
                    @Override
                    public void request(long n) {
                      record("request " + n);
                    }

                    @Override
                    public void cancel() {
                      record("cancel");
                    }
                  });
              subscriber.complete(s);
            });
  }

  /** The subscriber, once {@code onSubscribe} returned. */
  Flow.Subscriber<? super T> subscriber() {
    try {
      return subscriber.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code signals} on a new thread and waits for it. */
  void fromAnotherThread(Runnable signals) {
    try {
      Thread.ofPlatform().start(signals).join();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private synchronized void record(String call) {
    calls.add(call);
  }

  synchronized List<String> calls() {
    return List.copyOf(calls);
  }
}
