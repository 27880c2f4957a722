package dev.dartasync.zones;

import dev.dartasync.HandleUncaughtErrorHandler;
import dev.dartasync.ScheduleMicrotaskHandler;
import dev.dartasync.StackTrace;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Port of the SDK's tests/lib/async/catch_errors.dart helper {@code runZonedScheduleMicrotask}:
 * runs {@code body} in a zone whose scheduleMicrotask handler hands the (guarded) microtask to
 * {@code onScheduleMicrotask}, called in the parent zone, and whose uncaught errors, if {@code
 * onError} is given, go to {@code onError}, also in the parent zone.
 */
final class CatchErrors {
  private CatchErrors() {}

  static Object runZonedScheduleMicrotask(
      Callable<?> body, Consumer<Runnable> onScheduleMicrotask, Consumer<Throwable> onError) {
    HandleUncaughtErrorHandler errorHandler = null;
    if (onError != null) {
      errorHandler =
          (self, parent, zone, error, stackTrace) -> {
            try {
              self.parent()
                  .runUnary(
                      (Throwable e) -> {
                        onError.accept(e);
                        return null;
                      },
                      error);
            } catch (Throwable e) {
              if (e == error) {
                parent.handleUncaughtError(zone, error, stackTrace);
              } else {
                parent.handleUncaughtError(zone, e, StackTrace.of(e));
              }
            }
          };
    }
    ScheduleMicrotaskHandler asyncHandler =
        (self, parent, zone, f) ->
            self.parent()
                .runUnary(
                    (Runnable callback) -> {
                      onScheduleMicrotask.accept(callback);
                      return null;
                    },
                    (Runnable) () -> zone.runGuarded(f));
    ZoneSpecification specification =
        ZoneSpecification.builder()
            .handleUncaughtError(errorHandler)
            .scheduleMicrotask(asyncHandler)
            .build();
    Zone zone = Zone.current().fork(specification);
    if (onError != null) {
      zone.runGuarded(
          () -> {
            try {
              body.call();
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          });
      return null;
    }
    return zone.run(body);
  }
}
