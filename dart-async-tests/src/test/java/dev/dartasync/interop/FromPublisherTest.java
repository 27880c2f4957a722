package dev.dartasync.interop;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dartasync.ArgumentError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.FlowStreams;
import dev.dartasync.StreamSubscription;
import dev.dartasync.internal.Testing;
import dev.dartasync.junit.Expect;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link FlowStreams#fromPublisher}: Flow signals from other threads become events of the isolate. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FromPublisherTest {
  @RegisterExtension final Expect ex = new Expect();

  /** Items then done, from a JDK SubmissionPublisher's threads; all on the isolate. */
  @Test
  void submissionPublisherItemsArriveOnTheIsolate() {
    List<String> log =
        Dart.run(
            () -> {
              Object loop = Testing.currentIsolate();
              List<String> seen = new ArrayList<>();
              Completer<Void> done = new Completer<>();
              SubmissionPublisher<Integer> publisher = new SubmissionPublisher<>();
              FlowStreams.fromPublisher(publisher)
                  .listen(
                      item -> seen.add("data " + item + where(loop)),
                      (Throwable e) -> seen.add("error " + e.getMessage() + where(loop)),
                      () -> {
                        seen.add("done" + where(loop));
                        done.complete();
                      });
              Thread.ofPlatform()
                  .start(
                      () -> {
                        publisher.submit(1);
                        publisher.submit(2);
                        publisher.close();
                      });
              await(done.future());
              return seen;
            });
    assertEquals(
        List.of("data 1 on isolate", "data 2 on isolate", "done on isolate"),
        log);
  }

  private static String where(Object loop) {
    return Testing.currentIsolate() == loop ? " on isolate" : " on " + Thread.currentThread();
  }

  /**
   * The isolate stays alive while subscribed, although main returned at once, and ends after
   * onComplete (else Dart.run would return with nothing seen, or never).
   */
  @Test
  void theIsolateStaysAliveUntilOnComplete() throws InterruptedException {
    SubmissionPublisher<Integer> publisher = new SubmissionPublisher<>();
    List<String> seen = new ArrayList<>();
    CompletableFuture<Void> listened = new CompletableFuture<>();
    Thread source =
        Thread.ofPlatform()
            .start(
                () -> {
                  listened.join();
                  publisher.submit(7);
                  publisher.close();
                });
    Dart.run(
        () -> {
          FlowStreams.fromPublisher(publisher)
              .listen(item -> seen.add("data " + item), (Throwable e) -> {}, () -> seen.add("done"));
          listened.complete(null); // main returns here; only the subscription holds the isolate
        });
    assertEquals(List.of("data 7", "done"), seen);
    source.join();
  }

  /**
   * Demand: 16 at first, topped up by 8 when 8 arrived; while paused nothing more is requested,
   * and after the resume the batch is requested again.
   */
  @Test
  void demandIsBatchedAndStopsWhilePaused() {
    RecordingPublisher<Integer> publisher = new RecordingPublisher<>();
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          CompletableFuture<Void> firstBatchSent = new CompletableFuture<>();
          sub.set(
              FlowStreams.fromPublisher(publisher)
                  .listen(
                      item -> {
                        if (item == 7) {
                          ex.expect(1);
                          assertEquals(List.of("request 16"), publisher.calls());
                        } else if (item == 8) {
                          ex.expect(2);
                          assertEquals(List.of("request 16", "request 8"), publisher.calls());
                          sub.get().pause();
                        } else if (item == 24) {
                          ex.expect(4);
                          DFuture.delayed(Duration.ZERO)
                              .then(
                                  v -> {
                                    // onResume ran after the buffered items: the batch again.
                                    ex.expect(5);
                                    assertEquals(
                                        List.of("request 16", "request 8", "request 16"),
                                        publisher.calls());
                                    sub.get().cancel();
                                    ex.expect(6);
                                    return null;
                                  });
                        }
                      }));
          Thread.ofPlatform()
              .start(
                  () -> {
                    var s = publisher.subscriber();
                    for (int i = 1; i <= 24; i++) {
                      s.onNext(i);
                    }
                    firstBatchSent.complete(null);
                  });
          DFuture.fromCompletionStage(firstBatchSent)
              .then(
                  v -> {
                    // All 24 items were posted before this event: 9..24 wait, paused.
                    ex.expect(3);
                    assertEquals(List.of("request 16", "request 8"), publisher.calls());
                    sub.get().resume();
                    return null;
                  });
        });
    ex.finish(7);
    assertEquals(List.of("request 16", "request 8", "request 16", "cancel"), publisher.calls());
  }

  /** Cancel from Dart cancels the Flow subscription; signals after it are ignored; the isolate ends. */
  @Test
  void dartCancelCancelsTheSubscriptionAndLaterSignalsAreIgnored() {
    RecordingPublisher<Integer> publisher = new RecordingPublisher<>();
    List<String> seen = new ArrayList<>();
    Dart.run(
        () -> {
          AtomicReference<StreamSubscription<Integer>> sub = new AtomicReference<>();
          sub.set(
              FlowStreams.fromPublisher(publisher)
                  .listen(
                      item -> {
                        seen.add("data " + item);
                        sub.get().cancel();
                        // Signals of a publisher that has not seen the cancel yet.
                        publisher.fromAnotherThread(
                            () -> {
                              publisher.subscriber().onNext(2);
                              publisher.subscriber().onComplete();
                            });
                      },
                      (Throwable e) -> seen.add("error"),
                      () -> seen.add("done")));
          publisher.fromAnotherThread(() -> publisher.subscriber().onNext(1));
        });
    assertEquals(List.of("data 1"), seen);
    assertEquals(List.of("request 16", "cancel"), publisher.calls());
  }

  /** After onComplete: no request, no cancel, and later signals (a broken publisher's) are ignored. */
  @Test
  void nothingAfterTheTerminalSignal() {
    RecordingPublisher<Integer> publisher = new RecordingPublisher<>();
    List<String> seen = new ArrayList<>();
    Dart.run(
        () -> {
          FlowStreams.fromPublisher(publisher)
              .listen(
                  item -> seen.add("data " + item),
                  (Throwable e) -> seen.add("error " + e.getMessage()),
                  () -> seen.add("done"));
          publisher.fromAnotherThread(
              () -> {
                var s = publisher.subscriber();
                s.onNext(1);
                s.onComplete();
                s.onNext(2);
                s.onError(new IllegalStateException("late"));
                s.onComplete();
              });
        });
    assertEquals(List.of("data 1", "done"), seen);
    assertEquals(List.of("request 16"), publisher.calls());
  }

  /**
   * onError: an error event, then done (a JDK SubmissionPublisher's closeExceptionally may drop
   * items still buffered, so a recording publisher signals here).
   */
  @Test
  void onErrorIsAnErrorEventThenDone() {
    RecordingPublisher<Integer> publisher = new RecordingPublisher<>();
    List<String> seen = new ArrayList<>();
    Dart.run(
        () -> {
          Object loop = Testing.currentIsolate();
          FlowStreams.fromPublisher(publisher)
              .listen(
                  item -> seen.add("data " + item + where(loop)),
                  (Throwable e) -> seen.add("error " + e.getMessage() + where(loop)),
                  () -> seen.add("done" + where(loop)));
          publisher.fromAnotherThread(
              () -> {
                publisher.subscriber().onNext(1);
                publisher.subscriber().onError(new IllegalStateException("boom"));
              });
        });
    assertEquals(List.of("data 1 on isolate", "error boom on isolate", "done on isolate"), seen);
    assertEquals(List.of("request 16"), publisher.calls());
  }

  /** Rule 2.13: onNext(null) throws NullPointerException to the publisher; the stream ends with it. */
  @Test
  void aNullItemIsRefused() {
    RecordingPublisher<Integer> publisher = new RecordingPublisher<>();
    List<String> seen = new ArrayList<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Dart.run(
        () -> {
          FlowStreams.fromPublisher(publisher)
              .listen(
                  item -> seen.add("data " + item),
                  (Throwable e) -> seen.add("error " + e.getClass().getSimpleName()),
                  () -> seen.add("done"));
          publisher.fromAnotherThread(
              () -> {
                try {
                  publisher.subscriber().onNext(null);
                } catch (Throwable e) {
                  thrown.set(e);
                }
                publisher.subscriber().onNext(3);
              });
        });
    assertEquals(NullPointerException.class, thrown.get().getClass());
    assertEquals(List.of("error NullPointerException", "done"), seen);
  }

  @Test
  void aNullPublisherIsAnArgumentError() {
    ArgumentError error = assertThrows(ArgumentError.class, () -> FlowStreams.fromPublisher(null));
    assertEquals("Invalid argument(s) (publisher): Must not be null", error.toString());
  }
}
