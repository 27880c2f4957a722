package dev.dartasync.examples.lecture;

import static dev.dartasync.Dart.async;
import static dev.dartasync.Dart.await;
import static dev.dartasync.Dart.print;
import static dev.dartasync.Dart.str;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import dev.dartasync.DartException;
import dev.dartasync.ParallelWaitError;
import dev.dartasync.examples.support.Stopwatch;
import io.vavr.Tuple2;
import java.time.Duration;

/**
 * Lecture, "Exercises", 2: load a profile (400 ms, fails) and a feed (250 ms) in parallel with the
 * record {@code .wait}, keep each value's type, and still show the feed when the profile fails.
 * "With a profile that throws after 400 ms and a feed that returns after 250 ms, our run printed
 * profile=null feed=12 after 405 ms." Each Dart line stands as a comment above the Java line that
 * ports it.
 */
public final class Exercise2 {
  private Exercise2() {}

  // class Profile {}
  record Profile(String name) {}

  // final sw = Stopwatch()..start();
  private static Stopwatch sw;

  // Future<Profile> loadProfile() async {
  static DFuture<Profile> loadProfile() {
    return async(
        () -> {
          //   await Future.delayed(const Duration(milliseconds: 400));
          await(DFuture.delayed(Duration.ofMillis(400)));
          //   throw Exception('profile service down');
          throw new DartException("profile service down");
          // }
        });
  }

  // Future<int> loadFeed() async {
  static DFuture<Integer> loadFeed() {
    return async(
        () -> {
          //   await Future.delayed(const Duration(milliseconds: 250));
          await(DFuture.delayed(Duration.ofMillis(250)));
          //   return 12;
          return 12;
          // }
        });
  }

  // void show(Profile? profile, int? feed) =>
  //     print('profile=$profile feed=$feed after ${sw.elapsedMilliseconds} ms');
  static void show(Profile profile, Integer feed) {
    print(str("profile=", profile, " feed=", feed, " after ", sw.elapsedMilliseconds(), " ms"));
  }

  // Future<void> main() async {
  public static void program() {
    sw = Stopwatch.started();
    //   try {
    //     final (profile, feed) = await (loadProfile(), loadFeed()).wait;
    // (Java names the wait's future before the try, so that the catch can read its typed values.)
    final DFuture<Tuple2<Profile, Integer>> both = DFuture.wait(loadProfile(), loadFeed());
    try {
      final Tuple2<Profile, Integer> result = await(both);
      //     show(profile, feed);
      show(result._1, result._2);
      //   } on ParallelWaitError<(Profile?, int?), (AsyncError?, AsyncError?)> catch (e) {
    } catch (ParallelWaitError e) { // Java erases the type arguments; the wait's future has them.
      //     final (profile, feed) = e.values;
      final Tuple2<Profile, Integer> values = e.valuesOf(both);
      //     show(profile, feed); // one of them may be null
      show(values._1, values._2); // one of them may be null
      //   }
    }
    // }
  }

  public static void main(String[] args) {
    Dart.runMain(Exercise2::program);
  }
}
