package dev.dartasync.internal;

import dev.dartasync.ArgumentError;
import dev.dartasync.AsyncError;
import dev.dartasync.DFuture;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.StackTrace;
import dev.dartasync.ThrowingRunnable;
import dev.dartasync.Timer;
import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.Tuple3;
import io.vavr.Tuple4;
import io.vavr.Tuple5;
import io.vavr.Tuple6;
import io.vavr.Tuple7;
import io.vavr.Tuple8;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The static side of {@link DFuture}: constructors and combinators, ported from Dart's
 * {@code future.dart} and {@code future_extensions.dart}.
 *
 * <p>Arguments are checked before anything is registered or scheduled, with Dart's
 * {@link ArgumentError#notNull(String)} text; an iterable of futures is read once, into a list,
 * and a null element fails the call naming its index ({@code futures[1]}).
 */
public final class Futures {
  private Futures() {}

  /** {@code body} as a Callable that returns null; {@code name} is the parameter for errors. */
  public static Callable<Void> callable(ThrowingRunnable body, String name) {
    Checks.notNull(body, name);
    return () -> {
      body.run();
      return null;
    };
  }

  /** {@link #callable(ThrowingRunnable, String)} for a parameter named {@code computation}. */
  public static Callable<Void> callable(ThrowingRunnable body) {
    return callable(body, "computation");
  }

  /**
   * The futures of an iterable argument, read once before anything is registered on them, so that
   * a null element fails the call with nothing registered. An exception thrown by the iteration
   * itself is kept in {@code iterationError} for the caller to raise where Dart's loop would have
   * (after the futures read before it got their listeners).
   */
  private record ReadFutures<F>(List<F> futures, Throwable iterationError) {}

  /**
   * Reads {@code futures}; see {@link ReadFutures}.
   *
   * @throws ArgumentError {@code Invalid argument(s) (futures): Must not be null}, or
   *     {@code (futures[i])} for a null element
   */
  private static <F extends DFuture<?>> ReadFutures<F> readFutures(Iterable<? extends F> futures) {
    Checks.notNull(futures, "futures");
    List<F> list = new ArrayList<>();
    Throwable iterationError = null;
    try {
      for (F future : futures) {
        list.add(future);
      }
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      iterationError = e;
    }
    for (int i = 0; i < list.size(); i++) {
      Checks.notNull(list.get(i), "futures[" + i + "]");
    }
    return new ReadFutures<>(list, iterationError);
  }

  /** An error a computation threw, after the current zone's errorCallback (Dart's VM does so). */
  private static AsyncError asyncError(Throwable e) {
    return ZoneErrors.caught(e);
  }

  public static <T> DFuture<T> run(Callable<T> computation) {
    Checks.notNull(computation, "computation");
    FutureImpl<T> result = new FutureImpl<>();
    Timer.run(
        () -> {
          Object value;
          try {
            value = computation.call();
          } catch (Throwable e) {
            IsolateStop.rethrowIfStop(e);
            result.completeError(asyncError(e));
            return;
          }
          result.completeWithValue(value);
        });
    return result;
  }

  public static <T> DFuture<T> value(T value) {
    return FutureImpl.immediate(value);
  }

  public static <T> DFuture<T> syncValue(T value) {
    EventLoop.require(); // A future belongs to an isolate's zone: refuse a thread of none.
    return FutureImpl.completed(value);
  }

  public static <T> DFuture<T> valueOf(DFuture<T> source) {
    if (source == null) {
      return value(null); // Java picks value(DFuture) for a null literal: Dart's Future.value(null).
    }
    return FutureImpl.immediateFuture(source);
  }

  public static <T> DFuture<T> error(Throwable error, StackTrace stackTrace) {
    Checks.notNull(error, "error");
    // Dart's Future.error: the current zone's errorCallback may replace the error.
    return FutureImpl.immediateError(ZoneErrors.intercept(ZoneImpl.current(), error, stackTrace));
  }

  public static <T> DFuture<T> sync(Callable<T> computation) {
    Checks.notNull(computation, "computation");
    T value;
    EventLoop loop = EventLoop.require();
    Body body = loop.enterCallback();
    try {
      value = computation.call();
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      return FutureImpl.immediateError(asyncError(e));
    } finally {
      EventLoop.exitCallback(body);
    }
    return FutureImpl.completed(value);
  }

  public static <T> DFuture<T> microtask(Callable<T> computation) {
    Checks.notNull(computation, "computation");
    FutureImpl<T> result = new FutureImpl<>();
    ZoneImpl.current()
        .scheduleMicrotask(
            () -> {
              Object value;
              try {
                value = computation.call();
              } catch (Throwable e) {
                IsolateStop.rethrowIfStop(e);
                result.completeError(asyncError(e));
                return;
              }
              result.completeWithValue(value);
            });
    return result;
  }

  /** Dart's Future.delayed; {@code computation} is optional (null completes with null). */
  public static <T> DFuture<T> delayed(Duration duration, Callable<T> computation) {
    Checks.notNull(duration, "duration");
    FutureImpl<T> result = new FutureImpl<>();
    new Timer(
        duration,
        () -> {
          if (computation == null) {
            result.completeWithValue(null);
            return;
          }
          Object value;
          try {
            value = computation.call();
          } catch (Throwable e) {
            IsolateStop.rethrowIfStop(e);
            result.completeError(asyncError(e));
            return;
          }
          result.completeWithValue(value);
        });
    return result;
  }

  // ---- Java interop ---------------------------------------------------------------------------

  public static <T> DFuture<T> fromCompletionStage(java.util.concurrent.CompletionStage<T> stage) {
    Checks.notNull(stage, "stage");
    EventLoop loop = EventLoop.require();
    FutureImpl<T> result = new FutureImpl<>();
    // Like pending I/O in Dart: the isolate waits for the outside world.
    KeepAlive pending = loop.keepAlive("DFuture.fromCompletionStage: the stage has not completed");
    stage.whenComplete(
        (value, error) -> {
          Throwable cause =
              error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                  ? error.getCause()
                  : error;
          Runnable completion =
              cause != null
                  ? () -> result.completeError(asyncError(cause))
                  : () -> result.completeWithValue(value);
          // Always an event, as Dart's I/O results are: also for a stage that was already complete.
          loop.post(LateCompletion.ofStage(completion, pending, value, cause));
        });
    return result;
  }

  // ---- Future.wait ----------------------------------------------------------------------------

  /** State shared by the callbacks of one Future.wait call. */
  private static final class WaitState<T> {
    List<T> values; // null once an error arrived
    int remaining;
    AsyncError error;
  }

  @SuppressWarnings("unchecked")
  public static <T> DFuture<List<T>> waitAll(
      Iterable<? extends DFuture<? extends T>> futures,
      boolean eagerError,
      Consumer<? super T> cleanUp) {
    ReadFutures<DFuture<? extends T>> read = readFutures(futures);
    FutureImpl<List<T>> result = new FutureImpl<>();
    WaitState<T> st = new WaitState<>();
    try {
      for (DFuture<? extends T> future : read.futures()) {
        int pos = st.remaining;
        future.then(
            (T value) -> {
              st.remaining--;
              if (st.values != null) {
                st.values.set(pos, value);
                if (st.remaining == 0) {
                  result.completeWithValue(new ArrayList<>(st.values));
                }
              } else {
                if (cleanUp != null && value != null) {
                  cleanUpLater(cleanUp, value);
                }
                if (st.remaining == 0 && !eagerError) {
                  result.completeError(st.error);
                }
              }
              return null;
            },
            (Throwable error, StackTrace stack) -> {
              st.remaining--;
              List<T> values = st.values;
              if (values != null) {
                if (cleanUp != null) {
                  for (T value : values) {
                    if (value != null) {
                      cleanUpLater(cleanUp, value);
                    }
                  }
                }
                st.values = null;
                AsyncError asyncError = new AsyncError(error, stack);
                if (st.remaining == 0 || eagerError) {
                  result.completeError(asyncError);
                } else {
                  st.error = asyncError;
                }
              } else if (st.remaining == 0 && !eagerError) {
                result.completeError(st.error);
              }
              return null;
            });
        st.remaining++; // After then(): a throwing registration is not counted.
      }
      if (read.iterationError() != null) {
        throw read.iterationError(); // Where Dart's for-in over the iterable would have thrown.
      }
      if (st.remaining == 0) {
        result.completeWithValue(new ArrayList<>());
        return result;
      }
      st.values = new ArrayList<>(Collections.nCopies(st.remaining, (T) null));
    } catch (Throwable e) {
      IsolateStop.rethrowIfStop(e);
      if (st.remaining == 0 || eagerError) {
        return error(e, null);
      }
      st.error = asyncError(e);
    }
    return result;
  }

  /** Dart runs each cleanUp in {@code Future.sync}: a throw becomes an uncaught async error. */
  private static <T> void cleanUpLater(Consumer<? super T> cleanUp, T value) {
    sync(
        () -> {
          cleanUp.accept(value);
          return null;
        });
  }

  // ---- record and iterable .wait ------------------------------------------------------------

  /** Builds the value tuple of a record wait from an array of slots. */
  @FunctionalInterface
  public interface TupleBuilder<R> {
    R build(Object[] slots);
  }

  @SuppressWarnings("unchecked")
  public static <R> R tuple(Object[] s) {
    return (R)
        switch (s.length) {
          case 2 -> Tuple.of(s[0], s[1]);
          case 3 -> Tuple.of(s[0], s[1], s[2]);
          case 4 -> Tuple.of(s[0], s[1], s[2], s[3]);
          case 5 -> Tuple.of(s[0], s[1], s[2], s[3], s[4]);
          case 6 -> Tuple.of(s[0], s[1], s[2], s[3], s[4], s[5]);
          case 7 -> Tuple.of(s[0], s[1], s[2], s[3], s[4], s[5], s[6]);
          case 8 -> Tuple.of(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]);
          default -> throw new IllegalArgumentException("a record wait takes 2 to 8 futures");
        };
  }

  /**
   * Dart's record {@code .wait}: a sync completer; every future gets a listener in position order;
   * waits for all; values as a tuple, or a ParallelWaitError of tuples whose default error is the
   * first by position.
   */
  public static <R> DFuture<R> recordWait(TupleBuilder<?> builder, DFuture<?>... futures) {
    for (int i = 0; i < futures.length; i++) {
      Checks.notNull(futures[i], "f" + (i + 1));
    }
    return collect(futures, builder);
  }

  public static <T> DFuture<List<T>> parallelWait(
      Iterable<? extends DFuture<? extends T>> futures) {
    // Dart's [for (var f in this) _FutureResult(f)]: read all before registering; throws through.
    ReadFutures<DFuture<? extends T>> read = readFutures(futures);
    if (read.iterationError() != null) {
      throw Sneaky.<RuntimeException>rethrow(read.iterationError());
    }
    List<DFuture<? extends T>> list = read.futures();
    if (list.isEmpty()) {
      return value(new ArrayList<>());
    }
    return collect(list.toArray(new DFuture<?>[0]), slots -> new ArrayList<>(Arrays.asList(slots)));
  }

  /**
   * The future of a record or iterable {@code .wait}: remembers the {@link ParallelWaitError} it
   * failed with, so that {@link #isWaitOf} can tell the error's own wait from any other future.
   */
  private static final class WaitFuture<R> extends FutureImpl<R> {
    ParallelWaitError failure;
  }

  /**
   * Whether {@code wait} is the future returned by the record or iterable wait that failed with
   * {@code error} (not merely a future that passed the same error on).
   */
  public static boolean isWaitOf(DFuture<?> wait, ParallelWaitError error) {
    return wait instanceof WaitFuture<?> w && w.failure == error;
  }

  private static <R> DFuture<R> collect(DFuture<?>[] futures, TupleBuilder<?> builder) {
    int n = futures.length;
    WaitFuture<R> result = new WaitFuture<>();
    Object[] values = new Object[n];
    AsyncError[] errors = new AsyncError[n];
    int[] pending = {n, 0}; // remaining, error count
    for (int i = 0; i < n; i++) {
      int pos = i;
      futures[i].then(
          value -> {
            values[pos] = value;
            ready(result, builder, values, errors, pending);
            return null;
          },
          (Throwable error, StackTrace stack) -> {
            errors[pos] = new AsyncError(error, stack);
            pending[1]++;
            ready(result, builder, values, errors, pending);
            return null;
          });
    }
    return result;
  }

  private static void ready(
      WaitFuture<?> result,
      TupleBuilder<?> builder,
      Object[] values,
      AsyncError[] errors,
      int[] pending) {
    if (--pending[0] > 0) {
      return;
    }
    if (pending[1] == 0) {
      result.completeWithValue(builder.build(values));
      return;
    }
    AsyncError defaultError = null;
    for (AsyncError e : errors) {
      if (e != null) {
        defaultError = e;
        break;
      }
    }
    ParallelWaitError error =
        new ParallelWaitError(
            builder.build(values), builder.build(errors), pending[1], defaultError);
    result.failure = error;
    result.completeError(new AsyncError(error, defaultError.stackTrace()));
  }

  // ---- any, forEach, doWhile ------------------------------------------------------------------

  @SuppressWarnings("unchecked")
  public static <T> DFuture<T> any(Iterable<? extends DFuture<? extends T>> futures) {
    ReadFutures<DFuture<? extends T>> read = readFutures(futures);
    FutureImpl<T> result = new FutureImpl<>();
    boolean[] done = new boolean[1];
    for (DFuture<? extends T> future : read.futures()) {
      future.then(
          value -> {
            if (!done[0]) {
              done[0] = true;
              result.completeWithValue(value);
            }
            return null;
          },
          (Throwable error, StackTrace stack) -> {
            if (!done[0]) {
              done[0] = true;
              result.completeError(new AsyncError(error, stack));
            }
            return null;
          });
    }
    if (read.iterationError() != null) {
      throw Sneaky.<RuntimeException>rethrow(read.iterationError()); // Dart's for-in throws here.
    }
    return result;
  }

  public static <T> DFuture<Void> forEach(Iterable<T> elements, Function<? super T, ?> action) {
    Checks.notNull(elements, "elements");
    Checks.notNull(action, "action");
    Iterator<T> iterator = elements.iterator();
    return doWhile(
        () -> {
          if (!iterator.hasNext()) {
            return false;
          }
          Object result = action.apply(iterator.next());
          if (result instanceof DFuture<?> f) {
            return f.then(ignored -> true);
          }
          return true;
        });
  }

  public static DFuture<Void> doWhile(Callable<?> action) {
    Checks.notNull(action, "action");
    FutureImpl<Void> done = new FutureImpl<>();
    new DoWhile(action, done).next.accept(true);
    return done;
  }

  /** The loop of Dart's doWhile: iterates synchronously, and across futures via then. */
  private static final class DoWhile {
    final Callable<?> action;
    final FutureImpl<Void> done;
    /** Dart's {@code nextIteration}: {@code iterate}, bound guarded to the current zone. */
    final Consumer<Boolean> next;

    DoWhile(Callable<?> action, FutureImpl<Void> done) {
      this.action = action;
      this.done = done;
      this.next = ZoneImpl.current().bindConsumerGuardedOwned(this::iterate);
    }

    @SuppressWarnings("unchecked")
    private void iterate(boolean keepGoing) {
      while (keepGoing) {
        Object result;
        EventLoop loop = done.loop();
        Body body = loop.enterCallback();
        try {
          result = action.call();
        } catch (Throwable e) {
          IsolateStop.rethrowIfStop(e);
          done.asyncCompleteError(asyncError(e));
          return;
        } finally {
          EventLoop.exitCallback(body);
        }
        if (result instanceof DFuture<?> f) {
          ((DFuture<Object>) f)
              .then(
                  value -> {
                    next.accept(asBoolean(value));
                    return null;
                  },
                  (Throwable error, StackTrace stack) -> {
                    done.completeError(new AsyncError(error, stack));
                    return null;
                  });
          return;
        }
        keepGoing = asBoolean(result);
      }
      done.completeWithValue(null);
    }

    private static boolean asBoolean(Object value) {
      if (value instanceof Boolean b) {
        return b;
      }
      throw new ArgumentError(
          "doWhile's action must return a Boolean or a DFuture<Boolean>, got "
              + (value == null ? "null" : value.getClass().getName()),
          "action");
    }
  }
}
