package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StackTrace;
import dev.dartasync.StreamSubscription;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Flow;

/**
 * The publisher of {@code FlowStreams.toPublisher}: each {@link Flow.Subscriber} gets its own
 * listen on the stream, made on the stream's isolate. All signals to the subscriber are made on
 * that isolate's thread; {@code subscribe}, {@code request} and {@code cancel} may be called from
 * any thread and are posted to it (on the isolate's own thread they act at once).
 */
public final class FlowSink<T> implements Flow.Publisher<T> {

  private final DStream<T> stream;
  private final EventLoop loop;

  private FlowSink(DStream<T> stream, EventLoop loop) {
    this.stream = stream;
    this.loop = loop;
  }

  public static <T> Flow.Publisher<T> publisher(DStream<T> stream) {
    Checks.notNull(stream, "stream");
    return new FlowSink<>(stream, EventLoop.require());
  }

  @Override
  public void subscribe(Flow.Subscriber<? super T> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber (Reactive Streams rule 1.9)");
    Link<T> link = new Link<>(subscriber, loop);
    onLoop(loop, new DroppableEvent() {
      @Override
      public void run() {
        link.start(stream);
      }

      @Override
      public void dropped() {
        link.rejectEnded();
      }
    });
  }

  /** Runs {@code action} now on the loop's thread, else posts it there. */
  static void onLoop(EventLoop loop, Runnable action) {
    if (loop.isOwnerThread()) {
      action.run();
    } else {
      loop.post(action);
    }
  }

  /** One subscriber's subscription: the demand, the items waiting for it, the Dart listen. */
  private static final class Link<T> implements Flow.Subscription {
    private static final Object DONE = new Object();

    private final Flow.Subscriber<? super T> subscriber;
    private final EventLoop loop;
    /** Set by cancel on any thread; checked before every signal. */
    private volatile boolean cancelled;

    // Confined to the isolate's thread.
    private StreamSubscription<T> source;
    private KeepAlive alive;
    private final ArrayDeque<T> waiting = new ArrayDeque<>();
    /** The error or {@link #DONE} that follows the waiting items; null while the stream goes on. */
    private Object terminal;
    private long demand;
    private boolean ended;
    private boolean draining;
    private boolean sourceCancelled;

    Link(Flow.Subscriber<? super T> subscriber, EventLoop loop) {
      this.subscriber = subscriber;
      this.loop = loop;
    }

    void start(DStream<T> stream) {
      alive = loop.keepAlive("FlowStreams.toPublisher: a subscriber is subscribed");
      try {
        subscriber.onSubscribe(this);
      } catch (RuntimeException | Error e) { // rule 2.13 broken: as if it cancelled
        IsolateStop.rethrowIfStop(e);
        end();
        throw e;
      }
      if (cancelled || ended) {
        end();
        return;
      }
      try {
        source = stream.listen(this::data, this::error, this::done, false);
      } catch (RuntimeException e) { // e.g. a second listen on a single-subscription stream
        end();
        subscriber.onError(e);
      }
    }

    void rejectEnded() {
      subscriber.onSubscribe(this);
      if (!cancelled) {
        subscriber.onError(new IllegalStateException("The stream's isolate has ended"));
      }
    }

    private void data(T item) {
      waiting.add(item);
      drain();
    }

    private void error(Throwable error, StackTrace stackTrace) {
      terminal = error;
      cancelSource();
      drain();
    }

    private void done() {
      terminal = DONE;
      drain();
    }

    /** Hands waiting items to the subscriber while there is demand, then the terminal signal. */
    private void drain() {
      if (draining || ended) {
        return;
      }
      draining = true;
      try {
        while (!ended && !cancelled && demand > 0 && !waiting.isEmpty()) {
          demand--;
          subscriber.onNext(waiting.poll());
        }
        if (cancelled) {
          return; // the cancel's own event ends the link and the Dart subscription
        }
        if (!ended && waiting.isEmpty() && terminal != null) {
          end();
          if (terminal instanceof Throwable t) {
            subscriber.onError(t);
          } else {
            subscriber.onComplete();
          }
        } else if (source != null && !ended) {
          // Pause while items wait for demand; resume once they all went out and more is wanted.
          if (!waiting.isEmpty() && !source.isPaused()) {
            source.pause();
          } else if (waiting.isEmpty() && demand > 0 && source.isPaused()) {
            source.resume();
          }
        }
      } catch (RuntimeException | Error e) {
        IsolateStop.rethrowIfStop(e);
        // The subscriber broke rule 2.13 by throwing: it is treated as cancelled; the error goes
        // on to the Dart handler that called us, and from there to the zone's uncaught handling.
        end();
        cancelSource();
        throw e;
      } finally {
        draining = false;
      }
    }

    private void cancelSource() {
      if (source != null && !sourceCancelled) {
        sourceCancelled = true;
        source.cancel();
      }
    }

    /** Ends this link: no more signals, the isolate no longer held. Idempotent. */
    private void end() {
      if (ended) {
        return;
      }
      ended = true;
      waiting.clear();
      alive.release();
    }

    @Override
    public void request(long n) {
      onLoop(loop, () -> requested(n));
    }

    private void requested(long n) {
      if (ended || cancelled) {
        return;
      }
      if (n <= 0) {
        end();
        cancelSource();
        subscriber.onError(
            new IllegalArgumentException(
                "Reactive Streams rule 3.9: request(n) needs n > 0, was " + n));
        return;
      }
      demand = demand + n < 0 ? Long.MAX_VALUE : demand + n; // rule 3.17: saturate
      drain();
    }

    @Override
    public void cancel() {
      if (cancelled) {
        return;
      }
      cancelled = true;
      onLoop(
          loop,
          () -> {
            end();
            cancelSource();
          });
    }
  }
}
