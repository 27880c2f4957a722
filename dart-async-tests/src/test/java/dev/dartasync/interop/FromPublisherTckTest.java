package dev.dartasync.interop;

import dev.dartasync.FlowStreams;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK's subscriber rules (black box) for the subscriber that {@link
 * FlowStreams#fromPublisher} subscribes: the stream is listened to on a live isolate, with a
 * publisher that hands the subscriber to the TCK, which then signals it from its own threads.
 */
public class FromPublisherTckTest extends FlowSubscriberBlackboxVerification<Integer> {
  private final LiveIsolate isolate = new LiveIsolate();

  public FromPublisherTckTest() {
    super(new TestEnvironment(300));
  }

  @AfterClass
  public void stopIsolate() {
    isolate.close();
  }

  @Override
  public Flow.Subscriber<Integer> createFlowSubscriber() {
    CompletableFuture<Flow.Subscriber<? super Integer>> subscribed = new CompletableFuture<>();
    Flow.Publisher<Integer> handOver = subscribed::complete;
    // An error event without a handler would be uncaught and end the isolate.
    isolate.call(
        () -> FlowStreams.fromPublisher(handOver).listen(item -> {}, (Throwable error) -> {}));
    try {
      @SuppressWarnings("unchecked")
      Flow.Subscriber<Integer> subscriber =
          (Flow.Subscriber<Integer>) subscribed.get(10, TimeUnit.SECONDS);
      return subscriber;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public Integer createElement(int element) {
    return element;
  }
}
