package dev.dartasync;

import dev.dartasync.internal.Checks;
import java.util.function.Consumer;

/**
 * A named argument of Dart's {@code Future.wait}: {@code eagerError:} or {@code cleanUp:}. Passed
 * after the futures, in any order, each at most once:
 *
 * <pre>{@code
 * // Dart:  await Future.wait([a, b], eagerError: true, cleanUp: (r) => r.close());
 * import static dev.dartasync.WaitOption.*;
 * await(DFuture.wait(List.of(a, b), eagerError(true), cleanUp(r -> r.close())));
 * }</pre>
 *
 * <p>An option that is not given has Dart's default: {@code eagerError: false}, no
 * {@code cleanUp}. See {@link DFuture#wait(Iterable, WaitOption[])} for what each does and when.
 *
 * @param <T> the value type the option accepts ({@code Object} for {@code eagerError})
 */
public final class WaitOption<T> {

  private final String name;
  private final boolean eagerError;
  private final Consumer<? super T> cleanUp;

  private WaitOption(String name, boolean eagerError, Consumer<? super T> cleanUp) {
    this.name = name;
    this.eagerError = eagerError;
    this.cleanUp = cleanUp;
  }

  /**
   * Dart's {@code eagerError: value}: with {@code true} the wait fails as soon as the first error
   * arrives (the other futures keep running); with {@code false} (Dart's default) it waits for all
   * futures and then fails with the first error in time order.
   *
   * @param eagerError whether to fail at the first error
   * @return the option
   */
  public static WaitOption<Object> eagerError(boolean eagerError) {
    return new WaitOption<>("eagerError", eagerError, null);
  }

  /**
   * Dart's {@code cleanUp: (value) => ...}: when the wait fails, {@code cleanUp} is called with
   * every non-null value that succeeded: the earlier ones when the first error arrives, later
   * ones as they arrive. Each call runs like {@code Future.sync}: an error it throws is uncaught
   * in the current zone, it does not change the wait's result. A {@code null} cleanUp is Dart's
   * {@code cleanUp: null}: no clean-up.
   *
   * @param cleanUp the action for each successful value, or {@code null}
   * @param <T> the value type of the waited-for futures
   * @return the option
   */
  public static <T> WaitOption<T> cleanUp(Consumer<? super T> cleanUp) {
    return new WaitOption<>("cleanUp", false, cleanUp);
  }

  /** The options of one wait call, read and validated. */
  record Resolved<T>(boolean eagerError, Consumer<? super T> cleanUp) {}

  /**
   * Reads the options of one call: each at most once, none null.
   *
   * @throws ArgumentError {@code Invalid argument(s) (options[1]): Must not be null}, or
   *     {@code Invalid argument(s) (options): The argument for the named parameter 'eagerError' was
   *     already specified.}
   */
  @SuppressWarnings("unchecked")
  static <T> Resolved<T> resolve(WaitOption<? super T>[] options) {
    Checks.notNull(options, "options");
    boolean eagerError = false;
    Consumer<? super T> cleanUp = null;
    boolean eagerGiven = false;
    boolean cleanUpGiven = false;
    for (int i = 0; i < options.length; i++) {
      WaitOption<? super T> option = Checks.notNull(options[i], "options[" + i + "]");
      boolean isEager = option.name.equals("eagerError");
      if (isEager ? eagerGiven : cleanUpGiven) {
        throw new ArgumentError(
            "The argument for the named parameter '" + option.name + "' was already specified.",
            "options");
      }
      if (isEager) {
        eagerGiven = true;
        eagerError = option.eagerError;
      } else {
        cleanUpGiven = true;
        // A Consumer of a supertype of T accepts every T.
        cleanUp = (Consumer<? super T>) option.cleanUp;
      }
    }
    return new Resolved<>(eagerError, cleanUp);
  }

  /** The option as Dart writes it, e.g. {@code eagerError: true}. */
  @Override
  public String toString() {
    return name + ": " + (name.equals("eagerError") ? eagerError : cleanUp);
  }
}
