package dev.dartasync.examples.support;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;

import dev.dartasync.DFuture;
import dev.dartasync.StreamIterator;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import java.util.function.Function;

/**
 * A long-lived isolate answering requests, the lecture's "Isolate.spawn + SendPort" for repeated
 * work: spawned once, then each {@link #request} sends a message to it (a copy, made on the calling
 * isolate) and awaits its answer (a copy too). One request at a time: answers come back in order.
 *
 * <p>Used on the isolate that spawned it, from async bodies. {@link #close()} it, or its reply port
 * keeps this isolate alive.
 */
public final class Worker {

  /** What the new isolate gets: how to answer, and where to send answers. */
  private record Start(Function<Object, Object> handler, SendPort replies) {}

  /** Tells the worker to close its port, so that its isolate ends. */
  private record Stop() {}

  private final SendPort requests;
  private final ReceivePort replies;
  private final StreamIterator<Object> answers;

  private Worker(SendPort requests, ReceivePort replies, StreamIterator<Object> answers) {
    this.requests = requests;
    this.replies = replies;
    this.answers = answers;
  }

  /**
   * Spawns a worker that answers each request with {@code handler.apply(request)}. The handler is
   * sent to the new isolate: it must be sendable (a method reference to a static method is). The
   * future completes once the worker is ready to answer.
   */
  public static DFuture<Worker> spawn(Function<Object, Object> handler) {
    return async(
        () -> {
          ReceivePort replies = new ReceivePort();
          await(Isolate.spawn(Worker::serve, new Start(handler, replies.sendPort())));
          StreamIterator<Object> answers = new StreamIterator<>(replies);
          await(answers.moveNext()); // The worker's first message: the port it listens on.
          return new Worker((SendPort) answers.current(), replies, answers);
        });
  }

  /** The worker isolate's entry point. */
  private static void serve(Start start) {
    ReceivePort requests = new ReceivePort();
    start.replies().send(requests.sendPort());
    requests.listen(
        message -> {
          if (message instanceof Stop) {
            requests.close();
          } else {
            start.replies().send(start.handler().apply(message));
          }
        });
  }

  /**
   * Sends {@code message} (copied now, on the calling isolate, before this returns) and completes
   * with the worker's answer.
   */
  public DFuture<Object> request(Object message) {
    requests.send(message);
    return async(
        () -> {
          await(answers.moveNext());
          return answers.current();
        });
  }

  /** Ends the worker and closes the reply port. */
  public void close() {
    requests.send(new Stop());
    answers.cancel().ignore();
    replies.close();
  }
}
