package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.lang.ref.WeakReference;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 6: a completed {@code then} listener kept its callback, and everything the callback
 * captured, reachable for as long as its result future lived (seen: a 64 MB capture kept). Callback
 * references are cleared once they ran, as CompletableFuture does.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RetentionTest {

  @Test
  void aListenerThatRanNoLongerHoldsWhatItsCallbackCaptured() {
    Object[] kept = new Object[1];
    WeakReference<byte[]> capture =
        Dart.run(
            () -> {
              byte[] big = new byte[8 << 20];
              WeakReference<byte[]> ref = new WeakReference<>(big);
              DFuture<Integer> result = DFuture.value(1).then(v -> v + big.length);
              DFuture<Integer> caught =
                  DFuture.<Integer>error(new IllegalStateException("x"))
                      .catchError(e -> big.length);
              DFuture<Integer> whenDone = DFuture.value(2).whenComplete(() -> big.clone());
              assertEquals(1 + (8 << 20), await(result));
              await(caught);
              await(whenDone);
              kept[0] = new Object[] {result, caught, whenDone}; // The futures stay reachable.
              return ref;
            });
    for (int i = 0; i < 20 && capture.get() != null; i++) {
      System.gc();
    }
    assertNull(capture.get(), "a completed listener still holds its callback's capture");
    assertEquals(3, ((Object[]) kept[0]).length);
  }
}
