package dev.dartasync.interop;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.FlowStreams;
import dev.dartasync.StreamController;
import dev.dartasync.internal.Testing;
import dev.dartasync.junit.DartTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link FlowStreams#toPublisher}: a Dart stream served to Flow subscribers, demand respected. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ToPublisherTest {

  /** Lets the microtasks and the events already queued run. */
  private static void settle() {
    await(DFuture.delayed(Duration.ZERO));
  }

  /** No more items than requested: the rest wait, the Dart subscription paused; done after them. */
  @DartTest
  void deliversNoMoreThanRequested() {
    RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>(Testing.currentIsolate());
    StreamController<Integer> controller = new StreamController<>();
    FlowStreams.toPublisher(controller.stream()).subscribe(subscriber);
    assertEquals(List.of("subscribe"), subscriber.signals());
    subscriber.subscription().request(2);
    for (int i = 1; i <= 4; i++) {
      controller.add(i);
    }
    controller.close();
    settle();
    assertEquals(List.of("subscribe", "next 1", "next 2"), subscriber.signals());
    assertTrue(controller.isPaused(), "the Dart subscription is paused while demand is 0");
    subscriber.subscription().request(1);
    assertEquals(List.of("subscribe", "next 1", "next 2", "next 3"), subscriber.signals());
    subscriber.subscription().request(Long.MAX_VALUE);
    settle();
    assertEquals(
        List.of("subscribe", "next 1", "next 2", "next 3", "next 4", "complete"),
        subscriber.signals());
  }

  /** Rule 3.9: request(0) cancels the Dart subscription and signals IllegalArgumentException. */
  @DartTest
  void requestZeroIsAnError() {
    List<String> log = new ArrayList<>();
    RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>(Testing.currentIsolate());
    StreamController<Integer> controller =
        new StreamController<Integer>().onCancel(() -> log.add("dart cancel"));
    FlowStreams.toPublisher(controller.stream()).subscribe(subscriber);
    subscriber.subscription().request(0);
    controller.add(1);
    subscriber.subscription().request(1);
    settle();
    assertEquals(List.of("dart cancel"), log);
    assertEquals(
        List.of(
            "subscribe",
            "error IllegalArgumentException: Reactive Streams rule 3.9: request(n) needs n > 0,"
                + " was 0"),
        subscriber.signals());
  }

  /** cancel() inside onNext: the Dart subscription is cancelled and nothing more is signalled. */
  @DartTest
  void cancelStopsSignalsAndCancelsTheDartSubscription() {
    List<String> log = new ArrayList<>();
    RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>(Testing.currentIsolate());
    subscriber.onNext(item -> subscriber.subscription().cancel());
    StreamController<Integer> controller =
        new StreamController<Integer>().onCancel(() -> log.add("dart cancel"));
    for (int i = 1; i <= 3; i++) {
      controller.add(i);
    }
    controller.close();
    FlowStreams.toPublisher(controller.stream()).subscribe(subscriber);
    subscriber.subscription().request(5);
    settle();
    assertEquals(List.of("dart cancel"), log);
    assertEquals(List.of("subscribe", "next 1"), subscriber.signals());
  }

  /** An error event: the Dart subscription is cancelled, then onError; nothing after it. */
  @DartTest
  void anErrorEventIsOnErrorAndCancels() {
    List<String> log = new ArrayList<>();
    RecordingSubscriber<Integer> subscriber =
        new RecordingSubscriber<Integer>(Testing.currentIsolate())
            .onNext(item -> log.add("next " + item));
    StreamController<Integer> controller =
        new StreamController<Integer>().onCancel(() -> log.add("dart cancel"));
    controller.add(1);
    controller.addError(new IllegalStateException("boom"));
    controller.add(2);
    FlowStreams.toPublisher(controller.stream()).subscribe(subscriber);
    subscriber.subscription().request(5);
    settle();
    assertEquals(List.of("next 1", "dart cancel"), log);
    assertEquals(
        List.of("subscribe", "next 1", "error IllegalStateException: boom"),
        subscriber.signals());
  }

  /**
   * Subscribe, request and cancel from another thread: every signal comes on the isolate's thread,
   * and the isolate, whose main returned, serves the subscriber until it cancels.
   */
  @Test
  void aForeignSubscriberIsServedOnTheIsolateUntilItCancels() throws Exception {
    CompletableFuture<Flow.Publisher<Integer>> published = new CompletableFuture<>();
    CompletableFuture<Void> subscribed = new CompletableFuture<>();
    List<String> dartSide = new ArrayList<>();
    CompletableFuture<List<String>> foreignSide = new CompletableFuture<>();
    Thread foreign =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>(loopOf(published));
                    published.get(10, TimeUnit.SECONDS).subscribe(subscriber);
                    subscribed.complete(null);
                    List<String> got = new ArrayList<>();
                    got.add(subscriber.next());
                    for (int i = 0; i < 3; i++) {
                      subscriber.subscription().request(1);
                      got.add(subscriber.next());
                    }
                    subscriber.subscription().cancel();
                    foreignSide.complete(got);
                  } catch (Throwable e) {
                    foreignSide.completeExceptionally(e);
                  }
                });
    Dart.run(
        () -> {
          LOOP.set(Testing.currentIsolate());
          StreamController<Integer> controller =
              new StreamController<Integer>().onCancel(() -> dartSide.add("dart cancel"));
          for (int i = 1; i <= 5; i++) {
            controller.add(i);
          }
          published.complete(FlowStreams.toPublisher(controller.stream()));
          await(DFuture.fromCompletionStage(subscribed)); // main ends here
        });
    // Dart.run returned: the isolate ended, which it may only do after the cancel.
    assertEquals(List.of("dart cancel"), dartSide);
    assertEquals(List.of("subscribe", "next 1", "next 2", "next 3"), foreignSide.get(10, TimeUnit.SECONDS));
    foreign.join();
  }

  private static final java.util.concurrent.atomic.AtomicReference<Object> LOOP =
      new java.util.concurrent.atomic.AtomicReference<>();

  private static Object loopOf(CompletableFuture<?> published) throws Exception {
    published.get(10, TimeUnit.SECONDS); // LOOP is set before the publisher is published
    return LOOP.get();
  }

  /** Subscribing once the isolate ended: onSubscribe, then onError, on the subscribing thread. */
  @Test
  void subscribingAfterTheIsolateEndedIsAnError() {
    Flow.Publisher<Integer> publisher = Dart.run(() -> FlowStreams.toPublisher(DStream.value(1)));
    RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>(null);
    publisher.subscribe(subscriber);
    assertEquals(
        List.of(
            "subscribe off isolate",
            "error IllegalStateException: The stream's isolate has ended off isolate"),
        subscriber.signals());
  }

  /** A second subscriber of a single-subscription stream gets the second listen's error. */
  @DartTest
  void aSecondSubscriberOfASingleSubscriptionStreamGetsOnError() {
    Flow.Publisher<Integer> publisher = FlowStreams.toPublisher(DStream.value(1));
    RecordingSubscriber<Integer> first = new RecordingSubscriber<>(Testing.currentIsolate());
    RecordingSubscriber<Integer> second = new RecordingSubscriber<>(Testing.currentIsolate());
    publisher.subscribe(first);
    publisher.subscribe(second);
    first.subscription().request(1);
    settle();
    assertEquals(List.of("subscribe", "next 1", "complete"), first.signals());
    assertEquals(
        List.of("subscribe", "error StateError: Stream has already been listened to."),
        second.signals());
  }

  @Test
  void argumentsAreChecked() {
    assertEquals(
        "Invalid argument(s) (stream): Must not be null",
        Dart.run(() -> assertThrows(ArgumentError.class, () -> FlowStreams.toPublisher(null)))
            .toString());
    assertThrows(IllegalStateException.class, () -> FlowStreams.toPublisher(DStream.value(1)));
    Dart.run(
        () -> {
          Flow.Publisher<Integer> publisher = FlowStreams.toPublisher(DStream.value(1));
          assertThrows(NullPointerException.class, () -> publisher.subscribe(null));
        });
  }
}
