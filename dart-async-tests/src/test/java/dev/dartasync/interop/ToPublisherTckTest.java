package dev.dartasync.interop;

import dev.dartasync.DStream;
import dev.dartasync.FlowStreams;
import java.util.Iterator;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK's publisher rules for {@link FlowStreams#toPublisher}: a stream of
 * {@code n} counted elements ({@code DStream.fromIterable} over a lazy counter), made on a live
 * isolate; the TCK subscribes and requests from its own threads.
 */
public class ToPublisherTckTest extends FlowPublisherVerification<Long> {
  private final LiveIsolate isolate = new LiveIsolate();

  public ToPublisherTckTest() {
    super(new TestEnvironment(300));
  }

  @AfterClass
  public void stopIsolate() {
    isolate.close();
  }

  @Override
  public Flow.Publisher<Long> createFlowPublisher(long elements) {
    return isolate.call(() -> FlowStreams.toPublisher(DStream.fromIterable(() -> counter(elements))));
  }

  @Override
  public Flow.Publisher<Long> createFailedFlowPublisher() {
    return isolate.call(
        () -> FlowStreams.toPublisher(DStream.<Long>error(new IllegalStateException("failed"))));
  }

  @Override
  public long maxElementsFromPublisher() {
    return Long.MAX_VALUE - 1;
  }

  private static Iterator<Long> counter(long elements) {
    return new Iterator<>() {
      long next;

      @Override
      public boolean hasNext() {
        return next < elements;
      }

      @Override
      public Long next() {
        return next++;
      }
    };
  }
}
