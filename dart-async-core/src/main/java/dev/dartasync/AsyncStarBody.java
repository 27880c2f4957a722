package dev.dartasync;

/**
 * The body of a Dart {@code async*} function, run by {@link Dart#asyncStar(AsyncStarBody)}: it
 * emits events through {@code sink} ({@link AsyncStarSink#yield}, {@link AsyncStarSink#yieldAll})
 * and may {@link Dart#await} anything. Returning ends the stream (done event); a throw becomes an
 * error event followed by done.
 */
@FunctionalInterface
public interface AsyncStarBody<T> {
  /**
   * Runs the body.
   *
   * @throws Exception anything: it becomes the stream's error event, followed by done
   */
  void run(AsyncStarSink<T> sink) throws Exception;
}
